import { Migration } from '@mikro-orm/migrations';

/**
 * One table for the four production queues (building, research, recruitment, defense): they share
 * timing, payment, cancel and completion. A row stays after it completes: research rows are the
 * player's technology history (a level is the highest target reached by a given time).
 */
export class Migration0010EconomyQueues extends Migration {
  override name = '0010-economy-queues';

  override up(): void {
    this.addSql(`
      create table queue_items (
        id uuid primary key,
        kind varchar(16) not null check (kind in ('building', 'research', 'recruitment', 'defense')),
        user_id integer not null references users (id) on delete cascade,
        territory_id integer null references territories (id) on delete cascade,
        item_key varchar(64) not null,
        target_level integer null check (target_level > 0),
        quantity integer null check (quantity > 0),
        duration_per_item_s integer null check (duration_per_item_s > 0),
        paid jsonb not null default '{}',
        created_at timestamptz not null default now(),
        start_time timestamptz not null,
        end_time timestamptz not null,
        completed_at timestamptz null,
        check (end_time >= start_time),
        check ((kind in ('building', 'research')) = (target_level is not null)),
        check ((kind in ('recruitment', 'defense')) = (quantity is not null and duration_per_item_s is not null)),
        check (kind = 'research' or territory_id is not null)
      );
      create index queue_items_territory on queue_items (territory_id, kind, end_time);
      create index queue_items_user on queue_items (user_id, kind, end_time);
      create index queue_items_due on queue_items (end_time) where completed_at is null;
    `);
  }
}

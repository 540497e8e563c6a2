import { Migration } from '@mikro-orm/migrations';

/**
 * Fleets in flight or stationed at an ally (GAME-RULES "Fleets"). A row lives while the fleet is
 * away from home: dispatch inserts it, each arrival either turns it around (mission RETURN), keeps it
 * stationed (arrival_time null) or deletes it. `leg` counts the arrivals scheduled for it: the arrival
 * job carries the leg it was scheduled for, so a job left behind by a recall, or run twice, finds a
 * different leg (or no row) and changes nothing.
 */
export class Migration0040Movements extends Migration {
  override name = '0040-movements';

  override up(): void {
    this.addSql(`
      create table movements (
        id uuid primary key,
        user_id integer not null references users (id) on delete cascade,
        mission text not null check (mission in ('TRANSPORT', 'ATTACK', 'COLONIZE', 'EXPLORATION', 'SPY', 'SALVAGE', 'STATION', 'MULTI_PARTY_ATTACK_INITIATOR', 'MULTI_PARTY_ATTACK_PARTICIPANT', 'ALLIED_STATIONED', 'ALLIED_STATIONING_PENDING', 'RETURN')),
        original_mission text check (original_mission in ('TRANSPORT', 'ATTACK', 'COLONIZE', 'EXPLORATION', 'SPY', 'SALVAGE', 'STATION', 'MULTI_PARTY_ATTACK_INITIATOR', 'MULTI_PARTY_ATTACK_PARTICIPANT', 'ALLIED_STATIONED', 'ALLIED_STATIONING_PENDING', 'RETURN')),
        start_territory_id integer references territories (id) on delete set null,
        start_region integer not null check (start_region between 1 and 961),
        start_sub_region integer not null check (start_sub_region between 1 and 961),
        start_position integer not null check (start_position between 1 and 25),
        target_territory_id integer references territories (id) on delete set null,
        target_region integer not null check (target_region between 1 and 961),
        target_sub_region integer not null check (target_sub_region between 1 and 961),
        target_position integer not null check (target_position between 1 and 25),
        target_owner_id integer references users (id) on delete set null,
        units jsonb not null default '{}',
        resources jsonb not null default '{}',
        fuel_paid integer not null default 0,
        one_way_seconds integer not null check (one_way_seconds >= 1),
        exploration_duration_hours double precision,
        start_time timestamptz not null,
        arrival_time timestamptz,
        leg integer not null default 0,
        created_at timestamptz not null default now()
      );
      create index movements_user on movements (user_id);
      create index movements_target_territory on movements (target_territory_id);
      create index movements_due on movements (arrival_time) where arrival_time is not null;
    `);
  }
}

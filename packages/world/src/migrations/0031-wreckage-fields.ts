import { Migration } from '@mikro-orm/migrations';

/**
 * Debris left by battles (GAME-RULES: 30% of destroyed unit cost, merged with a field already at the
 * position, gone after 72 h). One field per position, so combat merges with an upsert on the position.
 */
export class Migration0031WreckageFields extends Migration {
  override name = '0031-wreckage-fields';

  override up(): void {
    this.addSql(`
      create table wreckage_fields (
        id serial primary key,
        region integer not null check (region between 1 and 961),
        sub_region integer not null check (sub_region between 1 and 961),
        position integer not null check (position between 1 and 25),
        resources jsonb not null default '{}',
        created_at timestamptz not null default now(),
        expires_at timestamptz not null,
        constraint wreckage_fields_position_unique unique (region, sub_region, position)
      );
      create index wreckage_fields_expiry on wreckage_fields (expires_at);
    `);
  }
}

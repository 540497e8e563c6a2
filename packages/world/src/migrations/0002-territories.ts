import { Migration } from '@mikro-orm/migrations';

export class Migration0002Territories extends Migration {
  override name = '0002-territories';

  override up(): void {
    this.addSql(`
      create table territories (
        id serial primary key,
        owner_id integer null references users (id) on delete cascade,
        name varchar(32) not null,
        region integer not null check (region between 1 and 961),
        sub_region integer not null check (sub_region between 1 and 961),
        position integer not null check (position between 1 and 25),
        resources jsonb not null default '{}',
        resources_updated_at timestamptz not null default now(),
        structures jsonb not null default '{}',
        units jsonb not null default '{}',
        defenses jsonb not null default '{}',
        created_at timestamptz not null default now(),
        constraint territories_position_unique unique (region, sub_region, position)
      );
      create index territories_owner on territories (owner_id);
    `);
  }
}

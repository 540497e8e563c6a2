import { Migration } from '@mikro-orm/migrations';

export class Migration0052HallOfFame extends Migration {
  override name = '0052-hall-of-fame';

  override up(): void {
    this.addSql(`
      -- Notable battles (written by the battle resolution through addHallOfFameEntry). Names are kept
      -- on the entry so it outlives the players' accounts.
      create table hall_of_fame_entries (
        id serial primary key,
        attacker_user_id integer null references users (id) on delete set null,
        attacker_username varchar(50) not null,
        defender_user_id integer null references users (id) on delete set null,
        defender_username varchar(50) not null,
        outcome varchar(32) not null,
        total_unit_value double precision not null,
        combat_timestamp timestamptz not null,
        combat_log_data jsonb not null,
        created_at timestamptz not null default now()
      );
      create index hall_of_fame_by_value on hall_of_fame_entries (total_unit_value desc, id);

      create table hall_of_fame_comments (
        id serial primary key,
        entry_id integer not null references hall_of_fame_entries (id) on delete cascade,
        user_id integer not null references users (id) on delete cascade,
        comment_text varchar(1000) not null,
        created_at timestamptz not null
      );
      create index hall_of_fame_comments_entry on hall_of_fame_comments (entry_id, created_at desc, id desc);
      -- The one-comment-an-hour check reads a player's latest comment.
      create index hall_of_fame_comments_user on hall_of_fame_comments (user_id, created_at desc);
    `);
  }
}

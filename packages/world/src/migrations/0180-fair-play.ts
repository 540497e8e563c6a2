import { Migration } from '@mikro-orm/migrations';

/**
 * Fair play (docs/game-rules.md "Fair play"): when each player was last active (a sign-in, or any
 * signed-in call at most once every few minutes), when their vacation started, and the attacks each
 * player launched at each territory, for the bash limit (attacks on an inactive owner are not
 * recorded: they are not counted). Launches older than any window are removed by the same insert's
 * caller, so the table stays small.
 */
export class Migration0180FairPlay extends Migration {
  override name = '0180-fair-play';

  override up(): void {
    this.addSql(`
      alter table users
        add column last_active_at timestamptz null,
        add column vacation_since timestamptz null;
      update users set last_active_at = coalesce(last_login_at, created_at);
      create index users_vacation on users (vacation_since) where vacation_since is not null;

      create table attack_launches (
        id bigserial primary key,
        user_id integer not null references users (id) on delete cascade,
        territory_id integer not null references territories (id) on delete cascade,
        launched_at timestamptz not null
      );
      create index attack_launches_target on attack_launches (territory_id, user_id, launched_at);
    `);
  }
}

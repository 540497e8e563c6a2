import { Migration } from '@mikro-orm/migrations';

/**
 * Web Push (issue 29): a player's subscriptions (one per browser, its endpoint unique: a browser that
 * subscribes again for another player moves to them), their switches per kind (absent: the defaults of
 * `PUSH_KINDS`), and each player's last visit for the while-you-were-away card.
 */
export class Migration0200Push extends Migration {
  override name = '0200-push';

  override up(): void {
    this.addSql(`
      create table push_subscriptions (
        id bigserial primary key,
        user_id integer not null references users (id) on delete cascade,
        endpoint varchar(1000) not null unique,
        p256dh varchar(200) not null,
        auth varchar(100) not null,
        created_at timestamptz not null default now()
      );
      create index push_subscriptions_user on push_subscriptions (user_id);
      create table push_preferences (
        user_id integer primary key references users (id) on delete cascade,
        switches jsonb not null default '{}'
      );
      -- last_seen_at: when the player's web app last said it was open, and the rank then; away_from and
      -- away_rank: the visit before an absence of more than an hour, kept until the card is dismissed.
      create table player_visits (
        user_id integer primary key references users (id) on delete cascade,
        last_seen_at timestamptz not null,
        last_seen_rank integer null,
        away_from timestamptz null,
        away_until timestamptz null,
        away_rank integer null
      );
    `);
  }
}

import { Migration } from '@mikro-orm/migrations';

export class Migration0001Accounts extends Migration {
  override name = '0001-accounts';

  override up(): void {
    this.addSql(`
      create table users (
        id serial primary key,
        username varchar(50) not null,
        email varchar(254) not null,
        password_hash varchar(255) not null,
        avatar_id integer not null default 1,
        score double precision not null default 0,
        is_test_account boolean not null default false,
        expires_at timestamptz null,
        created_at timestamptz not null default now()
      );
      create unique index users_username_lower_unique on users (lower(username));
      create unique index users_email_lower_unique on users (lower(email));
      create index users_guest_expiry on users (expires_at) where is_test_account;
    `);
  }
}

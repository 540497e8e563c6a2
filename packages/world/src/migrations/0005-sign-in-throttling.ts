import { Migration } from '@mikro-orm/migrations';

/**
 * Sign-ups of both kinds counted per address (guests and full accounts), failed sign-ins counted per
 * account and address pair, and the addresses an account has signed in from (exempt from its slowdown).
 */
export class Migration0005SignInThrottling extends Migration {
  override name = '0005-sign-in-throttling';

  override up(): void {
    this.addSql(`
      alter table guest_signups rename to signups;
      alter table signups add column kind varchar(16) not null default 'guest';
      alter table signups alter column kind drop default;
      alter table signups add constraint signups_kind check (kind in ('guest', 'account'));
      drop index guest_signups_ip;
      create index signups_kind_ip on signups (kind, ip, created_at desc);

      create index login_attempts_pair on login_attempts (identifier, ip, attempted_at desc);
      create table login_known_addresses (
        user_id integer not null references users (id) on delete cascade,
        ip varchar(64) not null,
        last_success_at timestamptz not null,
        primary key (user_id, ip)
      );
      create index login_known_addresses_last_success on login_known_addresses (last_success_at);
    `);
  }
}

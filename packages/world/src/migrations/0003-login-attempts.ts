import { Migration } from '@mikro-orm/migrations';

export class Migration0003LoginAttempts extends Migration {
  override name = '0003-login-attempts';

  override up(): void {
    this.addSql(`
      create table login_attempts (
        id bigserial primary key,
        identifier varchar(254) not null,
        ip varchar(64) not null,
        attempted_at timestamptz not null
      );
      create index login_attempts_identifier on login_attempts (identifier, attempted_at desc);
      create index login_attempts_ip on login_attempts (ip, attempted_at desc);
    `);
  }
}

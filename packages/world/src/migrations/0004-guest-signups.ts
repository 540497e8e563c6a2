import { Migration } from '@mikro-orm/migrations';

export class Migration0004GuestSignups extends Migration {
  override name = '0004-guest-signups';

  override up(): void {
    this.addSql(`
      create table guest_signups (
        id bigserial primary key,
        ip varchar(64) not null,
        created_at timestamptz not null
      );
      create index guest_signups_ip on guest_signups (ip, created_at desc);
    `);
  }
}

import { Migration } from '@mikro-orm/migrations';

export class Migration0020Notifications extends Migration {
  override name = '0020-notifications';

  override up(): void {
    this.addSql(`
      create table notifications (
        id uuid primary key,
        user_id integer not null references users (id) on delete cascade,
        message_type varchar(64) not null,
        title varchar(200) not null,
        content jsonb null,
        is_read boolean not null default false,
        related_object_id varchar(64) null,
        created_at timestamptz not null default now()
      );
      -- The list is newest first per user; the unread count and the unread-only list read the partial index.
      create index notifications_user_created on notifications (user_id, created_at desc, id desc);
      create index notifications_user_unread on notifications (user_id, created_at desc) where not is_read;
    `);
  }
}

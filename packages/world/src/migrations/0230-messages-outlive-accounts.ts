import { Migration } from '@mikro-orm/migrations';

/**
 * A deleted account's messages stay with the other side (docs/privacy.md): the sender or recipient of
 * a message, and the sender of a send, become null (shown as 'deleted player') instead of taking the
 * other player's copy with them. Account removal deletes the rows no living side keeps.
 */
export class Migration0230MessagesOutliveAccounts extends Migration {
  override name = '0230-messages-outlive-accounts';

  override up(): void {
    this.addSql(`
      alter table message_sends alter column sender_id drop not null,
        drop constraint message_sends_sender_id_fkey,
        add constraint message_sends_sender_id_fkey foreign key (sender_id) references users (id) on delete set null;
      alter table messages alter column sender_id drop not null, alter column recipient_id drop not null,
        drop constraint messages_sender_id_fkey,
        add constraint messages_sender_id_fkey foreign key (sender_id) references users (id) on delete set null,
        drop constraint messages_recipient_id_fkey,
        add constraint messages_recipient_id_fkey foreign key (recipient_id) references users (id) on delete set null;
    `);
  }
}

import { Migration } from '@mikro-orm/migrations';

/**
 * Players talk (docs/game-rules.md "Messages and buddies"): private messages and alliance circulars,
 * one row per recipient, each side deleting only its own copy; a send row per message or circular that
 * the rate limits count; blocks, buddies, reports to operators; and when each player was last active
 * (buddies see each other 'online'). Player search reads trigram and prefix indexes on the name.
 */
export class Migration0190PlayerMessages extends Migration {
  override name = '0190-player-messages';

  override up(): void {
    this.addSql(`
      create index users_username_trgm on users using gin (username gin_trgm_ops);
      -- In the C collation a btree serves both LIKE 'text%' and the order by name the search reads.
      create index users_username_prefix on users ((lower(username) collate "C"));

      -- One send: a private message or a circular (many rows of messages). The rate limits count these.
      create table message_sends (
        id bigserial primary key,
        sender_id integer not null references users (id) on delete cascade,
        created_at timestamptz not null
      );
      create index message_sends_sender on message_sends (sender_id, created_at desc);
      create index message_sends_created on message_sends (created_at);

      create table messages (
        id bigserial primary key,
        send_id bigint not null references message_sends (id) on delete cascade,
        sender_id integer not null references users (id) on delete cascade,
        recipient_id integer not null references users (id) on delete cascade,
        subject text not null,
        body text not null,
        is_circular boolean not null default false,
        is_read boolean not null default false,
        -- Each side deletes its own copy; a blocked sender's message is stored deleted for the recipient.
        sender_deleted boolean not null default false,
        recipient_deleted boolean not null default false,
        created_at timestamptz not null
      );
      create index messages_inbox on messages (recipient_id, created_at desc, id desc) where not recipient_deleted;
      create index messages_unread on messages (recipient_id) where not recipient_deleted and not is_read;
      create index messages_sent on messages (sender_id, created_at desc, id desc) where not sender_deleted;
      create index messages_send on messages (send_id);

      create table player_blocks (
        blocker_id integer not null references users (id) on delete cascade,
        blocked_id integer not null references users (id) on delete cascade,
        created_at timestamptz not null,
        primary key (blocker_id, blocked_id),
        check (blocker_id <> blocked_id)
      );

      -- A request until accepted_at is set; one row per pair, whoever asked.
      create table buddies (
        id bigserial primary key,
        requester_id integer not null references users (id) on delete cascade,
        addressee_id integer not null references users (id) on delete cascade,
        accepted_at timestamptz null,
        created_at timestamptz not null,
        check (requester_id <> addressee_id)
      );
      create unique index buddies_pair on buddies (least(requester_id, addressee_id), greatest(requester_id, addressee_id));
      create index buddies_addressee on buddies (addressee_id);

      -- A reported message, copied with its context so the report outlives the message and the retention job.
      create table message_reports (
        id bigserial primary key,
        message_id bigint null references messages (id) on delete set null,
        reporter_id integer null references users (id) on delete set null,
        reported_id integer null references users (id) on delete set null,
        reporter_username varchar(50) not null,
        reported_username varchar(50) not null,
        subject text not null,
        body text not null,
        sent_at timestamptz not null,
        context jsonb not null default '[]',
        status varchar(12) not null default 'OPEN' check (status in ('OPEN', 'DISMISSED', 'ACTED')),
        created_at timestamptz not null,
        resolved_at timestamptz null
      );
      create unique index message_reports_once on message_reports (message_id, reporter_id) where message_id is not null;
      create index message_reports_open on message_reports (created_at) where status = 'OPEN';
    `);
  }
}

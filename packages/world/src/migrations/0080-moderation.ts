import { Migration } from '@mikro-orm/migrations';

/**
 * The moderation console (docs/operations.md "Moderation"): the operator role and suspensions on the
 * account, the addresses it signed up and last signed in from (multi-account signals), an append-only
 * audit log of operators' actions, and a ledger of resources delivered from one player to another
 * (pushing), kept by a trigger on movements so no fleet code has to remember it.
 */
export class Migration0080Moderation extends Migration {
  override name = '0080-moderation';

  override up(): void {
    this.addSql(`
      alter table users
        add column is_operator boolean not null default false,
        add column suspended_at timestamptz null,
        add column suspension_reason varchar(500) null,
        add column signup_ip varchar(64) null,
        add column last_login_ip varchar(64) null,
        add column last_login_at timestamptz null;
      create index users_signup_ip on users (signup_ip) where signup_ip is not null;
      create index users_last_login_ip on users (last_login_ip) where last_login_ip is not null;
      create index login_known_addresses_ip on login_known_addresses (ip);
      -- The console opens a battle's report from its id through the reports the players received.
      create index notifications_battle_reports on notifications (related_object_id)
        where message_type in ('COMBAT_REPORT', 'DEFENSE_REPORT');

      -- Who did what to whom and why. Names are copied in so an entry outlives the accounts it names;
      -- the trigger below refuses every update, delete and truncate, for every database user.
      create table moderation_audit (
        id bigserial primary key,
        at timestamptz not null default now(),
        operator_id integer null,
        operator_name varchar(50) not null,
        action varchar(40) not null,
        target_kind varchar(20) not null,
        target_id varchar(64) not null,
        target_label varchar(200) not null,
        reason varchar(500) not null check (length(btrim(reason)) > 0),
        details jsonb not null default '{}'
      );
      create index moderation_audit_at on moderation_audit (at desc, id desc);
      create index moderation_audit_target on moderation_audit (target_kind, target_id, at desc);

      create function moderation_audit_append_only() returns trigger language plpgsql as $$
      begin
        raise exception 'moderation_audit is append-only: % refused', tg_op using errcode = 'insufficient_privilege';
      end $$;
      create trigger moderation_audit_no_update before update or delete on moderation_audit
        for each row execute function moderation_audit_append_only();
      create trigger moderation_audit_no_truncate before truncate on moderation_audit
        for each statement execute function moderation_audit_append_only();

      -- A transport that delivered its cargo to another player's territory: the arrival turns the
      -- TRANSPORT leg into RETURN and empties its resources in one update (a recall keeps the cargo).
      create table transport_deliveries (
        id bigserial primary key,
        movement_id uuid not null,
        sender_id integer not null references users (id) on delete cascade,
        receiver_id integer not null references users (id) on delete cascade,
        territory_id integer null references territories (id) on delete set null,
        resources jsonb not null,
        delivered_at timestamptz not null
      );
      create index transport_deliveries_pair on transport_deliveries (sender_id, receiver_id, delivered_at desc);
      create index transport_deliveries_receiver on transport_deliveries (receiver_id, sender_id);

      create function record_transport_delivery() returns trigger language plpgsql as $$
      declare receiver integer;
      begin
        select owner_id into receiver from territories where id = new.target_territory_id;
        if receiver is not null and receiver <> new.user_id then
          insert into transport_deliveries (movement_id, sender_id, receiver_id, territory_id, resources, delivered_at)
          values (new.id, new.user_id, receiver, new.target_territory_id, old.resources, new.start_time);
        end if;
        return null;
      end $$;
      create trigger movements_transport_delivered after update on movements
        for each row
        when (old.mission = 'TRANSPORT' and new.mission = 'RETURN' and new.resources = '{}'::jsonb and old.resources <> '{}'::jsonb)
        execute function record_transport_delivery();
    `);
  }
}

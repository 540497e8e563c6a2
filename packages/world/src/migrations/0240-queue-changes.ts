import { Migration } from '@mikro-orm/migrations';

/**
 * Every change to what a queue read answers NOTIFYs `queue_changes` on commit, whoever writes it (an
 * api's command, the worker, an operator's psql): an item queued, cancelled, removed or moved in
 * time (vacation) names its territory (`t` and the id) and its player (`u` and the id), and a
 * territory that changes hands or goes names itself. A completion, which only sets `completed_at`,
 * names nothing: the reads answer the items whose end is still to come, by their end time. Each api
 * process LISTENs and drops what it kept of those queues (packages/world/src/kernel/kept-reads.ts),
 * so the polls of the queue panel need not read them every 15 s. The channel's name is
 * QUEUE_CHANGES_CHANNEL (events.ts).
 */
export class Migration0240QueueChanges extends Migration {
  override name = '0240-queue-changes';

  override up(): void {
    this.addSql(`
      create function notify_queue_item_changed() returns trigger language plpgsql as $$
      begin
        if tg_op = 'TRUNCATE' then
          perform pg_notify('queue_changes', '*');
          return null;
        end if;
        if tg_op <> 'INSERT' then
          if old.territory_id is not null then perform pg_notify('queue_changes', 't' || old.territory_id); end if;
          perform pg_notify('queue_changes', 'u' || old.user_id);
        end if;
        if tg_op <> 'DELETE' then
          if new.territory_id is not null then perform pg_notify('queue_changes', 't' || new.territory_id); end if;
          perform pg_notify('queue_changes', 'u' || new.user_id);
        end if;
        return null;
      end $$;
      create trigger queue_items_queued after insert or delete on queue_items for each row execute function notify_queue_item_changed();
      create trigger queue_items_moved after update on queue_items for each row
        when ((old.id, old.kind, old.user_id, old.territory_id, old.item_key, old.target_level, old.quantity, old.duration_per_item_s, old.paid, old.created_at, old.start_time, old.end_time)
          is distinct from (new.id, new.kind, new.user_id, new.territory_id, new.item_key, new.target_level, new.quantity, new.duration_per_item_s, new.paid, new.created_at, new.start_time, new.end_time))
        execute function notify_queue_item_changed();
      create trigger queue_items_truncated after truncate on queue_items for each statement execute function notify_queue_item_changed();

      create function notify_territory_queues_changed() returns trigger language plpgsql as $$
      begin
        if tg_op = 'TRUNCATE' then
          perform pg_notify('queue_changes', '*');
        else
          perform pg_notify('queue_changes', 't' || old.id);
        end if;
        return null;
      end $$;
      create trigger territories_queue_owner_changed after update on territories for each row
        when (old.owner_id is distinct from new.owner_id or old.id is distinct from new.id)
        execute function notify_territory_queues_changed();
      create trigger territories_queues_removed after delete on territories for each row execute function notify_territory_queues_changed();
      create trigger territories_queues_truncated after truncate on territories for each statement execute function notify_territory_queues_changed();
    `);
  }
}

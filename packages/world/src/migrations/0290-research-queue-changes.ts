import { Migration } from '@mikro-orm/migrations';

/**
 * A queue item's change names its player (`u` and the id) only when it is research, the one kind
 * queued for a player rather than a territory: a territory's item names its territory (`t`), as
 * before. What `u` drops (kept-reads.ts: the player's research queue, and their territory rows, which
 * a change of one of their territories' items drops through `t` as well) does not change with a
 * territory's item, so a build or a recruitment no longer drops the research queue the queue panel
 * polls every 15 s, and sends one NOTIFY instead of two. Otherwise 0240's trigger, unchanged.
 */
export class Migration0290ResearchQueueChanges extends Migration {
  override name = '0290-research-queue-changes';

  override up(): void {
    this.addSql(`
      create or replace function notify_queue_item_changed() returns trigger language plpgsql as $$
      begin
        if tg_op = 'TRUNCATE' then
          perform pg_notify('queue_changes', '*');
          return null;
        end if;
        if tg_op <> 'INSERT' then
          if old.territory_id is not null then perform pg_notify('queue_changes', 't' || old.territory_id);
          else perform pg_notify('queue_changes', 'u' || old.user_id); end if;
        end if;
        if tg_op <> 'DELETE' then
          if new.territory_id is not null then perform pg_notify('queue_changes', 't' || new.territory_id);
          else perform pg_notify('queue_changes', 'u' || new.user_id); end if;
        end if;
        return null;
      end $$;
    `);
  }
}

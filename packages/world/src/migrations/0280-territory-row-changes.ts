import { Migration } from '@mikro-orm/migrations';

/**
 * Every change to what a player's territory rows answer NOTIFYs `queue_changes` on commit, whoever
 * writes it, so that an api process may keep the rows its reads settle from (the units and defenses
 * panels poll them every 30 s; packages/world/src/kernel/kept-reads.ts, `settledOf`), as 0240 and
 * 0250 do for the queues and the fleet lists:
 * - a territory founded, changed in any column the rows answer (its stock and the instant of it, its
 *   structures, units and defenses, its name, owner or place) or gone names its old and new owners
 *   (`s` and the id): the rows of a player also carry the structures of their other territories;
 * - a player's vacation beginning or ending names them (`u` and the id), as a change of their queue
 *   items already does (0240): settling stops the clock while they are away.
 * A truncate of territories already forgets every kept read (0240's '*').
 */
export class Migration0280TerritoryRowChanges extends Migration {
  override name = '0280-territory-row-changes';

  override up(): void {
    this.addSql(`
      create function notify_territory_rows_changed() returns trigger language plpgsql as $$
      begin
        if tg_op <> 'INSERT' and old.owner_id is not null then perform pg_notify('queue_changes', 's' || old.owner_id); end if;
        if tg_op <> 'DELETE' and new.owner_id is not null then perform pg_notify('queue_changes', 's' || new.owner_id); end if;
        return null;
      end $$;
      create trigger territories_rows_listed after insert or delete on territories for each row execute function notify_territory_rows_changed();
      create trigger territories_rows_changed after update on territories for each row
        when ((old.id, old.owner_id, old.name, old.region, old.sub_region, old.position, old.resources, old.resources_updated_at, old.structures, old.units, old.defenses)
          is distinct from (new.id, new.owner_id, new.name, new.region, new.sub_region, new.position, new.resources, new.resources_updated_at, new.structures, new.units, new.defenses))
        execute function notify_territory_rows_changed();

      create function notify_vacation_changed() returns trigger language plpgsql as $$
      begin
        perform pg_notify('queue_changes', 'u' || new.id);
        return null;
      end $$;
      create trigger users_vacation_changed after update on users for each row
        when (old.vacation_since is distinct from new.vacation_since) execute function notify_vacation_changed();
    `);
  }
}

import { Migration } from '@mikro-orm/migrations';

/**
 * Every change to what a player's fleet list (GET /movements/active) answers NOTIFYs `queue_changes`
 * on commit, whoever writes it, naming each player whose list it changes (`f` and the id), so that an
 * api process may keep the list the fleet strip polls every 15 s (packages/world/src/kernel/kept-reads.ts),
 * as 0240 does for the queues. A list holds the player's own fleets and every other fleet heading
 * for or stationed at one of their territories, with the names of the territories at both ends, the
 * target's owner, the fleet owner's name and a group's participant count. So:
 * - a fleet queued, changed or gone names its owner, the owner of the territory at its target, and
 *   (in a group) every member's owner, whose counts change;
 * - a territory that is founded, renamed, changes hands or goes names its old and new owners and the
 *   owner of every fleet that starts there or heads there;
 * - a username that changes (the game never does; an operator might) forgets every kept read ('*').
 * The territories' owner change also stays named by 0240 for the queues.
 */
export class Migration0250FleetListChanges extends Migration {
  override name = '0250-fleet-list-changes';

  override up(): void {
    this.addSql(`
      create function notify_fleet_viewers(m movements) returns void language plpgsql as $$
      declare viewer integer;
      begin
        perform pg_notify('queue_changes', 'f' || m.user_id);
        for viewer in select owner_id from territories
            where region = m.target_region and sub_region = m.target_sub_region and position = m.target_position and owner_id is not null loop
          perform pg_notify('queue_changes', 'f' || viewer);
        end loop;
        if m.attack_group_id is not null then
          for viewer in select distinct user_id from movements where attack_group_id = m.attack_group_id loop
            perform pg_notify('queue_changes', 'f' || viewer);
          end loop;
        end if;
      end $$;

      create function notify_movement_changed() returns trigger language plpgsql as $$
      begin
        if tg_op = 'TRUNCATE' then
          perform pg_notify('queue_changes', '*');
          return null;
        end if;
        if tg_op <> 'INSERT' then perform notify_fleet_viewers(old); end if;
        if tg_op <> 'DELETE' then perform notify_fleet_viewers(new); end if;
        return null;
      end $$;
      create trigger movements_listed after insert or delete on movements for each row execute function notify_movement_changed();
      create trigger movements_list_changed after update on movements for each row
        when (old.* is distinct from new.*) execute function notify_movement_changed();
      create trigger movements_list_truncated after truncate on movements for each statement execute function notify_movement_changed();

      create function notify_territory_fleets_changed() returns trigger language plpgsql as $$
      declare viewer integer;
      begin
        if tg_op = 'TRUNCATE' then
          perform pg_notify('queue_changes', '*');
          return null;
        end if;
        if tg_op <> 'INSERT' and old.owner_id is not null then perform pg_notify('queue_changes', 'f' || old.owner_id); end if;
        if tg_op <> 'DELETE' and new.owner_id is not null then perform pg_notify('queue_changes', 'f' || new.owner_id); end if;
        for viewer in select distinct m.user_id from movements m
            where (tg_op <> 'INSERT' and (m.start_territory_id = old.id or m.target_territory_id = old.id
                     or (m.target_region, m.target_sub_region, m.target_position) = (old.region, old.sub_region, old.position)))
               or (tg_op <> 'DELETE' and (m.target_region, m.target_sub_region, m.target_position) = (new.region, new.sub_region, new.position)) loop
          perform pg_notify('queue_changes', 'f' || viewer);
        end loop;
        return null;
      end $$;
      create trigger territories_fleets_listed after insert or delete on territories for each row execute function notify_territory_fleets_changed();
      create trigger territories_fleets_changed after update on territories for each row
        when ((old.id, old.name, old.owner_id, old.region, old.sub_region, old.position)
          is distinct from (new.id, new.name, new.owner_id, new.region, new.sub_region, new.position))
        execute function notify_territory_fleets_changed();
      create trigger territories_fleets_truncated after truncate on territories for each statement execute function notify_territory_fleets_changed();

      create function notify_username_changed() returns trigger language plpgsql as $$
      begin
        perform pg_notify('queue_changes', '*');
        return null;
      end $$;
      create trigger users_fleet_names_changed after update on users for each row
        when (old.username is distinct from new.username) execute function notify_username_changed();
    `);
  }
}

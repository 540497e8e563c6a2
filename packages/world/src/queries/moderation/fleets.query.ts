import type { EntityManager } from '@mikro-orm/postgresql';
import type { MovementMission } from '@brood/game-core';

export interface FleetFilter {
  mission?: MovementMission | undefined;
  /** A player's id, or part of their name. */
  player?: string | undefined;
  /** Only fleets arriving within this many minutes. */
  arriving_within_minutes?: number | undefined;
  skip: number;
  limit: number;
}

export interface FleetRow {
  id: string;
  user_id: number;
  username: string;
  mission: MovementMission;
  original_mission: MovementMission | null;
  from: string;
  to: string;
  target_owner: string | null;
  units: number;
  start_time: string;
  arrival_time: string;
}

/** Fleets in flight (stationed fleets have no arrival and are not in flight), soonest arrival first. */
export async function fleetsInFlight(em: EntityManager, filter: FleetFilter, now: Date): Promise<FleetRow[]> {
  const where = ['m.arrival_time is not null'];
  const params: unknown[] = [];
  if (filter.mission) {
    where.push('m.mission = ?');
    params.push(filter.mission);
  }
  const player = filter.player?.trim().toLowerCase();
  if (player) {
    where.push('(u.id = ? or position(? in lower(u.username)) > 0)');
    params.push(/^\d{1,9}$/.test(player) ? Number(player) : -1, player);
  }
  if (filter.arriving_within_minutes !== undefined) {
    where.push('m.arrival_time <= ?');
    params.push(new Date(now.getTime() + filter.arriving_within_minutes * 60_000));
  }
  const rows = await em.fork().execute<(Omit<FleetRow, 'start_time' | 'arrival_time' | 'from' | 'to' | 'units'> & Record<string, unknown>)[]>(
    `select m.id, m.user_id, u.username, m.mission, m.original_mission, o.username as target_owner,
            m.start_region || ':' || m.start_sub_region || ':' || m.start_position as "from",
            m.target_region || ':' || m.target_sub_region || ':' || m.target_position as "to",
            (select coalesce(sum(value::numeric), 0) from jsonb_each_text(m.units)) as units,
            m.start_time, m.arrival_time
       from movements m join users u on u.id = m.user_id left join users o on o.id = m.target_owner_id
      where ${where.join(' and ')}
      order by m.arrival_time, m.id
      offset ? limit ?`,
    [...params, filter.skip, filter.limit],
  );
  return rows.map((r) => ({
    ...r,
    from: String(r.from),
    to: String(r.to),
    units: Number(r.units),
    start_time: new Date(r.start_time as Date).toISOString(),
    arrival_time: new Date(r.arrival_time as Date).toISOString(),
  })) as FleetRow[];
}

import type { Movement } from '../../entities/movement.entity';
import { lockTerritoryRows, readTerritoryRows, type TerritoryRow } from '../../kernel/access';
import { sqlRows, writeMovements, writeTerritories } from '../../kernel/bulk-write';
import { inTransaction, type WorldDeps } from '../../kernel/deps';
import { loadInputs, settleLoaded, type SettledTerritory } from '../../settle';
import { lockArriving, lockPlayers } from '../../kernel/locks';
import { ARRIVALS } from './arrivals';
import { flushLater, newLater } from '../flight/fleet-legs';

export type ArrivalOutcome = 'applied' | 'stale' | 'not-due' | 'missing';

/** One due leg of a movement, as its arrival job names it. */
export interface ArrivalJob {
  id: string;
  leg: number;
}

const keyOf = (job: ArrivalJob) => `${job.id}:${job.leg}`;
const coordsKey = (region: number, subRegion: number, position: number) => `${region}:${subRegion}:${position}`;

/**
 * The one arrival engine: the sim-worker's arrival of a batch of legs in one transaction (a single
 * leg is a batch of one: applyArrival). Locks in the kernel's order (LOCK_ORDER): the owners of
 * COLONIZE legs (their territory count bounds a colony, so two colonies cannot both take the last
 * slot), then the movements (id order, in one statement with the movements their arrivals change:
 * lockArriving), then every territory the batch touches once (id order), each settled to the
 * earliest arrival among its arrivals. The arrivals are then applied in time order by their
 * missions' handlers (arrivals/<mission>.ts), a territory being settled on to each later arrival's
 * instant before it, so the world ends as if they were applied one by one; notifications, scores and
 * next legs are stored once at the end (the outbox, fleet-legs.ts). Exactly once: the locked row
 * must still be on the job's leg and due, and the handler moves it to its next leg or deletes it, so
 * a second run (or a second worker, which waits on the lock) finds a different leg or no row and
 * changes nothing; a worker that dies half way rolls everything back.
 * Answers each job's outcome by `id:leg`.
 */
export async function arriveMovements(deps: WorldDeps, jobs: readonly ArrivalJob[], now: Date): Promise<Map<string, ArrivalOutcome>> {
  const outcomes = new Map<string, ArrivalOutcome>(jobs.map((j) => [keyOf(j), 'missing']));
  if (jobs.length === 0) return outcomes;
  await inTransaction(deps, async (tx) => {
    const ids = [...new Set(jobs.map((j) => j.id))];
    // A movement's mission is COLONIZE from its dispatch until it lands or turns home: read unlocked, it names the owners to lock first.
    const colonizers = await sqlRows<{ user_id: number }>(tx.em, `select user_id from movements where id = any($1::uuid[]) and mission = 'COLONIZE'`, [ids]);
    const players = new Set(await lockPlayers(tx.em, colonizers.map((r) => r.user_id)));
    const locked = await lockArriving(tx.em, ids);
    const byId = new Map(locked.map((m) => [m.id, m]));
    const due: Movement[] = [];
    for (const job of jobs) {
      const m = byId.get(job.id);
      if (!m) continue;
      if (m.leg !== job.leg) outcomes.set(keyOf(job), 'stale');
      else if (!m.arrivalTime || m.arrivalTime > now) outcomes.set(keyOf(job), 'not-due');
      else if (!due.includes(m)) due.push(m);
    }
    if (due.length === 0) return;
    for (const m of due) {
      if (!ARRIVALS[m.mission]) throw new Error(`No arrival handler for mission ${m.mission} (movement ${m.id})`);
      if (m.mission === 'COLONIZE' && !players.has(m.userId)) throw new Error(`The owner of colonizing movement ${m.id} was not locked first`);
    }
    due.sort((a, b) => a.arrivalTime!.getTime() - b.arrivalTime!.getTime() || (a.id < b.id ? -1 : 1));

    // Whoever holds each target position now: one read for the batch.
    const found = await sqlRows<{ id: number; region: number; sub_region: number; position: number }>(
      tx.em,
      `select t.id, t.region, t.sub_region, t.position from territories t
       join unnest($1::int[], $2::int[], $3::int[]) as c(region, sub_region, position) using (region, sub_region, position)`,
      [due.map((m) => m.targetRegion), due.map((m) => m.targetSubRegion), due.map((m) => m.targetPosition)],
    );
    const targetIdAt = new Map(found.map((t) => [coordsKey(t.region, t.sub_region, t.position), t.id]));
    // The homes of the other fleets an arrival involves (attack group members, stationed allies):
    // read, not locked, for their owners' effects.
    const involved = locked.filter((m) => !due.includes(m));
    const homeIds = [...new Set(involved.map((m) => m.startTerritoryId).filter((id): id is number => id != null))];
    const homes = [...(await readTerritoryRows(tx.em, homeIds)).values()];
    const targetIdOf = (m: Movement) => targetIdAt.get(coordsKey(m.targetRegion, m.targetSubRegion, m.targetPosition));
    const touched = (m: Movement) => [m.startTerritoryId, targetIdOf(m)].filter((id): id is number => id != null);
    const territories = await lockTerritoryRows(tx.em, due.flatMap(touched));

    // Each territory to the earliest of its arrivals (due is in time order: the first one seen wins).
    const first = new Map<TerritoryRow, Date>();
    for (const m of due) for (const id of touched(m)) {
      const t = territories.get(id);
      if (t && !first.has(t)) first.set(t, m.arrivalTime!);
    }
    // One set of reads for every settle of the batch (arrivals change no queue, research or structure).
    const read = new Map([...homes.map((t): [number, TerritoryRow] => [t.id, t]), ...territories]);
    const inputs = await loadInputs(tx.em, [...read.values()], due.at(-1)!.arrivalTime!);
    const settled = new Map<number, SettledTerritory>(settleLoaded(tx.catalogue, inputs, first));
    const people = [...due, ...involved].map((m) => m.userId).concat([...territories.values()].map((t) => t.owner?.id).filter((id): id is number => id != null));
    const owners = await sqlRows<{ id: number; username: string }>(tx.em, 'select id, username from users where id = any($1::int[])', [[...new Set(people)]]);
    const nameOf = new Map(owners.map((u) => [u.id, u.username]));

    const later = newLater();
    // The legs the jobs named (an attack group's first arrival moves the others' legs on).
    const dueLeg = new Map(due.map((m) => [m, m.leg]));
    for (const m of due) {
      const job = { id: m.id, leg: dueLeg.get(m)! };
      if (later.done.has(m)) {
        outcomes.set(keyOf(job), 'stale');
        continue;
      }
      const at = m.arrivalTime!;
      const ends = touched(m).map((id) => territories.get(id)).filter((t): t is TerritoryRow => t != null);
      // A later arrival at a territory an earlier one of this batch already settled: on to this instant.
      const behind = new Map(ends.filter((t) => t.resourcesUpdatedAt < at).map((t) => [t, at]));
      if (behind.size > 0) for (const [id, view] of settleLoaded(tx.catalogue, inputs, behind)) settled.set(id, view);
      const targetId = targetIdOf(m);
      // Its free-slot count reads the stored rows: an earlier arrival of the batch may have taken one.
      if (m.mission === 'ALLIED_STATIONING_PENDING') await tx.em.flush();
      await ARRIVALS[m.mission]!({
        tx: { ...tx, later },
        movement: m,
        at,
        start: (m.startTerritoryId != null ? territories.get(m.startTerritoryId) : null) ?? null,
        target: (targetId != null ? territories.get(targetId) : null) ?? null,
        settled,
        loaded: { territories: read, inputs, names: nameOf },
        ownerName: nameOf.get(m.userId) ?? 'Another player',
      });
      outcomes.set(keyOf(job), 'applied');
    }
    // The rows every arrival changes, set-based; the flush in flushLater stores whatever else changed.
    await writeTerritories(tx.em, [...territories.values()]);
    // The other locked movements too: an attack changes its stationed allies' units.
    await writeMovements(tx.em, locked);
    await flushLater(tx, later, now);
  });
  return outcomes;
}

/** The arrival of one leg: a batch of one. */
export async function applyArrival(deps: WorldDeps, job: ArrivalJob, now: Date): Promise<ArrivalOutcome> {
  return (await arriveMovements(deps, [job], now)).get(keyOf(job))!;
}

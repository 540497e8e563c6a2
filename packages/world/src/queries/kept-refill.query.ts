import type { WorldDeps } from '../kernel/deps';
import type { KeptReads } from '../kernel/kept-reads';
import { readQueuesOfTerritories, readResearchQueuesOf } from './economy-queues.query';
import { activeMovementsOf } from './movements.query';
import { readOwnRowsOf } from './territory-read.query';

/** Reads of one kind a statement refills: a few hundred rows of queue items or fleets each. */
export const REFILL_CHUNK = 250;

/** How many reads a refill read again, and how many of them it kept. */
export interface RefillReport {
  read: number;
  kept: number;
}

/**
 * Once the LISTEN connection is back after a loss, reads again what the api process kept before it
 * (kept-reads.ts: the queues of the territories, the research queues, the fleet lists and the territory
 * rows of the players who were polling), REFILL_CHUNK of a kind to a statement, and keeps each unless a change of it was
 * heard meanwhile. Null when nothing was kept. A failed statement ends the refill (the caller logs it):
 * what it did not keep, the next polls read one by one, as without a refill.
 */
export async function refillKeptReads(deps: Pick<WorldDeps, 'em' | 'catalogue'>, kept: KeptReads): Promise<RefillReport | null> {
  const lost = kept.takeLost();
  if (!lost) return null;
  const mark = kept.beginRefill();
  const report = { read: 0, kept: 0 };
  // One kind after another, a chunk at a time: a refill never holds more than one of the pool's connections.
  const inChunks = async <T>(ids: number[], read: (chunk: number[], now: Date) => Promise<Map<number, T>>, keep: (reads: Map<number, T>, at: number) => number) => {
    for (let i = 0; i < ids.length && !mark.void; i += REFILL_CHUNK) {
      const now = new Date();
      const reads = await read(ids.slice(i, i + REFILL_CHUNK), now);
      report.read += reads.size;
      report.kept += keep(reads, now.getTime());
    }
  };
  try {
    await inChunks(lost.territories, (ids, now) => readQueuesOfTerritories(deps, ids, now), (territories, at) => kept.refill(mark, at, { territories }));
    await inChunks(lost.research, (ids, now) => readResearchQueuesOf(deps, ids, now), (research, at) => kept.refill(mark, at, { research }));
    await inChunks(lost.fleets, (ids) => activeMovementsOf(deps, ids), (fleets, at) => kept.refill(mark, at, { fleets }));
    await inChunks(lost.settled, (ids) => readOwnRowsOf(deps.em, ids), (settled, at) => kept.refill(mark, at, { settled }));
  } finally {
    kept.endRefill(mark);
  }
  return report;
}

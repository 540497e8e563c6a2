import type { EntityManager } from '@mikro-orm/postgresql';
import type { Catalogue } from '@brood/game-data';
import { lockScoreBatch, type StoredScores } from '../../kernel/locks';
import { computeScores, writeScores } from './player-scores';

const BATCH = 500;
const EPSILON = 1e-6;

export interface ScoreDisagreement {
  user_id: number;
  stored: StoredScores;
  computed: StoredScores;
}

/**
 * Folds the rank histogram's log of signed counts (migration 0053) into one row per bucket, so a rank
 * sums a few hundred rows. Rows written meanwhile by uncommitted score writes are not seen and stay.
 */
export async function compactScoreRanks(em: EntityManager): Promise<void> {
  await em.execute(
    `with folded as (delete from player_score_ranks returning category, bucket, players)
     insert into player_score_ranks (category, bucket, players)
     select category, bucket, sum(players) from folded group by category, bucket having sum(players) <> 0`,
  );
}

export interface RecomputeOptions {
  /**
   * After each batch, rest this many times as long as the batch took before the next one, so the
   * check takes at most 1 / (1 + restFactor) of the worker's core and of the database's time. 0 (the
   * default) runs the batches back to back, for a check that should end at once (tests, a repair).
   */
  restFactor?: number;
  /** Players a batch (500), each batch one transaction. */
  batchSize?: number;
}

const rest = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

/**
 * The periodic check: recomputes every player's scores from the world, batch by batch, and repairs
 * each stored score that disagrees. Returns how many were checked and the disagreements it repaired
 * (the job logs them). Idempotent: a second run finds nothing to repair. `now` is the instant scores
 * are computed at, or a clock read once a batch: a paced check runs for many seconds, and a batch is
 * as of when it runs, so research completed and scored since the check began counts in it.
 */
export async function recomputeAllScores(em: EntityManager, catalogue: Catalogue, now: Date | (() => Date), options: RecomputeOptions = {}): Promise<{ checked: number; repaired: ScoreDisagreement[] }> {
  const size = options.batchSize ?? BATCH;
  const repaired: ScoreDisagreement[] = [];
  let checked = 0;
  let after = 0;
  for (;;) {
    const started = performance.now();
    const at = typeof now === 'function' ? now() : now;
    // Each batch reads, compares and repairs under the rows' locks, so a completion committing meanwhile
    // is either seen whole or waited for: the repair never writes an older score over a newer one.
    const rows = await em.fork().transactional(async (tx) => {
      const batch = await lockScoreBatch(tx, after, size);
      const computed = await computeScores(tx, catalogue, batch.map((r) => r.user_id), at);
      for (const { user_id, ...stored } of batch) {
        const c = computed.get(user_id)!;
        const differs = (Object.keys(stored) as (keyof typeof stored)[]).some((k) => Math.abs(stored[k] - c[k]) > EPSILON * Math.max(1, Math.abs(c[k])));
        if (!differs) continue;
        repaired.push({ user_id, stored, computed: { ...c } });
        await writeScores(tx, new Map([[user_id, c]]), at);
      }
      return batch;
    });
    if (rows.length === 0) return { checked, repaired };
    after = rows.at(-1)!.user_id;
    checked += rows.length;
    if (options.restFactor && rows.length === size) await rest((performance.now() - started) * options.restFactor);
  }
}

import type { PgBoss } from 'pg-boss';
import type { Logger } from 'pino';

/**
 * The least time between two wake-ups of a queue, unless WORKER_WAKE_GAP_MS says otherwise. Each
 * wake-up is a fetch (then 1 to 1.7 ms of the database at 3,500 players online, planned each time;
 * 0.3 ms and 0.4 ms of planning since decision 36) and a look at the next due time: at 100 ms instead
 * of 50 the worker fetched a third less often in the bench at 3,500 online (2,246 to 1,501 fetches a
 * minute), for a lag p99 of 129 ms instead of 76.
 */
export const WAKE_GAP_MS = 100;

export interface DueWakerOptions {
  boss: PgBoss;
  log: Logger;
  /** The pg-boss workers of the queue (one per `boss.work` call). */
  workerIds: readonly string[];
  /** Milliseconds until the queue's next job comes due, by the database's clock (null: none scheduled). */
  dueIn: () => Promise<number | null>;
  /** Look again at least this often, for jobs scheduled meanwhile. */
  lookEveryMs: number;
  /** At least this long between two wake-ups, so a steady stream of due jobs is fetched in batches. */
  gapMs: number;
}

/**
 * Wakes a queue's workers the moment its next job comes due. pg-boss polls no more often than every
 * 0.5 s, so a job waited up to that long after its time; the queue's own rows know when the next event
 * is (an indexed min over arrival or end times), so the waker sleeps until then and calls
 * `notifyWorker`, which makes a worker fetch at once. Polling stays on as the backstop.
 */
export function startDueWaker(options: DueWakerOptions): { stop(): Promise<void> } {
  const { boss, log, workerIds, dueIn, lookEveryMs, gapMs } = options;
  let timer: NodeJS.Timeout | undefined;
  let stopped = false;
  let looking: Promise<unknown> = Promise.resolve();
  // One worker a wake-up, in turn. Woken together, the first to fetch took the due jobs and the
  // other fetched nothing, through an index scan of every job not yet due. Taking turns keeps one
  // batch's round trips overlapping the next one's computing, as two workers were for.
  let turn = 0;
  const wake = () => {
    if (workerIds.length === 0) return;
    boss.notifyWorker(workerIds[turn % workerIds.length]!);
    turn += 1;
  };
  const look = async () => {
    if (stopped) return;
    let ms: number | null = null;
    try {
      const reading = dueIn();
      looking = reading.catch(() => undefined);
      ms = await reading;
    } catch (err) {
      log.warn({ err }, 'could not read when the next job is due; polling only until the next look');
    }
    if (stopped) return;
    const due = ms != null && ms < lookEveryMs;
    // A few milliseconds past the due instant: pg-boss fetches jobs whose start_after has passed.
    const wait = due ? Math.max(gapMs, ms! + 5) : lookEveryMs;
    timer = setTimeout(() => {
      if (due) wake();
      void look();
    }, wait);
  };
  void look();
  return {
    /** Stops looking, and waits for a look in flight: the process closes the database's pool next. */
    async stop() {
      stopped = true;
      clearTimeout(timer);
      await looking;
    },
  };
}

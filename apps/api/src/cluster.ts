import cluster, { type Worker } from 'node:cluster';
import pino from 'pino';
import { AggregatorRegistry, type Registry } from 'prom-client';

/**
 * API_PROCESSES above 1: the api as several processes on one port (docs/decisions.md 37). The process
 * started (the primary) serves nothing itself. It starts that many api processes, and Node's cluster
 * hands each new connection to one of them in turn; every api process is the same stateless one that
 * runs alone (README, "Several api and worker processes"), so nothing else changes. The primary starts
 * a process again when it dies after it served (one that dies before it ever listened stops them all:
 * a bad configuration stays a failed start), and stops them on SIGTERM or SIGINT.
 *
 * GET /metrics, answered by whichever process the scrape reaches, sums the metrics of every process
 * that serves (prom-client's AggregatorRegistry.aggregate, by each metric's `aggregator`): the api
 * process asks the primary (`metricsText`), which gathers them from each (`shareMetrics`).
 */

/** Between a process's death and its new start. */
const RESTART_DELAY_MS = 1000;
/** How long the primary waits for each api process's metrics; one that has not answered by then is left out of the sums. */
const GATHER_MS = 2000;
/** An api process asks the primary for the sums (`text` or `error` answers it); the primary asks each api process for its own (`metrics`). */
const ASK_SUMS = 'broodspace:metrics';
const ASK_OWN = 'broodspace:own-metrics';

/** One api process's metrics, as prom-client hands them over for summing. */
type OwnMetrics = Awaited<ReturnType<Registry['getMetricsAsJSON']>>;

interface Message {
  type: typeof ASK_SUMS | typeof ASK_OWN;
  id: number;
  text?: string;
  error?: string;
  metrics?: OwnMetrics;
}

const isMessage = (message: unknown, type: Message['type']): message is Message =>
  typeof message === 'object' && message !== null && (message as { type?: unknown }).type === type && typeof (message as { id?: unknown }).id === 'number';

/** Asks sent over IPC and their answers, matched by id: an ask not answered within its time is refused. */
class Asks<T> {
  private next = 0;
  private readonly waiting = new Map<number, (answer: T | Error) => void>();

  ask(send: (id: number) => void, ms: number): Promise<T> {
    const id = (this.next += 1);
    return new Promise((resolve, reject) => {
      const late = setTimeout(() => this.answer(id, new Error(`no answer within ${ms} ms`)), ms);
      this.waiting.set(id, (answer) => {
        clearTimeout(late);
        if (answer instanceof Error) reject(answer);
        else resolve(answer);
      });
      send(id);
    });
  }

  answer(id: number, answer: T | Error): void {
    const settle = this.waiting.get(id);
    this.waiting.delete(id);
    settle?.(answer);
  }
}

/** The primary: starts `count` api processes and keeps them running until it is told to stop. */
export function runApiProcesses(count: number, { graceMs, logLevel }: { graceMs: number; logLevel: string }): void {
  const log = pino({ level: logLevel, name: 'api-primary' });
  const owns = new Asks<OwnMetrics>();
  const served = new WeakSet<Worker>();
  let stopping = false;
  let exitCode = 0;

  const start = () => {
    const worker = cluster.fork();
    worker.once('listening', () => served.add(worker));
  };
  const alive = () => Object.values(cluster.workers ?? {}).filter((w) => w && !w.isDead()).length;
  const stop = (code: number) => {
    if (stopping) return;
    stopping = true;
    exitCode = code;
    for (const worker of Object.values(cluster.workers ?? {})) worker?.process.kill('SIGTERM');
    setTimeout(() => process.exit(1), graceMs).unref();
    if (alive() === 0) process.exit(exitCode);
  };

  cluster.on('exit', (worker, code, signal) => {
    if (stopping) {
      if (alive() === 0) process.exit(exitCode);
      return;
    }
    if (!served.has(worker)) {
      log.error({ apiProcess: worker.process.pid, code, signal }, 'an api process stopped before it served; stopping the others');
      stop(code || 1);
      return;
    }
    log.error({ apiProcess: worker.process.pid, code, signal }, 'an api process stopped; starting another');
    setTimeout(() => stopping || start(), RESTART_DELAY_MS);
  });
  // The sums of the processes that serve (one still starting has no metrics to give yet).
  const sums = async (): Promise<string> => {
    const serving = Object.values(cluster.workers ?? {}).filter((w): w is Worker => !!w && served.has(w) && w.isConnected());
    const own = await Promise.all(serving.map((w) => owns.ask((id) => w.send({ type: ASK_OWN, id }), GATHER_MS).catch(() => null)));
    return AggregatorRegistry.aggregate(own.filter((m): m is OwnMetrics => m !== null)).metrics();
  };
  cluster.on('message', (worker, message: unknown) => {
    if (isMessage(message, ASK_OWN)) owns.answer(message.id, message.metrics ?? new Error(message.error ?? 'no metrics'));
    if (!isMessage(message, ASK_SUMS)) return;
    const answer = (reply: Pick<Message, 'text' | 'error'>) => worker.isConnected() && worker.send({ type: ASK_SUMS, id: message.id, ...reply });
    sums().then(
      (text) => answer({ text }),
      (error: unknown) => answer({ error: error instanceof Error ? error.message : String(error) }),
    );
  });
  process.once('SIGTERM', () => stop(0));
  process.once('SIGINT', () => stop(0));
  for (let i = 0; i < count; i++) start();
  log.info({ processes: count }, 'api processes starting');
}

const sumsAsked = new Asks<string>();

/** Lets the primary gather `registry` (one api process's metrics) into the sums; call once, in an api process of several. */
export function shareMetrics(registry: Registry): void {
  process.on('message', (message: unknown) => {
    if (isMessage(message, ASK_SUMS)) sumsAsked.answer(message.id, message.text ?? new Error(message.error ?? 'no metrics'));
    if (!isMessage(message, ASK_OWN)) return;
    const answer = (reply: Pick<Message, 'metrics' | 'error'>) => process.send?.({ type: ASK_OWN, id: message.id, ...reply });
    registry.getMetricsAsJSON().then(
      (metrics) => answer({ metrics }),
      (error: unknown) => answer({ error: error instanceof Error ? error.message : String(error) }),
    );
  });
}

/** The metrics text a scrape gets: every api process's summed when this is one of several, else `registry`'s own. */
export function metricsText(registry: Registry): Promise<string> {
  if (!cluster.isWorker || !process.send) return registry.metrics();
  return sumsAsked.ask((id) => process.send!({ type: ASK_SUMS, id }), GATHER_MS + 1000);
}

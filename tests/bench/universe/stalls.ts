import { monitorEventLoopDelay } from 'node:perf_hooks';

/**
 * The longest each process's event loop was held up in each 10 s of a step: the api's (its /metrics,
 * prom-client's `nodejs_eventloop_lag_max_seconds`, which every scrape resets) and the load
 * generator's own. Latency is measured from each action's due time, so a stretch of slow answers may
 * be the api stalled, the load generator stalled (its actions went out late), or neither (waits on
 * the database): these tell which.
 */
export interface Stalls {
  api: number[];
  generator: number[];
}

/** One unlabelled figure of the api's /metrics (NaN when it does not answer within 5 s). */
export async function apiMetric(base: string, name: string): Promise<number> {
  try {
    const text = await (await fetch(`${base}/metrics`, { signal: AbortSignal.timeout(5000) })).text();
    return Number(new RegExp(`^${name} (\\S+)`, 'm').exec(text)?.[1] ?? NaN);
  } catch {
    return Number.NaN;
  }
}

/** The api's time in garbage collection so far, in seconds, by kind (prom-client's `nodejs_gc_duration_seconds`: minor, major, incremental, weakcb). */
export async function apiGcSeconds(base: string): Promise<Record<string, number>> {
  try {
    const text = await (await fetch(`${base}/metrics`, { signal: AbortSignal.timeout(5000) })).text();
    return Object.fromEntries([...text.matchAll(/^nodejs_gc_duration_seconds_sum\{kind="(\w+)"\} (\S+)/gm)].map((m) => [m[1]!, Number(m[2])]));
  } catch {
    return {};
  }
}

const apiLagMaxMs = async (base: string) => 1000 * (await apiMetric(base, 'nodejs_eventloop_lag_max_seconds'));

export async function watchStalls(base: string): Promise<{ stop(): Promise<Stalls> }> {
  const own = monitorEventLoopDelay({ resolution: 10 });
  own.enable();
  await apiLagMaxMs(base); // the api's figure starts from this scrape
  own.reset();
  const generator: number[] = [];
  const api: Promise<number>[] = [];
  let sampledAt = performance.now();
  const sample = () => {
    generator.push(own.max / 1e6);
    own.reset();
    api.push(apiLagMaxMs(base));
    sampledAt = performance.now();
  };
  const timer = setInterval(sample, 10_000);
  return {
    async stop() {
      clearInterval(timer);
      if (performance.now() - sampledAt > 1000) sample(); // the last stretch, unless a sample just closed it
      own.disable();
      return { api: await Promise.all(api), generator };
    },
  };
}

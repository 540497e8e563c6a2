import { Agent, request } from 'node:http';
import { percentile } from './load-stack';

/** One request of a load profile, as the bench's mix makes it. */
export interface LoadRequest {
  method: 'GET' | 'PUT';
  path: string;
  body?: string;
  headers: Record<string, string>;
}

export interface OpenLoopResult {
  /** Requests offered (rate x seconds) and answered. */
  offered: number;
  answered: number;
  /** Answered requests a second, from the first scheduled send to the last answer. */
  achieved: number;
  /** Latency from each request's scheduled send time to its whole answer, ms. */
  p50: number;
  p99: number;
  max: number;
  ok: number;
  other: number;
  errors: number;
}

/**
 * An open loop: `rate` requests a second for `seconds`, each sent at its own scheduled instant
 * (start + i / rate) whatever happened to the ones before, over up to `connections` keep-alive
 * connections. A request that finds every connection busy waits for one, and that wait counts in its
 * latency (measured from the scheduled instant, so a slow server cannot hide its queue by slowing
 * the sender down: no coordinated omission). autocannon's overallRate is not this: it gives each
 * connection its share of a second's requests, sent back to back from the start of each second, so
 * its offered load is a burst of `connections` concurrent requests once a second.
 */
export async function openLoop(options: { baseUrl: string; rate: number; seconds: number; connections: number; next: () => LoadRequest }): Promise<OpenLoopResult> {
  const url = new URL(options.baseUrl);
  const agent = new Agent({ keepAlive: true, maxSockets: options.connections });
  const total = Math.round(options.rate * options.seconds);
  const latencies: number[] = [];
  let ok = 0;
  let other = 0;
  let errors = 0;
  let lastAnswer = 0;
  let sent = 0;
  let pending = 0;
  let finished: () => void = () => undefined;
  const done = new Promise<void>((resolve) => (finished = resolve));
  const settle = (scheduled: number, status: number | null) => {
    const now = performance.now();
    lastAnswer = now;
    if (status === null) errors += 1;
    else {
      latencies.push(now - scheduled);
      if (status >= 200 && status < 300) ok += 1;
      else other += 1;
    }
    pending -= 1;
    if (pending === 0 && sent === total) finished();
  };
  const send = (scheduled: number) => {
    const r = options.next();
    pending += 1;
    const req = request(
      { host: url.hostname, port: url.port, agent, method: r.method, path: r.path, headers: r.body ? { ...r.headers, 'content-length': String(Buffer.byteLength(r.body)) } : r.headers },
      (res) => {
        res.on('data', () => undefined);
        res.on('end', () => settle(scheduled, res.statusCode ?? 0));
        res.on('error', () => settle(scheduled, null));
      },
    );
    req.on('error', () => settle(scheduled, null));
    req.end(r.body);
  };
  const start = performance.now();
  const interval = 1000 / options.rate;
  await new Promise<void>((resolve) => {
    const tick = () => {
      const due = Math.min(total, Math.floor((performance.now() - start) / interval) + 1);
      while (sent < due) send(start + interval * sent++);
      if (sent < total) setTimeout(tick, 1);
      else resolve();
    };
    tick();
  });
  // Answers still on the way count, up to 10 s: a server that fell behind shows it in latency and rate.
  await Promise.race([done, new Promise((resolve) => setTimeout(resolve, 10_000))]);
  agent.destroy();
  latencies.sort((a, b) => a - b);
  const answered = ok + other;
  const round = (ms: number) => Math.round(ms * 10) / 10;
  return {
    offered: total,
    answered,
    achieved: answered / ((Math.max(lastAnswer, start + 1) - start) / 1000),
    p50: round(percentile(latencies, 50)),
    p99: round(percentile(latencies, 99)),
    max: round(latencies.at(-1) ?? NaN),
    ok,
    other,
    errors,
  };
}

import { connect, type Socket } from 'node:net';
import { percentile } from './load-stack';

/** One request of a load profile, as the bench's mix makes it. */
export interface LoadRequest {
  method: 'GET' | 'PUT' | 'POST';
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
  /** CPU time of this (client) process a request, ms: it shares the machine with the api. */
  clientCpuMs: number;
}

const HEADER_END = Buffer.from('\r\n\r\n');

const CHUNKED_END = Buffer.from('\r\n0\r\n\r\n');

/** A chunked body's bytes, joined. */
function dechunk(raw: Buffer): Buffer {
  const parts: Buffer[] = [];
  let at = 0;
  for (;;) {
    const line = raw.indexOf('\r\n', at);
    const size = parseInt(raw.subarray(at, line).toString('latin1'), 16);
    if (!(size > 0)) return Buffer.concat(parts);
    parts.push(raw.subarray(line + 2, line + 2 + size));
    at = line + 2 + size + 2;
  }
}

/** An answer as it came: status, body bytes (still compressed when `encoding` says so). */
export interface Answer {
  status: number;
  encoding: string | null;
  body: Buffer;
}

/**
 * One keep-alive HTTP/1.1 connection that sends a request when it is free and reads answers that
 * carry a Content-Length (every answer of the api's JSON routes does; a chunked one is read too): a
 * client light enough that the load generator takes little of the 2-core machine it shares with the
 * api and the database.
 */
export class Connection {
  private buffered: Buffer = Buffer.alloc(0);
  private bodyStart = -1;
  private length = 0;
  private chunked = false;
  private status = 0;
  private encoding: string | null = null;
  private onAnswer: ((status: number | null, answer?: Answer) => void) | null = null;
  readonly socket: Socket;
  /** The socket's error, when it failed (ECONNRESET, EPIPE...); null when it closed without one. */
  lastError: string | null = null;
  /** Answers received on this connection. */
  answered = 0;
  /** The server said `Connection: close`: no request goes on this connection after its answer. */
  closing = false;
  /** The status line of an answer that came while no request was waiting for one (null: none came). */
  unsolicited: string | null = null;
  readonly openedAt = performance.now();

  constructor(host: string, port: number, onIdle: (c: Connection) => void) {
    this.socket = connect({ host, port, noDelay: true });
    this.socket.on('data', (chunk: Buffer) => this.read(chunk, onIdle));
    this.socket.on('error', (error: NodeJS.ErrnoException) => {
      this.lastError = error.code ?? error.message;
      this.finish(null, onIdle);
    });
    this.socket.on('close', () => this.finish(null, onIdle));
  }

  send(bytes: Buffer, onAnswer: (status: number | null, answer?: Answer) => void): void {
    this.onAnswer = onAnswer;
    this.socket.write(bytes);
  }

  private read(chunk: Buffer, onIdle: (c: Connection) => void): void {
    this.buffered = this.buffered.length === 0 ? chunk : Buffer.concat([this.buffered, chunk]);
    if (this.bodyStart < 0) {
      const end = this.buffered.indexOf(HEADER_END);
      if (end < 0) return;
      const head = this.buffered.subarray(0, end).toString('latin1');
      this.status = Number(head.slice(9, 12));
      const length = /\r\ncontent-length: *(\d+)/i.exec(head);
      this.chunked = !length && /\r\ntransfer-encoding: *chunked/i.test(head);
      if (!length && !this.chunked) throw new Error(`An answer without Content-Length: ${head}`);
      this.length = length ? Number(length[1]) : 0;
      this.encoding = /\r\ncontent-encoding: *(\S+)/i.exec(head)?.[1] ?? null;
      if (/\r\nconnection: *close/i.test(head)) this.closing = true;
      this.bodyStart = end + HEADER_END.length;
    }
    if (this.chunked) {
      const end = this.buffered.indexOf(CHUNKED_END, this.bodyStart - 2);
      if (end < 0) return;
      return this.finish(this.status, onIdle, dechunk(this.buffered.subarray(this.bodyStart, end + CHUNKED_END.length)));
    }
    if (this.buffered.length < this.bodyStart + this.length) return;
    this.finish(this.status, onIdle, this.buffered.subarray(this.bodyStart, this.bodyStart + this.length));
  }

  private finish(status: number | null, onIdle: (c: Connection) => void, body: Buffer = Buffer.alloc(0)): void {
    const encoding = this.encoding;
    this.buffered = Buffer.alloc(0);
    this.bodyStart = -1;
    const answer = this.onAnswer;
    this.onAnswer = null;
    if (status !== null) this.answered += 1;
    if (status !== null && !answer) this.unsolicited = [status, body.toString('latin1').slice(0, 60)].filter(Boolean).join(' ');
    answer?.(status, status === null ? undefined : { status, encoding, body });
    if (status === null) return;
    // As a browser does: a connection the server is closing takes no further request.
    if (this.closing) this.socket.destroy();
    else onIdle(this);
  }
}

export const requestBytes = (host: string, r: LoadRequest) => {
  const body = r.body ?? '';
  const headers = Object.entries({ ...r.headers, host, 'content-length': String(Buffer.byteLength(body)) }).map(([k, v]) => `${k}: ${v}\r\n`);
  return Buffer.from(`${r.method} ${r.path} HTTP/1.1\r\n${headers.join('')}\r\n${body}`);
};

/**
 * An open loop: `rate` requests a second for `seconds`, each sent at its own scheduled instant
 * (start + i / rate) whatever happened to the ones before, over up to `connections` keep-alive
 * connections opened beforehand. A request that finds every connection busy waits for one, and that
 * wait counts in its latency (measured from the scheduled instant, so a slow server cannot hide its
 * queue by slowing the sender down: no coordinated omission). autocannon's overallRate is not this:
 * it gives each connection its share of a second's requests, sent back to back from the start of
 * each second, so its offered load is a burst of `connections` concurrent requests once a second.
 */
export async function openLoop(options: { baseUrl: string; rate: number; seconds: number; connections: number; next: () => LoadRequest }): Promise<OpenLoopResult> {
  const url = new URL(options.baseUrl);
  const host = url.host;
  const total = Math.round(options.rate * options.seconds);
  const latencies: number[] = [];
  const counts = { ok: 0, other: 0, errors: 0 };
  let lastAnswer = 0;
  let sent = 0;
  let answered = 0;
  const waiting: { scheduled: number; bytes: Buffer }[] = [];
  const idle: Connection[] = [];
  let finished: () => void = () => undefined;
  const done = new Promise<void>((resolve) => (finished = resolve));

  const dispatch = (c: Connection) => {
    const next = waiting.shift();
    if (!next) {
      idle.push(c);
      return;
    }
    c.send(next.bytes, (status) => {
      const now = performance.now();
      lastAnswer = now;
      answered += 1;
      if (status === null) counts.errors += 1;
      else {
        latencies.push(now - next.scheduled);
        if (status >= 200 && status < 300) counts.ok += 1;
        else counts.other += 1;
      }
      if (answered === total) finished();
    });
  };
  const connections = await Promise.all(
    Array.from({ length: options.connections }, () => new Promise<Connection>((resolve, reject) => {
      const c = new Connection(url.hostname, Number(url.port), dispatch);
      c.socket.once('connect', () => resolve(c));
      c.socket.once('error', reject);
    })),
  );
  idle.push(...connections);

  const cpuBefore = process.cpuUsage();
  const start = performance.now();
  const interval = 1000 / options.rate;
  await new Promise<void>((resolve) => {
    const tick = () => {
      const due = Math.min(total, Math.floor((performance.now() - start) / interval) + 1);
      for (; sent < due; sent += 1) {
        waiting.push({ scheduled: start + interval * sent, bytes: requestBytes(host, options.next()) });
        const c = idle.pop();
        if (c) dispatch(c);
      }
      if (sent < total) setTimeout(tick, 1);
      else resolve();
    };
    tick();
  });
  // Answers still on the way count, up to 10 s: a server that fell behind shows it in latency and rate.
  await Promise.race([done, new Promise((resolve) => setTimeout(resolve, 10_000))]);
  const cpu = process.cpuUsage(cpuBefore);
  for (const c of connections) c.socket.destroy();
  latencies.sort((a, b) => a - b);
  const round = (ms: number) => Math.round(ms * 10) / 10;
  const replied = counts.ok + counts.other;
  return {
    offered: total,
    answered: replied,
    achieved: replied / ((Math.max(lastAnswer, start + 1) - start) / 1000),
    p50: round(percentile(latencies, 50)),
    p99: round(percentile(latencies, 99)),
    max: round(latencies.at(-1) ?? NaN),
    ...counts,
    clientCpuMs: (cpu.user + cpu.system) / 1000 / Math.max(1, sent),
  };
}

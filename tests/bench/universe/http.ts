import { brotliDecompressSync, gunzipSync, inflateSync } from 'node:zlib';
import { Connection, requestBytes, type Answer, type LoadRequest } from '../load-open';

/**
 * The universe's HTTP client: a pool of keep-alive connections (load-open.ts's light Connection)
 * shared by every simulated player, and tRPC calls made the way the web app's httpBatchLink makes
 * them (one GET per batch of queries, one POST per mutation, superjson's `{json}` envelope), each
 * with `accept-encoding: gzip, deflate, br` as a browser sends. Latency runs from the instant a call
 * was due, so a queue in front of a busy server counts (no coordinated omission).
 */

export interface Call {
  path: string;
  input?: unknown;
}

export interface Reply {
  status: number | null;
  /** Why no answer came (status null): how the connection ended and what it had done before. */
  failure?: string;
  ms: number;
  /** Each call's data, or its error's HTTP status, in order (null when the answer could not be read). */
  results: ({ data: unknown } | { error: number; message: string })[] | null;
}

/** The body of an answer as text. */
export function bodyText(answer: Answer): string {
  const decode = answer.encoding === 'br' ? brotliDecompressSync : answer.encoding === 'gzip' ? gunzipSync : answer.encoding === 'deflate' ? inflateSync : null;
  return (decode ? decode(answer.body) : answer.body).toString('utf8');
}

type Envelope = { result: { data: { json: unknown } } } | { error: { json: { message?: string; data?: { httpStatus?: number } } } };
const resultsOf = (text: string) =>
  (JSON.parse(text) as Envelope[]).map((e) => ('result' in e ? { data: e.result.data.json } : { error: e.error.json.data?.httpStatus ?? 500, message: e.error.json.message ?? '' }));

const envelope = (inputs: readonly unknown[]) => Object.fromEntries(inputs.flatMap((input, i) => (input === undefined ? [] : [[String(i), { json: input }]])));

/**
 * Fastify closes a keep-alive connection idle for 72 s (its keepAliveTimeout). A request written on one
 * just as the server closes it dies without an answer, which a browser retries and this client would
 * count as failed; so, as a browser's pool does, the client drops a connection it left idle this long
 * instead of reusing it.
 */
export const IDLE_CLOSE_MS = 50_000;

/** The HTTP request of a tRPC batch as the web app's httpBatchLink sends it (a GET for queries, a POST for a mutation). */
export function batchRequest(token: string, calls: readonly Call[], mutation: boolean): LoadRequest {
  const paths = calls.map((c) => c.path).join(',');
  const inputs = envelope(calls.map((c) => c.input));
  const headers: Record<string, string> = { authorization: `Bearer ${token}`, 'accept-encoding': 'gzip, deflate, br', 'content-type': 'application/json' };
  return mutation
    ? { method: 'POST', path: `/trpc/${paths}?batch=1`, body: JSON.stringify(inputs), headers }
    : { method: 'GET', path: `/trpc/${paths}?batch=1&input=${encodeURIComponent(JSON.stringify(inputs))}`, headers };
}

export class Client {
  private readonly idle: Connection[] = [];
  private readonly idleSince = new Map<Connection, number>();
  private readonly waiting: { bytes: Buffer; done: (status: number | null, answer?: Answer, failure?: string) => void }[] = [];
  private readonly all: Connection[] = [];
  private readonly host: string;

  private constructor(
    private readonly url: URL,
    private readonly idleCloseMs: number,
  ) {
    this.host = url.host;
  }

  static async open(baseUrl: string, connections: number, idleCloseMs = IDLE_CLOSE_MS): Promise<Client> {
    const client = new Client(new URL(baseUrl), idleCloseMs);
    await Promise.all(Array.from({ length: connections }, () => client.connect()));
    return client;
  }

  private connect(): Promise<void> {
    return new Promise((resolve) => {
      const c = new Connection(this.url.hostname, Number(this.url.port), (free) => this.dispatch(free));
      this.all.push(c);
      c.socket.once('connect', () => {
        this.dispatch(c);
        resolve();
      });
      // A connection the server closed (a restart, a fault) is replaced by a new one.
      c.socket.once('close', () => {
        // An answer no request was waiting for, named by its status and body: Node answers 408 on a
        // connection that sent no request within its headersTimeout (60 s), as the pool's spare
        // connections, opened up front, may never have.
        if (c.closing && c.unsolicited) this.countClosed(`${c.unsolicited} (to no request${c.answered === 1 ? ', on a connection never used' : ''})`);
        this.all.splice(this.all.indexOf(c), 1);
        this.idleSince.delete(c);
        const at = this.idle.indexOf(c);
        if (at >= 0) this.idle.splice(at, 1);
        if (!this.closed) setTimeout(() => void this.connect(), 100);
      });
      c.socket.once('error', () => resolve());
    });
  }

  private closed = false;
  /**
   * Answers that said `Connection: close` (their connection replaced, never reused), by status,
   * method and path (without the query), or by status and body for one that came to no request.
   */
  readonly closedBy = new Map<string, number>();
  /** How many connections the server closed that way. */
  get closedByServer(): number {
    let n = 0;
    for (const count of this.closedBy.values()) n += count;
    return n;
  }
  private countClosed(key: string): void {
    this.closedBy.set(key, (this.closedBy.get(key) ?? 0) + 1);
  }

  private dispatch(c: Connection): void {
    if (c.socket.destroyed) return;
    const next = this.waiting.shift();
    if (!next) {
      this.idleSince.set(c, performance.now());
      this.idle.push(c);
      return;
    }
    const idleMs = performance.now() - (this.idleSince.get(c) ?? performance.now());
    const answeredBefore = c.answered;
    c.send(next.bytes, (status, answer) => {
      const failure = status === null
        ? `the connection closed before an answer${c.lastError ? ` (${c.lastError})` : ''}, after ${answeredBefore} answers on it, ` +
          `${Math.round(idleMs)} ms idle before this request, ${((performance.now() - c.openedAt) / 1000).toFixed(1)} s after it opened`
        : undefined;
      if (c.closing && status !== null) {
        const line = next.bytes.subarray(0, next.bytes.indexOf(' HTTP/1.1')).toString('latin1');
        this.countClosed(`${status} ${line.replace(/\?.*$/, '')}`);
      }
      next.done(status, answer, failure);
    });
  }

  /**
   * The connection idle longest that the server has not had time to close (IDLE_CLOSE_MS); older ones
   * are closed and replaced. The longest idle, not the last freed: the requests go round every
   * connection, as thousands of players' browsers spread theirs, so an api run as several processes
   * (each handed connections in turn) gets its share of them. Taking the last freed, a few
   * connections carried nearly every request at a few in flight, and one api process of two got
   * twice the other's work.
   */
  private takeIdle(): Connection | undefined {
    for (let c = this.idle.shift(); c; c = this.idle.shift()) {
      if (performance.now() - (this.idleSince.get(c) ?? 0) < this.idleCloseMs) return c;
      c.socket.destroy();
    }
    return undefined;
  }

  /** Sends a request now; answers its status and body once it comes (null status: the connection failed). */
  request(r: LoadRequest): Promise<{ status: number | null; answer?: Answer; failure?: string }> {
    return new Promise((resolve) => {
      this.waiting.push({ bytes: requestBytes(this.host, r), done: (status, answer, failure) => resolve({ status, answer, failure }) });
      const c = this.takeIdle();
      if (c) this.dispatch(c);
    });
  }

  /** Queries as one batch (GET), or one mutation (POST); `due` is when the player meant to send it (performance.now()). */
  async trpc(token: string, calls: readonly Call[], mutation: boolean, due: number, read = false): Promise<Reply> {
    const { status, answer, failure } = await this.request(batchRequest(token, calls, mutation));
    const ms = performance.now() - due;
    // Bodies are read only when needed (a command's answer, a partial failure): decompressing every page costs the client's CPU.
    const needed = read || mutation || (status !== null && status !== 200);
    let results: Reply['results'] = null;
    if (needed && answer) {
      try {
        results = resultsOf(bodyText(answer));
      } catch {
        results = null;
      }
    }
    return { status, ms, results, ...(failure ? { failure } : {}) };
  }

  get queued(): number {
    return this.waiting.length;
  }

  close(): void {
    this.closed = true;
    for (const c of this.all) c.socket.destroy();
  }
}

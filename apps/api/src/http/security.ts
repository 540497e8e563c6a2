import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { ApiDeps } from '../deps';

/**
 * The policy the built app runs under: its own scripts only, inline styles (Mantine writes style
 * attributes and <style> tags), images and fonts from itself or data: URLs, calls and sockets to itself.
 */
export const CONTENT_SECURITY_POLICY = [
  "default-src 'self'",
  "script-src 'self'",
  "style-src 'self' 'unsafe-inline'",
  "img-src 'self' data: blob:",
  "font-src 'self' data:",
  "connect-src 'self' ws: wss:",
  "object-src 'none'",
  "base-uri 'self'",
  "form-action 'self'",
  "frame-ancestors 'none'",
].join('; ');

export const SECURITY_HEADERS: Readonly<Record<string, string>> = {
  'content-security-policy': CONTENT_SECURITY_POLICY,
  'x-content-type-options': 'nosniff',
  'referrer-policy': 'strict-origin-when-cross-origin',
  'x-frame-options': 'DENY',
  'cross-origin-opener-policy': 'same-origin',
};

const WRITE_METHODS = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);
const WINDOW_MS = 60_000;

/** How many write calls a request makes: one per REST write; one per procedure of a tRPC mutation batch. */
export function writeCalls(method: string, url: string): number {
  if (!WRITE_METHODS.has(method)) return 0;
  if (url.startsWith('/api/v1/')) return 1;
  if (url.startsWith('/trpc/')) return url.slice('/trpc/'.length).split('?')[0]!.split(',').length;
  return 0;
}

/**
 * Counts each signed-in player's write calls in fixed one-minute windows, per api process (so N
 * processes behind a balancer admit up to N times the figure: see docs/operations.md). Calls without a
 * valid token are not counted here: they are sign-in and sign-up, throttled per address in the database.
 */
export class WriteLimiter {
  private readonly windows = new Map<number, { start: number; count: number }>();

  constructor(private readonly perMinute: number) {}

  /** Admits `calls` more writes of `userId` at `now`, or answers the seconds until the window resets. */
  admit(userId: number, calls: number, now: number): { ok: true } | { ok: false; retryAfterSeconds: number } {
    let window = this.windows.get(userId);
    if (!window || now - window.start >= WINDOW_MS) {
      if (this.windows.size > 100_000) this.sweep(now);
      window = { start: now, count: 0 };
      this.windows.set(userId, window);
    }
    if (window.count + calls > this.perMinute) return { ok: false, retryAfterSeconds: Math.ceil((window.start + WINDOW_MS - now) / 1000) };
    window.count += calls;
    return { ok: true };
  }

  private sweep(now: number): void {
    for (const [id, w] of this.windows) if (now - w.start >= WINDOW_MS) this.windows.delete(id);
  }
}

function bearer(req: FastifyRequest): string | null {
  const header = req.headers.authorization;
  return header?.startsWith('Bearer ') ? header.slice(7) : null;
}

/**
 * Per request: the security headers, the request id echoed as X-Request-Id, the signed-in player's id
 * on every log line of the request (`userId` beside Fastify's `reqId`), and the per-player write limit
 * (429 with {detail} and Retry-After).
 */
export function registerSecurity(app: FastifyInstance, deps: ApiDeps): void {
  const perMinute = deps.catalogue.universe.api_limits.writes_per_player_per_minute;
  const limiter = new WriteLimiter(perMinute);

  app.addHook('onRequest', async (req: FastifyRequest, reply: FastifyReply) => {
    reply.headers(SECURITY_HEADERS);
    reply.header('x-request-id', req.id);
    const token = bearer(req);
    if (!token) return;
    const verified = await deps.tokens.verify(token);
    if ('error' in verified) return; // the call itself answers 401
    req.log = req.log.child({ userId: verified.user.id });
    reply.log = req.log;
    const calls = writeCalls(req.method, req.url);
    if (calls === 0) return;
    const admitted = limiter.admit(verified.user.id, calls, Date.now());
    if (!admitted.ok) {
      return reply
        .code(429)
        .header('retry-after', String(admitted.retryAfterSeconds))
        .send({ detail: `Too many changes: at most ${perMinute} a minute per player. Try again in ${admitted.retryAfterSeconds} seconds.` });
    }
  });
}

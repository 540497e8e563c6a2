import WebSocket from 'ws';

/** A test's view of one /ws connection: every frame received, and whether it is still open. */
export interface TestSocket {
  ws: WebSocket;
  frames: string[];
  /** Parsed {event, data} frames (PING excluded). */
  events(): { event: string; data: Record<string, unknown> }[];
  closed: Promise<{ code: number }>;
  isOpen(): boolean;
  close(): void;
}

/** Opens /ws?token=... and resolves once open; with `answerPings`, answers every PING with PONG. */
export function openSocket(baseUrl: string, token: string, options: { answerPings?: boolean } = {}): Promise<TestSocket> {
  const ws = new WebSocket(`${baseUrl.replace(/^http/, 'ws')}/ws?token=${encodeURIComponent(token)}`);
  const frames: string[] = [];
  const closed = new Promise<{ code: number }>((resolve) => ws.on('close', (code) => resolve({ code })));
  ws.on('message', (raw) => {
    const text = String(raw);
    frames.push(text);
    if (text === 'PING' && options.answerPings !== false) ws.send('PONG');
  });
  return new Promise((resolve, reject) => {
    ws.once('open', () =>
      resolve({
        ws,
        frames,
        events: () => frames.filter((f) => f !== 'PING').map((f) => JSON.parse(f) as { event: string; data: Record<string, unknown> }),
        closed,
        isOpen: () => ws.readyState === WebSocket.OPEN,
        close: () => ws.close(1000),
      }),
    );
    ws.once('error', reject);
  });
}

/** Tries to open /ws and answers the HTTP status and body of the refusal (or 101 if it opened). */
export function refusal(baseUrl: string, query: string): Promise<{ status: number; body: string }> {
  const ws = new WebSocket(`${baseUrl.replace(/^http/, 'ws')}/ws${query}`);
  return new Promise((resolve, reject) => {
    ws.once('unexpected-response', (_req, res) => {
      let body = '';
      res.on('data', (chunk: Buffer) => (body += chunk.toString()));
      res.on('end', () => resolve({ status: res.statusCode ?? 0, body }));
    });
    ws.once('open', () => {
      ws.close();
      resolve({ status: 101, body: '' });
    });
    ws.once('error', (error) => {
      if (!String(error.message).includes('Unexpected server response')) reject(error);
    });
  });
}

/** Polls until `check` passes or the time is up (then throws with `what`). */
export async function waitFor(what: string, check: () => boolean, timeoutMs = 5000): Promise<void> {
  const until = Date.now() + timeoutMs;
  while (!check()) {
    if (Date.now() > until) throw new Error(`Timed out waiting for ${what}`);
    await new Promise((r) => setTimeout(r, 20));
  }
}

export const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

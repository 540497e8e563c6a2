import { expect } from 'vitest';
import type { Service } from '../../../scripts/lib/processes';

/** What the tests of several real api and worker processes do with them (realtime-processes, scale-pgbouncer). */

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

/** Waits until `base`/healthz answers 200 (a sim-worker's heartbeat is there); throws with the service's last lines if it dies. */
export async function healthy(base: string, service: Service): Promise<void> {
  const until = Date.now() + 60_000;
  for (;;) {
    if (service.child.exitCode !== null) throw new Error(`${service.name} exited:\n${service.tail()}`);
    try {
      if ((await fetch(`${base}/healthz`)).ok) return;
    } catch {
      // not listening yet
    }
    if (Date.now() > until) throw new Error(`${service.name} did not become healthy:\n${service.tail()}`);
    await sleep(200);
  }
}

export interface Guest {
  token: string;
  territoryId: number;
}

/** A fresh guest signed up through `base`, with its first territory. */
export async function guest(base: string): Promise<Guest> {
  const res = await fetch(`${base}/api/v1/auth/register-test`, { method: 'POST' });
  expect(res.status).toBe(201);
  const token = ((await res.json()) as { token: { access_token: string } }).token.access_token;
  const territories = (await (await fetch(`${base}/api/v1/territories`, { headers: { authorization: `Bearer ${token}` } })).json()) as { id: number }[];
  return { token, territoryId: territories[0]!.id };
}

/** Queues a Fiber Tangle on the guest's territory through `base`. */
export async function build(base: string, who: Guest): Promise<void> {
  const res = await fetch(`${base}/api/v1/territories/${who.territoryId}/structures`, {
    method: 'POST',
    headers: { authorization: `Bearer ${who.token}`, 'content-type': 'application/json' },
    body: JSON.stringify({ structure_key: 'fiber_tangle' }),
  });
  expect(res.status, await res.clone().text()).toBeLessThan(300);
}

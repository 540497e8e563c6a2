import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AddressInfo } from 'node:net';
import pg from 'pg';
import { createTestApi, type TestApi } from '@brood/api/testing';
import { addNotification, publishEvent } from '@brood/world';
import { createTokenService, type TokenService } from '../../apps/api/src/auth/token';
import { attachRealtime, type Realtime } from '../../apps/api/src/realtime/hub';
import { openSocket, refusal, sleep, waitFor, type TestSocket } from './realtime-helpers';

const PING_MS = 150;
let api: TestApi;
let tokens: TokenService;
let secret: string;
let realtime: Realtime;
let base: string;
let sql: pg.Client;
const sockets: TestSocket[] = [];

async function player(name: string): Promise<{ id: number; token: string }> {
  const { rows } = await sql.query<{ id: number }>(`insert into users (username, email, password_hash) values ($1, $2, 'x') returning id`, [name, `${name}@example.test`]);
  const id = rows[0]!.id;
  return { id, token: await tokens.issue({ id, username: name }) };
}

async function connect(token: string, options?: { answerPings?: boolean }): Promise<TestSocket> {
  const socket = await openSocket(base, token, options);
  sockets.push(socket);
  return socket;
}

beforeAll(async () => {
  api = await createTestApi();
  tokens = api.deps.tokens;
  secret = api.deps.env.JWT_SECRET;
  realtime = await attachRealtime(api.app, api.deps, { pingIntervalMs: PING_MS });
  await api.app.listen({ port: 0, host: '127.0.0.1' });
  base = `http://127.0.0.1:${(api.app.server.address() as AddressInfo).port}`;
  sql = new pg.Client({ connectionString: api.url });
  await sql.connect();
});

afterAll(async () => {
  for (const s of sockets) s.close();
  await realtime?.close();
  await sql?.end();
  await api?.close();
});

describe('/ws handshake', () => {
  it('refuses a missing, forged or expired token, and a removed account, with 401 and a reason', async () => {
    const ana = await player('ana');
    const forged = await createTokenService('some-other-secret-0123456789', 3600).issue({ id: ana.id, username: 'ana' });
    const expired = await createTokenService(secret, 0).issue({ id: ana.id, username: 'ana' });
    const ghost = await tokens.issue({ id: 999_999, username: 'ghost' });
    expect(await refusal(base, '')).toEqual({ status: 401, body: JSON.stringify({ detail: 'Not authenticated' }) });
    expect(await refusal(base, `?token=${forged}`)).toEqual({ status: 401, body: JSON.stringify({ detail: 'Could not validate credentials' }) });
    expect(await refusal(base, `?token=${expired}`)).toEqual({ status: 401, body: JSON.stringify({ detail: 'Token has expired' }) });
    expect(await refusal(base, `?token=${ghost}`)).toEqual({ status: 401, body: JSON.stringify({ detail: 'Could not validate credentials' }) });
    expect(await refusal(base, `?token=${ana.token}`)).toEqual({ status: 101, body: '' });
  });
});

describe('events', () => {
  it("reach every socket of the user they name, after commit, and no one else's", async () => {
    const ana = await player('ana2');
    const bob = await player('bob2');
    const anaTab1 = await connect(ana.token);
    const anaTab2 = await connect(ana.token);
    const bobTab = await connect(bob.token);

    const added = await api.db.orm.em.fork().transactional(async (tem) => {
      const data = await addNotification({ em: tem, boss: api.deps.boss }, ana.id, { message_type: 'GENERIC_INFORMATION', title: 'Welcome, Overmind', content: 'hello' });
      await sleep(100);
      expect(anaTab1.events()).toEqual([]); // not before commit
      return data;
    });
    await waitFor('both of ana\'s tabs', () => anaTab1.events().length === 1 && anaTab2.events().length === 1);
    expect(anaTab1.events()).toEqual([{ event: 'NEW_NOTIFICATION_RECEIVED', data: added }]);
    expect(anaTab2.events()).toEqual([{ event: 'NEW_NOTIFICATION_RECEIVED', data: added }]);

    // Bob hears his own event, and only that one: so anything of ana's would have arrived before it.
    await api.db.orm.em.fork().transactional((tem) => publishEvent(tem, bob.id, 'RESOURCE_UPDATE', { territory_id: 1 }));
    await waitFor('bob\'s event', () => bobTab.events().length === 1);
    expect(bobTab.events()).toEqual([{ event: 'RESOURCE_UPDATE', data: { territory_id: 1 } }]);
  });

  it('a rolled-back event reaches no one', async () => {
    const cai = await player('cai');
    const tab = await connect(cai.token);
    await expect(
      api.db.orm.em.fork().transactional(async (tem) => {
        await addNotification({ em: tem, boss: api.deps.boss }, cai.id, { message_type: 'GENERIC_INFORMATION', title: 'never', content: null });
        throw new Error('rolled back');
      }),
    ).rejects.toThrow('rolled back');
    await api.db.orm.em.fork().transactional((tem) => publishEvent(tem, cai.id, 'RESOURCE_UPDATE', { territory_id: 4242 }));
    await waitFor('the marker', () => tab.events().length > 0);
    expect(tab.events().map((e) => e.event)).toEqual(['RESOURCE_UPDATE']);
  });
});

describe('heartbeat', () => {
  it('pings every interval, keeps sockets that answer PONG and drops silent ones', async () => {
    const dee = await player('dee');
    const lively = await connect(dee.token, { answerPings: true });
    const silent = await connect(dee.token, { answerPings: false });
    await waitFor('a ping', () => lively.frames.includes('PING') && silent.frames.includes('PING'), 2000);
    const { code } = await silent.closed; // terminated after two intervals without a word
    expect(code).toBe(1006);
    await sleep(PING_MS * 4);
    expect(lively.isOpen()).toBe(true);
    expect(lively.frames.filter((f) => f === 'PING').length).toBeGreaterThanOrEqual(4);
  });
});

describe('LISTEN connection', () => {
  it('reconnects after the database drops it and delivers later events', async () => {
    const eve = await player('eve');
    const tab = await connect(eve.token);
    const { rowCount } = await sql.query(`select pg_terminate_backend(pid) from pg_stat_activity where application_name = 'broodspace-realtime' and datname = current_database()`);
    expect(rowCount).toBe(1);
    // Keep raising until one gets through: the listener is back once an event arrives.
    const until = Date.now() + 8000;
    while (!tab.events().some((e) => e.event === 'RESOURCE_UPDATE')) {
      expect(Date.now()).toBeLessThan(until);
      await api.db.orm.em.fork().transactional((tem) => publishEvent(tem, eve.id, 'RESOURCE_UPDATE', { territory_id: 4242 }));
      await sleep(100);
    }
  });
});

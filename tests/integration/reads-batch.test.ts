import { createRequire } from 'node:module';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { call, createPlayer, createTestApi, type TestApi, type TestPlayer } from '@brood/api/testing';

/**
 * The reads of a screen: the web app sends a tab's queries as one GET (httpBatchLink), and the api
 * answers them from one instant, reading what they share once (issue 30). Statements are counted on
 * the api's own pool, at pg's Client.query (MikroORM's copy of pg: pg-boss's is another).
 */

let api: TestApi;
let alice: TestPlayer;
let bob: TestPlayer;
let home: number;
let bobsHome: number;

type Query = readonly [path: string, input?: object];

const empire = (id: number): Query[] => [
  ['territories.get', { id }],
  ['territories.units', { id }],
  ['territories.defenses', { id }],
  ['construction.queue', { territory_id: id }],
  ['recruitment.queue', { territory_id: id }],
  ['defense.queue', { territory_id: id }],
  ['stats.overview'],
];

/** The shell's batch on sign-in (the web app's first screen). */
const signIn = (id: number): Query[] => [
  ['users.me'],
  ['gameData.all'],
  ['territories.list'],
  ['territories.get', { id }],
  ['stats.overview'],
  ['research.technologies'],
  ['notifications.unreadCount'],
  ['messages.unreadCount'],
  ['movements.active'],
  ['highscores.me', { sort_by: 'total_score', limit: 1 }],
  ['construction.queue', { territory_id: id }],
  ['recruitment.queue', { territory_id: id }],
  ['defense.queue', { territory_id: id }],
  ['research.queue'],
];

/** What tRPC answers for each query of a GET batch: its data, or its error's code and message. */
async function batch(who: TestPlayer, queries: readonly Query[]): Promise<unknown[]> {
  const input = Object.fromEntries(queries.map(([, value], i) => [i, value === undefined ? undefined : { json: value }]));
  const url = `/trpc/${queries.map(([path]) => path).join(',')}?batch=1&input=${encodeURIComponent(JSON.stringify(input))}`;
  const res = await call(api, who, { method: 'GET', url });
  return res.json<{ result?: { data: { json: unknown } }; error?: { json: { message: string; data: { httpStatus: number } } } }[]>().map((answer) =>
    answer.result ? answer.result.data.json : { status: answer.error!.json.data.httpStatus, message: answer.error!.json.message },
  );
}

let recording: string[] | null = null;
let restore = () => {};

/**
 * The statements the api sends for `call` of `who`, and its answer. A call just before makes sure the
 * player's session is kept and their activity written (a call writes it every few minutes).
 */
async function recorded<T>(who: TestPlayer, call: () => Promise<T>): Promise<{ answer: T; statements: string[] }> {
  await batch(who, [['users.me']]);
  recording = [];
  try {
    const answer = await call();
    return { answer, statements: recording };
  } finally {
    recording = null;
  }
}

/** The statements the api sends for one GET batch, and its answers. */
const counted = (who: TestPlayer, queries: readonly Query[]) => recorded(who, () => batch(who, queries));

const rest = (who: TestPlayer, url: string, payload: object) => call(api, who, { method: 'POST', url: `/api/v1${url}`, payload });
const sql = (text: string, params: unknown[]) => api.db.orm.em.fork().execute(text, params);

beforeAll(async () => {
  // Each pooled connection binds the query method it has when it connects (db/prepared.ts), so the
  // recording goes on MikroORM's copy of pg before the api opens any: every connection then records.
  const proto = (createRequire(require.resolve('@mikro-orm/postgresql'))('pg') as { Client: { prototype: { query: (...args: unknown[]) => unknown } } }).Client.prototype;
  const query = proto.query;
  proto.query = function (this: unknown, ...args: unknown[]) {
    const text = typeof args[0] === 'string' ? args[0] : (args[0] as { text?: string } | undefined)?.text;
    recording?.push(text ?? '?');
    return query.apply(this, args);
  };
  restore = () => void (proto.query = query);
  api = await createTestApi();
  // As in a running api, whose realtime listener is up: a signed-in call does not read its account every time.
  api.deps.sessions.setLive(true);
  alice = await createPlayer(api);
  bob = await createPlayer(api);
  const homeOf = async (who: TestPlayer) => ((await batch(who, [['territories.list']]))[0] as { id: number }[])[0]!.id;
  [home, bobsHome] = [await homeOf(alice), await homeOf(bob)];
  // Something in every queue: two build levels (their order), a batch of units, a defense, a research.
  await sql(`update territories set resources = ?::jsonb, structures = ?::jsonb, resources_updated_at = now() where id = ?`, [
    JSON.stringify({ fiber: 50000, crystal: 50000, biomass: 50000, resin: 5000 }),
    JSON.stringify({ builder_hive: 2, cortex_nest: 1, brood_hatchery: 1, carapace_works: 4, resin_gland: 2 }),
    home,
  ]);
  for (const [url, payload] of [
    [`/territories/${home}/structures`, { structure_key: 'fiber_tangle' }],
    [`/territories/${home}/structures`, { structure_key: 'fiber_tangle' }],
    [`/territories/${home}/units`, { unit_key: 'razorwing', quantity: 4 }],
    [`/territories/${home}/defenses`, { defense_key: 'lesser_membrane', quantity: 1 }],
    ['/research', { tech_key: 'echo_sensing', territory_id_for_cost: home }],
  ] as const) {
    const res = await rest(alice, url, payload);
    if (res.statusCode !== 201) throw new Error(`${url}: ${res.statusCode} ${res.body}`);
  }
});
afterAll(async () => {
  restore();
  await api?.close();
});

describe('a GET batch reads once what its queries share', () => {
  it('the Empire screen\'s batch sends at most 4 statements, and answers what its queries answer one at a time', async () => {
    vi.useFakeTimers({ toFake: ['Date'] }); // one instant for the batch and the single calls: the same settled stock
    try {
      const { answer, statements } = await counted(alice, empire(home));
      // One for the player's territories settled (the territory, its units and defenses, the stats), one for
      // the three queues and the territory's owner, one for the technologies, one for the allied fleets.
      expect(statements.length, statements.join('\n')).toBeLessThanOrEqual(4);
      const single = await Promise.all(empire(home).map(async (query) => (await batch(alice, [query]))[0]));
      expect(answer).toEqual(single);
    } finally {
      vi.useRealTimers();
    }
  });

  it('the sign-in batch sends at most 10 statements for its 14 queries, and answers what they answer one at a time', async () => {
    vi.useFakeTimers({ toFake: ['Date'] });
    try {
      const { answer, statements } = await counted(alice, signIn(home));
      // The territories, the three territory queues and the technologies are read once each; the rest one each.
      expect(statements.length, statements.join('\n')).toBeLessThanOrEqual(10);
      expect(answer).toEqual(await Promise.all(signIn(home).map(async (query) => (await batch(alice, [query]))[0])));
    } finally {
      vi.useRealTimers();
    }
  });

  it('answers every queue in its order (start time, then creation), and shares one technologies read with the stats', async () => {
    const [build, recruitment, defense, research, technologies] = (await batch(alice, [
      ['construction.queue', { territory_id: home }],
      ['recruitment.queue', { territory_id: home }],
      ['defense.queue', { territory_id: home }],
      ['research.queue'],
      ['research.technologies'],
    ])) as { start_time: string; target_level?: number; unit_key?: string; defense_key?: string; tech_key?: string }[][];
    expect(build!.map((item) => item.target_level)).toEqual([1, 2]);
    expect(Date.parse(build![0]!.start_time)).toBeLessThan(Date.parse(build![1]!.start_time));
    expect(recruitment!).toMatchObject([{ unit_key: 'razorwing', quantity: 4, territory_id: home }]);
    expect(defense!).toMatchObject([{ defense_key: 'lesser_membrane', quantity: 1, territory_id: home }]);
    expect(research!).toMatchObject([{ tech_key: 'echo_sensing', target_level: 1, territory_id_for_cost: home }]);
    expect(technologies).toEqual([]);
    // The player's territories, their technologies (read once for both), the allied fleets stationed with them.
    const { statements } = await counted(alice, [['research.technologies'], ['stats.overview']]);
    expect(statements.length, statements.join('\n')).toBeLessThanOrEqual(3);
  });

  it('refuses another player\'s territory (403) and a missing one (404) per query, beside the answers of the player\'s own', async () => {
    const foreign = { status: 403, message: 'You do not own this territory' };
    const missing = { status: 404, message: 'Territory not found' };
    const answers = await batch(alice, [
      ['construction.queue', { territory_id: bobsHome }],
      ['recruitment.queue', { territory_id: 999_999 }],
      ['defense.queue', { territory_id: bobsHome }],
      ['territories.units', { id: bobsHome }],
      ['territories.get', { id: 999_999 }],
      ['construction.queue', { territory_id: home }],
    ]);
    expect(answers.slice(0, 5)).toEqual([foreign, missing, foreign, foreign, missing]);
    expect(answers[5]).toHaveLength(2);
    expect(await batch(bob, [['construction.queue', { territory_id: home }], ['territories.get', { id: home }]])).toEqual([foreign, foreign]);
  });
});

describe('a sector of the map', () => {
  it('is one statement, its owners\' markers included, and marks them as the whole region\'s list does', async () => {
    const [where] = (await sql('select region, sub_region from territories where id = ?', [bobsHome])) as { region: number; sub_region: number }[];
    await sql('update users set vacation_since = now() where id = ?', [bob.user.id]);
    try {
      const { answer, statements } = await counted(alice, [['map.regionTerritories', { regionId: where!.region, subRegion: where!.sub_region }]]);
      const sector = answer[0] as { id: number; owner_id: number | null; owner_username: string | null; owner_status: string[] }[];
      const bobs = sector.find((t) => t.id === bobsHome);
      expect(bobs).toMatchObject({ owner_id: bob.user.id, owner_username: bob.user.username });
      expect(bobs!.owner_status).toContain('v');
      expect(statements.length, statements.join('\n')).toBeLessThanOrEqual(1);
      // The whole region's list (read apart, its owners' markers read apart) marks every owner of the sector alike.
      const region = (await call(api, alice, { method: 'GET', url: `/api/v1/map/region/${where!.region}/territories` })).json<typeof sector>();
      for (const t of sector) expect(region.find((r) => r.id === t.id)).toEqual(t);
    } finally {
      await sql('update users set vacation_since = null where id = ?', [bob.user.id]);
    }
  });
});

describe('a queue command reads what its checks need with its settle', () => {
  /** The statements one command sends, its job's insert among them (in its transaction), and its status. */
  async function commandStatements(who: TestPlayer, url: string, payload: object): Promise<{ status: number; statements: string[] }> {
    const { answer, statements } = await recorded(who, () => rest(who, url, payload));
    return { status: answer.statusCode, statements };
  }
  /** A territory's coordinates as a dispatch names its target. */
  const targetOf = async (id: number) => {
    const [where] = (await sql('select region, sub_region, position from territories where id = ?', [id])) as { region: number; sub_region: number; position: number }[];
    return { target_region: where!.region, target_sub_region: where!.sub_region, target_position: where!.position };
  };
  const player = async () => {
    const who = await createPlayer(api);
    const id = ((await batch(who, [['territories.list']]))[0] as { id: number }[])[0]!.id;
    await sql(`update territories set resources = ?::jsonb, structures = ?::jsonb, resources_updated_at = now() where id = ?`, [
      JSON.stringify({ fiber: 50000, crystal: 50000, biomass: 50000, resin: 5000 }), JSON.stringify({ builder_hive: 2, cortex_nest: 1, brood_hatchery: 1 }), id,
    ]);
    return { who, id };
  };

  it('a build: the territory locked, settled with its owner\'s vacation, its queue, the item, the stock, the announcement', async () => {
    const { who, id } = await player();
    const { status, statements } = await commandStatements(who, `/territories/${id}/structures`, { structure_key: 'fiber_tangle' });
    expect(status).toBe(201);
    // begin, the lock, the settle (items, research, the player's territories and vacation), the pending items,
    // the item's insert, the stock's update, the completion job, the socket message, commit: no read of the vacation alone.
    expect(statements.length, statements.join('\n')).toBeLessThanOrEqual(9);
    expect(statements.filter((s) => /vacation_since from users/.test(s)), statements.join('\n')).toEqual([]);
  });

  it('a research paid by a territory: its settle also answers the technologies and the territories the speed counts', async () => {
    const { who, id } = await player();
    const { status, statements } = await commandStatements(who, '/research', { tech_key: 'echo_sensing', territory_id_for_cost: id });
    expect(status).toBe(201);
    // begin, the player's lock, the territory's, the settle, the pending research, insert, update, job, message, commit.
    expect(statements.length, statements.join('\n')).toBeLessThanOrEqual(10);
  });

  it('an attack: the sender\'s name from the fair-play read, the bash limit\'s launches pruned and recorded as they are read, both notifications stored at once', async () => {
    const { who, id } = await player();
    const { who: owner, id: target } = await player();
    await sql(`update territories set units = '{"razorwing": 10}'::jsonb where id = ?`, [id]);
    const { status, statements } = await commandStatements(who, '/movements', { start_territory_id: id, ...(await targetOf(target)), mission: 'ATTACK', units: { razorwing: 2 } });
    expect(status).toBe(201);
    // begin, the player's lock, the territory's, the settle, the target, the fair-play read with the fleets out,
    // the launches (pruned, this one recorded, and read, in one statement), the movement's insert, the stock's
    // update, the arrival job, the two notifications, their push subscriptions, commit.
    expect(statements.length, statements.join('\n')).toBeLessThanOrEqual(13);
    expect(statements.filter((s) => /from movements/.test(s) && !/from users/.test(s)), statements.join('\n')).toEqual([]);
    expect(statements.filter((s) => /insert into attack_launches/.test(s)), statements.join('\n')).toHaveLength(1);
    const warned = await call(api, owner, { method: 'GET', url: '/api/v1/notifications' });
    const [sender] = (await sql('select username from users u join territories t on t.owner_id = u.id where t.id = ?', [id])) as { username: string }[];
    expect(warned.json<{ message_type: string; content: { attacker_username: string } }[]>().find((n) => n.message_type === 'INCOMING_ATTACK_WARNING')?.content.attacker_username).toBe(sender!.username);
  });

  it('a transport to another player: their movements list announced with the launch notice, in one statement', async () => {
    const { who, id } = await player();
    const { id: target } = await player();
    await sql(`update territories set units = '{"hauler_grub": 2}'::jsonb where id = ?`, [id]);
    const { status, statements } = await commandStatements(who, '/movements', {
      start_territory_id: id, ...(await targetOf(target)), mission: 'TRANSPORT', units: { hauler_grub: 1 }, resources: { fiber: 100 },
    });
    expect(status).toBe(201);
    // begin, the player's lock, the territory's, the settle, the target, the fair-play read with the fleets out,
    // the movement's insert, the stock's update, the arrival job, the notice and both events, commit.
    expect(statements.length, statements.join('\n')).toBeLessThanOrEqual(11);
  });
});

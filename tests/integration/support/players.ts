import type { ApiWithSql } from './test-api';

export interface Player {
  id: number;
  name: string;
  headers: { authorization: string };
}

/** A player inserted straight into users, with a token for the api. */
export async function makePlayer(ctx: ApiWithSql, name: string): Promise<Player> {
  const { rows } = await ctx.sql.query<{ id: number }>(`insert into users (username, email, password_hash) values ($1, $2, 'x') returning id`, [name, `${name}@example.test`]);
  const id = rows[0]!.id;
  return { id, name, headers: { authorization: `Bearer ${await ctx.api.deps.tokens.issue({ id, username: name })}` } };
}

/** One REST call as `who` (or signed out): status and parsed body. */
export async function callApi<T = unknown>(ctx: ApiWithSql, method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, who?: Player, payload?: object): Promise<{ status: number; body: T }> {
  const res = await ctx.api.app.inject({ method, url, ...(who ? { headers: who.headers } : {}), ...(payload ? { payload } : {}) });
  return { status: res.statusCode, body: (res.body ? res.json() : null) as T };
}

/** Every game event NOTIFYed while the test runs, as {user_id, event, data}. */
export async function listenToEvents(ctx: ApiWithSql): Promise<{ user_id: number; event: string; data: Record<string, unknown> }[]> {
  const seen: { user_id: number; event: string; data: Record<string, unknown> }[] = [];
  ctx.sql.on('notification', (n) => {
    if (n.channel === 'game_events' && n.payload) seen.push(JSON.parse(n.payload) as (typeof seen)[number]);
  });
  await ctx.sql.query('listen game_events');
  return seen;
}

/**
 * Reads until `check` passes, for what reaches the api by NOTIFY (within milliseconds of the commit);
 * after `ms` (5 s), the last value, for the test's own assertion to show.
 */
export async function readUntil<T>(read: () => Promise<T>, check: (value: T) => boolean, ms = 5_000): Promise<T> {
  const until = Date.now() + ms;
  for (;;) {
    const value = await read();
    if (check(value) || Date.now() > until) return value;
    await new Promise((r) => setTimeout(r, 20));
  }
}

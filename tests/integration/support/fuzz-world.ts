import { afterAll, beforeAll } from 'vitest';
import { createPlayer, createTestApi, type TestApi } from '@brood/api/testing';
import type { FuzzWorld } from './fuzz';

/**
 * An api for a fuzz suite, its write limit raised so a run exercises the commands rather than the
 * 429, and a player who owns a territory, a build item and (when the game sent one) a notification.
 */
export async function fuzzWorld(): Promise<FuzzWorld> {
  const api: TestApi = await createTestApi({ UNIVERSE_OVERRIDES: JSON.stringify({ api_limits: { writes_per_player_per_minute: 1_000_000 } }) });
  const player = await createPlayer(api);
  const get = (url: string) => api.app.inject({ method: 'GET', url, headers: player.headers });
  const territoryId = (await get('/api/v1/territories')).json<{ id: number }[]>()[0]!.id;
  const ownTexts: string[] = [];
  for (const key of Object.keys(api.deps.catalogue.structures)) {
    const started = await api.app.inject({ method: 'POST', url: `/api/v1/territories/${territoryId}/structures`, headers: player.headers, payload: { structure_key: key } });
    if (started.statusCode === 201) {
      ownTexts.push(String(started.json<{ id: string | number }>().id));
      break;
    }
  }
  const notifications = (await get('/api/v1/notifications?include_read=true')).json<{ id: string }[]>();
  ownTexts.push(...notifications.slice(0, 1).map((n) => String(n.id)));
  return { api, player, territoryId, ownTexts };
}

/** Cases per route or procedure; FUZZ_RUNS=500 for a longer hunt. */
export const FUZZ_RUNS = Number(process.env.FUZZ_RUNS ?? 30);

/** Registers the hooks that start a fuzz world for the calling file; `world` is set once `beforeAll` has run. */
export function useFuzzWorld(): { world: FuzzWorld } {
  const ctx = {} as { world: FuzzWorld };
  beforeAll(async () => {
    ctx.world = await fuzzWorld();
  });
  afterAll(async () => {
    await ctx.world?.api.close();
  });
  return ctx;
}

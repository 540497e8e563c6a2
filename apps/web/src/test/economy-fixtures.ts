import { TRPCClientError } from '@trpc/client';
import { loadCatalogue, toClientGameData } from '@brood/game-data';
import type { RouterOutputs } from '../lib/api-types';
import type { GameData, TerritoryDetails } from '../features/territories/queries';

/** Data the economy panels' component tests answer calls with: the real catalogue, one territory. */

export const gameData: GameData = toClientGameData(loadCatalogue());

export function territory(overrides: Partial<TerritoryDetails> = {}): TerritoryDetails {
  const keys = gameData.orderedResourceKeys;
  return {
    id: 7,
    name: 'Nest',
    region: 12,
    sub_region: 30,
    position: 4,
    resources: keys.map((resource_key) => ({ resource_key, amount: resource_key === 'fiber' ? 500 : resource_key === 'crystal' ? 300 : resource_key === 'biomass' ? 200 : 0 })),
    structures: [],
    all_resources_production_per_hour: Object.fromEntries(keys.map((k) => [k, k === 'fiber' ? 30 : 0])),
    all_resources_storage_capacities: Object.fromEntries(keys.map((k) => [k, 10_000])),
    biomass_upkeep_per_hour: 0,
    resources_updated_at: new Date('2030-01-01T00:00:00Z'),
    ...overrides,
  };
}

export type BuildQueue = RouterOutputs['construction']['queue'];

/** Answers the reads every economy panel makes; `extra` answers the rest (or throws). */
export function economyAnswers(t: TerritoryDetails, extra: (path: string, input: unknown) => unknown = () => undefined) {
  return (path: string, input: unknown): unknown => {
    switch (path) {
      case 'gameData.all':
        return gameData;
      case 'territories.get':
        return t;
      case 'territories.list':
        return [t];
      case 'territories.units':
      case 'territories.defenses':
      case 'research.technologies':
        return [];
      case 'construction.queue':
      case 'research.queue':
      case 'recruitment.queue':
      case 'defense.queue':
        return extra(path, input) ?? [];
      default: {
        const answer = extra(path, input);
        if (answer === undefined) throw new Error(`unexpected call ${path}`);
        return answer;
      }
    }
  };
}

/** What a refused call rejects with: the server's message and HTTP status, as the tRPC client builds it. */
export function serverError(httpStatus: number, message: string, path: string) {
  return TRPCClientError.from({ error: { code: -32600, message, data: { code: 'BAD_REQUEST', httpStatus, path } } } as never);
}

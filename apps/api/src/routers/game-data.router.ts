import type { TRPCRouterRecord } from '@trpc/server';
import { toClientGameData, type Catalogue, type ClientGameData } from '@brood/game-data';
import { keepSerialized } from '../http/kept-serialization';
import { publicProcedure } from '../trpc';

const cache = new WeakMap<Catalogue, ClientGameData>();

/** The catalogue never changes while a process runs: build the client view (and its serialized form) once per catalogue. */
function clientGameData(catalogue: Catalogue): ClientGameData {
  let data = cache.get(catalogue);
  if (!data) {
    data = keepSerialized(toClientGameData(catalogue));
    cache.set(catalogue, data);
  }
  return data;
}

export const gameDataRouter = {
  /** GET /game-data/all: the whole static catalogue the client renders from (static, so no sign-in needed). */
  all: publicProcedure.query(({ ctx }) => clientGameData(ctx.deps.catalogue)),
} satisfies TRPCRouterRecord;

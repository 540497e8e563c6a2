import { publicProcedure } from '../trpc';

export const healthRouter = {
  ping: publicProcedure.query(({ ctx }) => ({ ok: true, time: ctx.now().toISOString() })),
};

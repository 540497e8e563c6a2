import { router } from './trpc';
import { healthRouter } from './routers/health.router';
import { mapRouter } from './routers/map.router';
import { wreckageRouter } from './routers/wreckage.router';

/** One router per domain (routers/<domain>.router.ts). */
export const appRouter = router({
  health: healthRouter,
  map: mapRouter,
  wreckage: wreckageRouter,
});

export type AppRouter = typeof appRouter;

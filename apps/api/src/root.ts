import { router } from './trpc';
import { healthRouter } from './routers/health.router';

/** One router per domain (routers/<domain>.router.ts). */
export const appRouter = router({
  health: healthRouter,
});

export type AppRouter = typeof appRouter;

import { router } from './trpc';
import { healthRouter } from './routers/health.router';
import { mapRouter } from './routers/map.router';
import { wreckageRouter } from './routers/wreckage.router';
import { notificationsRouter } from './routers/notifications.router';

/** One router per domain (routers/<domain>.router.ts). */
export const appRouter = router({
  health: healthRouter,
  map: mapRouter,
  wreckage: wreckageRouter,
  notifications: notificationsRouter,
});

export type AppRouter = typeof appRouter;

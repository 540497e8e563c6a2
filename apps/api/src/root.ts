import { router } from './trpc';
import { healthRouter } from './routers/health.router';
import { authRouter } from './routers/auth.router';
import { usersRouter } from './routers/users.router';
import { mapRouter } from './routers/map.router';
import { wreckageRouter } from './routers/wreckage.router';
import { notificationsRouter } from './routers/notifications.router';
import { gameDataRouter } from './routers/game-data.router';
import { territoriesRouter } from './routers/territories.router';
import { constructionRouter } from './routers/construction.router';
import { researchRouter } from './routers/research.router';
import { recruitmentRouter } from './routers/recruitment.router';
import { defenseRouter } from './routers/defense.router';
import { statsRouter } from './routers/stats.router';
import { alliancesRouter } from './routers/alliances.router';
import { highscoresRouter } from './routers/highscores.router';
import { hallOfFameRouter } from './routers/hall-of-fame.router';
import { movementsRouter } from './routers/movements.router';
import { adminRouter } from './routers/admin.router';
import { battlesRouter } from './routers/battles.router';
import { pushRouter } from './routers/push.router';
import { awayRouter } from './routers/away.router';
import { messagesRouter } from './routers/messages.router';
import { playersRouter } from './routers/players.router';
import { buddiesRouter } from './routers/buddies.router';
import { fairPlayRouter } from './routers/fair-play.router';

/** One router per domain (routers/<domain>.router.ts). */
export const appRouter = router({
  health: healthRouter,
  auth: authRouter,
  users: usersRouter,
  map: mapRouter,
  wreckage: wreckageRouter,
  notifications: notificationsRouter,
  gameData: gameDataRouter,
  territories: territoriesRouter,
  construction: constructionRouter,
  research: researchRouter,
  recruitment: recruitmentRouter,
  defense: defenseRouter,
  stats: statsRouter,
  alliances: alliancesRouter,
  highscores: highscoresRouter,
  hallOfFame: hallOfFameRouter,
  movements: movementsRouter,
  admin: adminRouter,
  battles: battlesRouter,
  push: pushRouter,
  away: awayRouter,
  messages: messagesRouter,
  players: playersRouter,
  buddies: buddiesRouter,
  fairPlay: fairPlayRouter,
});

export type AppRouter = typeof appRouter;

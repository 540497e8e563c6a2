import type { FastifyInstance } from 'fastify';
import type { ContextFactory } from '../context';
import { registerAuthRest } from './auth.rest';
import { registerUsersRest } from './users.rest';
import { registerMapRest } from './map.rest';
import { registerNotificationsRest } from './notifications.rest';
import { registerGameDataRest } from './game-data.rest';
import { registerTerritoriesRest } from './territories.rest';
import { registerConstructionRest } from './construction.rest';
import { registerResearchRest } from './research.rest';
import { registerDefenseRest, registerRecruitmentRest } from './batch-queue.rest';
import { registerStatsRest } from './stats.rest';
import { registerAlliancesRest } from './alliances.rest';
import { registerHighscoresRest } from './highscores.rest';
import { registerHallOfFameRest } from './hall-of-fame.rest';
import { registerMovementsRest } from './movements.rest';
import { registerPushRest } from './push.rest';
import { registerMessagesRest } from './messages.rest';

/** Every /api/v1 adapter, one file per domain (rest/<domain>.rest.ts). */
export function registerRest(app: FastifyInstance, makeContext: ContextFactory): void {
  void app;
  void makeContext;
  registerAuthRest(app, makeContext);
  registerUsersRest(app, makeContext);
  registerMapRest(app, makeContext);
  registerNotificationsRest(app, makeContext);
  registerGameDataRest(app, makeContext);
  registerTerritoriesRest(app, makeContext);
  registerConstructionRest(app, makeContext);
  registerResearchRest(app, makeContext);
  registerRecruitmentRest(app, makeContext);
  registerDefenseRest(app, makeContext);
  registerStatsRest(app, makeContext);
  registerAlliancesRest(app, makeContext);
  registerHighscoresRest(app, makeContext);
  registerHallOfFameRest(app, makeContext);
  registerMovementsRest(app, makeContext);
  registerPushRest(app, makeContext);
  registerMessagesRest(app, makeContext);
}

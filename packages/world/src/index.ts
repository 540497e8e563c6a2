export { createBoss, migrateBoss, type BossRole } from './db/boss';
export { migrateDatabase } from './db/migrate';
export { runProcess, type RunningProcess, type ProcessLog } from './db/process';
export { DatabaseUrlEnv, LogLevelEnv, UniverseOverridesEnv, deploymentCatalogue, parseEnv } from './db/env';
export { createOrm, migrate, pendingMigrations, ormConfig, type Orm, type EntityManager } from './db/orm';
export { GRID, GRID_BOUNDS, gridCheck, type GridColumn } from './db/grid';
export * from './entities';
export { GameError, fail, type GameErrorKind } from './errors';
export { publishEvent, publishEvents, GAME_EVENTS_CHANNEL, ACCOUNT_CHANGES_CHANNEL, MAX_EVENT_PAYLOAD_BYTES, type GameEventPayload } from './events';
export {
  defineJob, defineBatchJob, jobContract, scheduleJob, ensureQueue, DEAD_LETTER_QUEUE,
  type BatchJob, type JobContract, type JobDefinition, type JobDeps, type JobInfo, type JobOptions, type JobSender, type ScheduleOptions, type DeadLetter,
} from './jobs';
export { JOBS } from './job-contracts';
export * from './kernel';
export * from './commands/accounts';
export { beat, withdrawHeartbeat } from './commands/ops/heartbeat.command';
export { liveWorkers } from './queries/live-workers.query';
export * from './queries/map.query';
export * from './queries/map-wreckage.query';
export * from './commands/notifications';
export * from './queries/notifications';
export * from './commands/territories';
export * from './commands/alliances';
export { allianceOf, areAllies, ALLIANCE_NOT_FOUND, NOT_IN_ALLIANCE } from './queries/alliance-reads';
export { listAlliances, getAlliance, listApplications, membershipView, type AllianceView, type AllianceDetailView, type AllianceMemberView, type ApplicationView } from './queries/alliances.query';
export * from './commands/scores';
export * from './queries/highscores.query';
export { HIGHSCORE_PAGE_KEPT_MS, keptHighscorePage, keptOwnHighscore } from './queries/highscores-kept.query';
export * from './commands/hall-of-fame';
export * from './queries/hall-of-fame.query';
export * from './commands/fleets';
export * from './commands/moderation';
export * from './commands/multi-party';
export * from './commands/war';
export * from './commands/wreckage';
export * from './queries/moderation';
export { publishToEveryone } from './events';
export { settledViews } from './settle';

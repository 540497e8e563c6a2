export { startEmbeddedPostgres, ensureDatabase, type EmbeddedDatabase } from './db/embedded';
export { createOrm, migrate, pendingMigrations, ormConfig, type Orm, type EntityManager } from './db/orm';
export * from './entities';
export { GameError, fail, type GameErrorKind } from './errors';

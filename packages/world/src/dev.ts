/**
 * Development tooling, not part of the game's production entry: an embedded PostgreSQL server for
 * `npm start` without a DATABASE_URL, for scripts and for tests (`@brood/world/dev`).
 */
export { startEmbeddedPostgres, ensureDatabase, databaseUrl, embeddedServerUrl, runningServerPort, type EmbeddedDatabase } from './db/embedded';
export { freePort } from './db/ports';
export { takeBaseBackup, restoreBaseBackup, readBackup, MANIFEST, type BackupManifest } from './db/base-backup';
export { configureStandby } from './db/standby';

/** The world kernel: what every command builds on (deps, transactions, the lock order, queue reads). */
export { inTransaction, type WorldDeps, type Actor } from './deps';
export { findOwnedTerritory, lockOwnedTerritory, lockTerritories, lockPlayer, ownedTerritories, TERRITORY_NOT_FOUND, NOT_YOUR_TERRITORY } from './access';
export { queueLimit, pendingItems, deliveredBy, type QueueScope } from './queue-items';

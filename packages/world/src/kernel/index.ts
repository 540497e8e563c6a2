/** The world kernel: what every command builds on (deps, transactions, the lock order, queue reads). */
export { inTransaction, type WorldDeps, type Actor } from './deps';
export { ReadMemo } from './read-memo';
export { KeptReads, MAX_KEPT_READS, KEPT_PARTS, type KeptPart } from './kept-reads';
export { RefillMarks, type RefillMark } from './refill-marks';
export { findOwnedTerritory, lockOwnedTerritory, lockTerritories, ownedTerritories, TERRITORY_NOT_FOUND, NOT_YOUR_TERRITORY } from './access';
export {
  LOCK_ORDER, lockAlliance, lockPlayer, lockPlayers, lockInvitationRow, lockMovementRow, lockGroup, lockArriving, lockFightingRows, lockWreckageAt, lockScores, ATTACK_MISSIONS,
  lockAccount, lockAccountRow, lockExpiredGuests, lockScoreBatch, lockNames,
  type LockHelper, type LockName, type AccountRow, type StoredScores, type LockedWreckage, type WreckageSpot,
} from './locks';
export { queueLimit, pendingItems, deliveredBy, type QueueScope } from './queue-items';

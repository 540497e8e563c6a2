export { leaveWreckage, lockWreckageAt, removeExpiredWreckage, takeFromWreckage, type LockedWreckage, type WreckageSpot } from './wreckage';

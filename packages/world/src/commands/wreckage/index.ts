export { leaveWreckage, lockWreckageAt, removeExpiredWreckage, takeFromWreckage, type DeferredEvents, type LockedWreckage, type WreckageSpot } from './wreckage.command';

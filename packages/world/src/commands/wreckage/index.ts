export { leaveWreckage, removeExpiredWreckage, takeFromWreckage, type DeferredEvents } from './wreckage.command';

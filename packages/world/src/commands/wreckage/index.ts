export { leaveWreckage, takeFromWreckage, type DeferredEvents } from './wreckage';
export { removeExpiredWreckage } from './remove-expired-wreckage.command';

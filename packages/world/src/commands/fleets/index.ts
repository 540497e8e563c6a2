/** Fleets: dispatch, gather, recall, cancel stationing, arrivals and the active movements. */
export { sendFleet, type SendFleetInput, type SendFleetResult } from './send-fleet.command';
export { gatherStation, type GatherStationInput, type GatherStationResult } from './gather-station.command';
export { recallMovement, cancelStationing, type RecalledMovement } from './recall-fleet.command';
export { MOVEMENT_NOT_FOUND } from '../flight/fleet-parts';
export { dueMovementLegs, nextArrivalIn } from '../../queries/due-work.query';
export { applyArrival, arriveMovements, type ArrivalJob, type ArrivalOutcome } from './arrive-batch.command';
export { ARRIVALS, type ArrivalHandler, type ArrivalContext } from './arrivals';
export { COLONY_NAME } from './arrivals/colonize';
export { DISPATCH, JOIN_BY_INVITATION } from '../flight/dispatch-checks';
export { sameAlliance } from './alliance';
export { activeMovements, type MovementView } from '../../queries/movements.query';
export { alliedFleetCounts } from '../../queries/movement-counts.query';

import type { ArrivingMission, MovementMission } from '@brood/game-core';
import { attackArrival } from './attack';
import { alliedStationingArrival } from './allied-stationing';
import { colonizeArrival } from './colonize';
import type { ArrivalHandler } from '../../flight/arrival-context';
import { explorationArrival } from './exploration';
import { returnArrival } from './return';
import { salvageArrival } from './salvage';
import { spyArrival } from './spy';
import { stationArrival } from './station';
import { transportArrival } from './transport';

export type { ArrivalContext, ArrivalHandler, LoadedTerritories } from '../../flight/arrival-context';

/**
 * What happens when a fleet reaches the end of its leg, by mission (one file each): every mission
 * game-core's table says arrives has its handler here, or this does not compile. ALLIED_STATIONED
 * has no arrival: it stays until recalled or cancelled.
 */
const HANDLERS = {
  TRANSPORT: transportArrival,
  STATION: stationArrival,
  ALLIED_STATIONING_PENDING: alliedStationingArrival,
  COLONIZE: colonizeArrival,
  RETURN: returnArrival,
  ATTACK: attackArrival,
  MULTI_PARTY_ATTACK_INITIATOR: attackArrival,
  MULTI_PARTY_ATTACK_PARTICIPANT: attackArrival,
  SPY: spyArrival,
  EXPLORATION: explorationArrival,
  SALVAGE: salvageArrival,
} satisfies Record<ArrivingMission, ArrivalHandler>;

/** The handlers looked up by any movement's mission (none for a fleet that stays). */
export const ARRIVALS: Readonly<Partial<Record<MovementMission, ArrivalHandler>>> = HANDLERS;

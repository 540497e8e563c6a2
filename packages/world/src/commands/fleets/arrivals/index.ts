import type { MovementMission } from '@brood/game-core';
import { fail } from '../../../errors';
import { missionLabel } from '../../flight/fleet-parts';
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
 * What happens when a fleet reaches the end of its leg, by mission (one file each). A mission
 * without a handler here cannot be dispatched. ALLIED_STATIONED has no arrival: it stays until
 * recalled or cancelled.
 */
export const ARRIVALS: Partial<Record<MovementMission, ArrivalHandler>> = {
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
};

/** A mission whose arrival is not part of the game is refused rather than flown to no outcome. */
export function checkArrivalExists(mission: MovementMission): void {
  if (ARRIVALS[mission] === undefined) throw fail.badRequest(`${missionLabel(mission)} missions cannot be sent yet: their outcome is not part of the game so far.`);
}

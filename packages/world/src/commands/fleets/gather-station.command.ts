import { fail, GameError } from '../../errors';
import { findOwnedTerritory } from '../../kernel/access';
import type { Actor, WorldDeps } from '../../kernel/deps';
import { DISPATCH } from '../flight/dispatch-checks';
import { sendFleet, type SendFleetResult } from './send-fleet.command';

/** POST /movements/gather-station (core spec 7). */
export interface GatherStationInput {
  target_territory_id: number;
  source_operations: { source_territory_id: number; units: Record<string, number> }[];
}

export interface GatherStationResult {
  successful_movements: SendFleetResult[];
  failed_operations: { source_territory_id: number; error: string }[];
}

/**
 * Gathers units at one of the player's territories: one STATION dispatch per source territory, each
 * in its own transaction, so one refused source (no units there, no slot left, no fuel) does not stop
 * the others; it is listed in failed_operations with its reason.
 */
export async function gatherStation(deps: WorldDeps, actor: Actor, input: GatherStationInput, now: Date): Promise<GatherStationResult> {
  if (input.source_operations.length === 0) throw fail.badRequest(DISPATCH.gatherEmpty);
  const target = await findOwnedTerritory(deps.em.fork(), actor, input.target_territory_id);
  const result: GatherStationResult = { successful_movements: [], failed_operations: [] };
  for (const op of input.source_operations) {
    try {
      const sent = await sendFleet(
        { ...deps, em: deps.em.fork() },
        actor,
        {
          start_territory_id: op.source_territory_id,
          target_region: target.region,
          target_sub_region: target.subRegion,
          target_position: target.position,
          mission: 'STATION',
          units: op.units,
        },
        now,
      );
      result.successful_movements.push(sent);
    } catch (error) {
      if (!(error instanceof GameError)) throw error;
      result.failed_operations.push({ source_territory_id: op.source_territory_id, error: error.message });
    }
  }
  return result;
}

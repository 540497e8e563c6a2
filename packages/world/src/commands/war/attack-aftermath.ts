import type { CombatReport, ParticipantResult } from '@brood/game-core';
import type { AmountMap } from '../../entities/territory.entity';
import type { TerritoryRow } from '../../kernel/access';
import { addAmounts, subtractAmounts, type Ends } from '../flight/fleet-parts';
import { notifyMovement, turnAround, type LegsTx } from '../flight/fleet-legs';
import type { FleetSide } from './attack-sides';

/** The counts of `keys` (a participant's initial units or defenses) that come out of the battle. */
function standing(result: ParticipantResult, keys: Readonly<Record<string, number>>, withBunker: boolean): AmountMap {
  const out: AmountMap = {};
  for (const key of Object.keys(keys)) {
    const n = (result.survivors[key] ?? 0) + (withBunker ? (result.units_saved_by_bunker[key] ?? 0) : 0);
    if (n > 0) out[key] = n;
  }
  return out;
}

/**
 * The territory after the battle: its owner's surviving and bunkered units, its surviving and
 * repaired defenses, its stock less the plunder. Units not in the fight (counts of 0) stay as they were.
 */
export function applyToTarget(target: TerritoryRow, result: ParticipantResult, report: CombatReport): void {
  target.units = { ...Object.fromEntries(Object.entries(target.units).filter(([k]) => !(k in result.initial_units))), ...standing(result, result.initial_units, true) };
  target.defenses = { ...Object.fromEntries(Object.entries(target.defenses).filter(([k]) => !(k in result.initial_defenses))), ...standing(result, result.initial_defenses, false) };
  target.resources = subtractAmounts(target.resources, report.plunder.resources as AmountMap);
}

/**
 * Each attacking fleet after the battle: its survivors fly home from the arrival instant with their
 * plunder and what they salvaged at once; a fleet with no survivor is gone (its report says so).
 */
export async function sendAttackersHome(tx: LegsTx, attackers: readonly FleetSide[], results: readonly ParticipantResult[], at: Date): Promise<void> {
  for (const [i, side] of attackers.entries()) {
    const m = side.movement;
    const result = results[i]!;
    m.units = standing(result, result.initial_units, false);
    if (Object.keys(m.units).length === 0) {
      tx.em.remove(m);
      continue;
    }
    m.resources = addAmounts(addAmounts(m.resources, result.plunder as AmountMap), result.instant_salvage as AmountMap);
    await turnAround(tx, m, at);
  }
}

/**
 * The stationed allies after the battle: their survivors stay; a fleet with none left is gone and
 * its owner gets FLEET_LOST.
 */
export async function settleAllies(tx: LegsTx, allies: readonly FleetSide[], results: readonly ParticipantResult[], target: TerritoryRow): Promise<void> {
  for (const [i, side] of allies.entries()) {
    const m = side.movement;
    const result = results[i]!;
    m.units = standing(result, result.initial_units, false);
    if (Object.keys(m.units).length > 0) continue;
    const ends: Ends = { start: side.origin, target };
    await notifyMovement(tx, m.userId, {
      type: 'FLEET_LOST',
      title: `Your fleet stationed at ${target.name} was destroyed`,
      extra: { reason_lost: `Destroyed defending ${target.name} against an attack.`, units: { ...result.initial_units } },
      as: { event: 'MOVEMENT_ARRIVED', data: { movement_id: m.id, territory_id: target.id } },
    }, m, ends);
    tx.em.remove(m);
  }
}

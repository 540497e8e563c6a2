import { createRng, resolveBattle } from '@brood/game-core';
import { fleetScoresChanged } from '../../scores';
import { leaveWreckage } from '../../wreckage';
import { applyToTarget, sendAttackersHome, settleAllies } from '../../war/attack-aftermath';
import { sendAttackFailed, sendBattleReports } from '../../war/attack-reports';
import { battleInput, describeFleets, fightingFleets } from '../../war/attack-sides';
import { storeBattle } from '../../war/battles';
import { turnAround } from '../../flight/fleet-legs';
import type { ArrivalHandler } from '../../flight/arrival-context';

/**
 * ATTACK (and a multi-party group's missions) at the target. The first movement of an attack group
 * to be applied fights for the whole group: every movement of the group due at this instant at this
 * target is locked and fights as one attacking side, and all of them are moved on (their own jobs
 * then find a later leg and do nothing). The defenders are the territory's owner (units, defenses)
 * and every allied fleet stationed there. The battle is stored with its input and seed, the world
 * takes its outcome (losses, plunder, wreckage, insta-salvage), and every player gets a report.
 * With no territory there any more, or one that is the attacker's own now, the fleet flies home.
 */
export const attackArrival: ArrivalHandler = async ({ tx, movement: m, at, target, settled, loaded }) => {
  const { group, allies } = await fightingFleets(tx.em, m, target);
  for (const g of group) tx.later.done.add(g);
  const ownerId = target?.owner?.id;
  if (!target || ownerId == null) {
    for (const g of group) {
      await sendAttackFailed(tx, g, 'ATTACK_FAILED_TARGET_NOT_FOUND');
      await turnAround(tx, g, at);
    }
    return;
  }
  const own = group.filter((g) => g.userId === ownerId);
  for (const g of own) {
    await sendAttackFailed(tx, g, 'ATTACK_FAILED_OWN_TERRITORY');
    await turnAround(tx, g, at);
  }
  const fighting = group.filter((g) => g.userId !== ownerId);
  if (fighting.length === 0) return;

  const { sides, nameOf } = await describeFleets(tx.em, tx.catalogue, [...fighting, ...allies], at, loaded, [ownerId]);
  const attackers = sides.slice(0, fighting.length);
  const defenders = sides.slice(fighting.length);
  const owner = { id: ownerId, username: nameOf.get(ownerId) ?? 'Another player', effects: settled.get(target.id)!.economy.effects };
  const input = battleInput(tx.catalogue, attackers, target, owner, defenders);
  const report = resolveBattle(input, createRng(`battle:${m.attackGroupId ?? m.id}:${at.toISOString()}`));
  const spot = { region: target.region, sub_region: target.subRegion, position: target.position };
  const hallOfFame = report.hall_of_fame
    ? {
        attacker_user_id: fighting[0]!.userId,
        attacker_username: attackers[0]!.username,
        defender_user_id: ownerId,
        defender_username: owner.username,
        outcome: report.outcome,
        total_unit_value: report.total_unit_value,
        combat_timestamp: at,
      }
    : undefined;
  const battleId = await storeBattle(tx.em, { at, spot, input, report, hallOfFame });

  const results = report.participant_results;
  const users = [...new Set(input.participants.map((p) => p.user_id as number))];
  if (report.outcome !== 'ERROR') {
    applyToTarget(target, results[attackers.length]!, report);
    await sendAttackersHome(tx, attackers, results, at);
    await settleAllies(tx, defenders, results.slice(attackers.length + 1), target);
    await leaveWreckage(tx, spot, report.wreckage.resources, at, users);
  } else {
    for (const a of attackers) await turnAround(tx, a.movement, at);
  }
  await sendBattleReports(tx, report, battleId, target, m);
  await fleetScoresChanged(tx, users);
};

import { checkPrerequisites, costAtLevel, isMaxLevel, nextLevel, speedModifier, structureTime } from '@brood/game-core';
import type { StructureDef } from '@brood/game-data';
import { fail } from '../../errors';
import { settleTerritory } from '../../settle';
import { inTransaction, type Actor, type EconomyDeps } from '../territories/economy-deps';
import { lockOwnedTerritory } from '../territories/territory-access';
import { ensureRoom, enqueue, nextStart, pay, pendingItems } from '../territories/queue';
import { toBuildItemView, type BuildQueueItemView } from '../../queries/economy-queue-views';
import { prerequisitesSentence } from '../territories/prerequisites-sentence';

export interface StartConstructionInput {
  territory_id: number;
  structure_key: string;
}

export function structureDef(deps: EconomyDeps, key: string): StructureDef {
  const def = deps.catalogue.structures[key];
  if (!def) throw fail.notFound(`Unknown structure '${key}'`);
  return def;
}

/**
 * Queues the next level of a structure: lock and settle the territory, check room, max level,
 * prerequisites and stock, pay in full, and queue it after the territory's last build item.
 */
export async function startConstruction(deps: EconomyDeps, actor: Actor, input: StartConstructionInput, now: Date): Promise<BuildQueueItemView> {
  const def = structureDef(deps, input.structure_key);
  return inTransaction(deps, async (tx) => {
    const territory = await lockOwnedTerritory(tx.em, actor, input.territory_id);
    const settled = await settleTerritory(tx.em, tx.catalogue, territory, now);
    const pending = await pendingItems(tx.em, 'building', { territoryId: territory.id }, now);
    ensureRoom(tx.catalogue, 'building', pending);
    const queued = pending.filter((i) => i.itemKey === input.structure_key).map((i) => i.targetLevel ?? 0);
    const target = nextLevel(territory.structures[input.structure_key] ?? 0, queued);
    if (isMaxLevel(target - 1, def.max_level_per_territory)) throw fail.conflict(`${def.name} is already at its maximum level`);
    const check = checkPrerequisites(tx.catalogue, def.prerequisites, { structures: territory.structures, technologies: settled.technologies });
    if (!check.met) throw fail.badRequest(prerequisitesSentence(check.unmet));
    const cost = costAtLevel(def, target) as Record<string, number>;
    pay(territory, cost);
    const seconds = structureTime(def, target, speedModifier(settled.economy.effects, 'construction_speed'), tx.catalogue.universe.universe_speed_factor);
    const startTime = nextStart(pending, now);
    const item = await enqueue(
      tx,
      {
        kind: 'building',
        userId: actor.id,
        territoryId: territory.id,
        itemKey: input.structure_key,
        targetLevel: target,
        paid: cost,
        startTime,
        endTime: new Date(startTime.getTime() + seconds * 1000),
      },
      now,
    );
    return toBuildItemView(item);
  });
}

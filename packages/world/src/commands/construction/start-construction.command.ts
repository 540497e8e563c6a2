import { costAtLevel, isMaxLevel, nextLevel, speedModifier, structureTime } from '@brood/game-core';
import { entryOf, type StructureDef } from '@brood/game-data';
import { fail } from '../../errors';
import { settleTerritory } from '../../settle';
import { inTransaction, type Actor, type WorldDeps } from '../../kernel/deps';
import { lockOwnedTerritory } from '../../kernel/access';
import { queueItem } from '../queues/enqueue';
import { toBuildItemView, type BuildQueueItemView } from '../../queries/economy-queue-views';

export interface StartConstructionInput {
  territory_id: number;
  structure_key: string;
}

export function structureDef(deps: WorldDeps, key: string): StructureDef {
  const def = entryOf(deps.catalogue.structures, key);
  if (!def) throw fail.notFound(`Unknown structure '${key}'`);
  return def;
}

/**
 * Queues the next level of a structure: lock and settle the territory, then the shared queue
 * skeleton (room, max level, prerequisites, stock), after the territory's last build item.
 */
export async function startConstruction(deps: WorldDeps, actor: Actor, input: StartConstructionInput, now: Date): Promise<BuildQueueItemView> {
  const def = structureDef(deps, input.structure_key);
  return inTransaction(deps, async (tx) => {
    const territory = await lockOwnedTerritory(tx.em, actor, input.territory_id);
    const settled = await settleTerritory(tx.em, tx.catalogue, territory, now);
    const item = await queueItem(
      tx,
      {
        kind: 'building',
        scope: { territoryId: territory.id },
        userId: actor.id,
        itemKey: input.structure_key,
        payer: territory,
        territoryId: territory.id,
        prerequisites: def.prerequisites,
        levels: { structures: territory.structures, technologies: settled.technologies },
        onVacation: settled.owner.onVacation,
        plan(pending) {
          const queued = pending.filter((i) => i.itemKey === input.structure_key).map((i) => i.targetLevel ?? 0);
          const target = nextLevel(territory.structures[input.structure_key] ?? 0, queued);
          if (isMaxLevel(target - 1, def.max_level_per_territory)) throw fail.conflict(`${def.name} is already at its maximum level`);
          const speed = speedModifier(settled.economy.effects, 'construction_speed');
          return { cost: costAtLevel(def, target) as Record<string, number>, targetLevel: target, seconds: structureTime(def, target, speed, tx.catalogue.universe.universe_speed_factor) };
        },
      },
      now,
    );
    return toBuildItemView(item);
  });
}

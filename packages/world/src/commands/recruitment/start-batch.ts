import { batchCost, defenseAllowance, isStarving, speedModifier, unitTime } from '@brood/game-core';
import { entryOf, type DefenseDef, type UnitDef } from '@brood/game-data';
import { fail } from '../../errors';
import type { QueueItem } from '../../entities/queue-item.entity';
import { settleTerritory } from '../../settle';
import { inTransaction, type Actor, type WorldDeps } from '../../kernel/deps';
import { lockOwnedTerritory } from '../../kernel/access';
import { deliveredBy } from '../../kernel/queue-items';
import { queueItem } from '../queues/enqueue';

export const DEFENSE_MAXED = 'Maximum count for this defense type reached or queued.';

export interface StartBatchInput {
  territory_id: number;
  key: string;
  quantity: number;
}

function batchDef(deps: WorldDeps, kind: 'recruitment' | 'defense', key: string): UnitDef | DefenseDef {
  if (kind === 'recruitment') {
    const unit = entryOf(deps.catalogue.units, key);
    if (!unit) throw fail.notFound(`Unknown unit '${key}'`);
    if (!unit.recruitable) throw fail.badRequest(`${unit.name} cannot be recruited`);
    return unit;
  }
  const defense = entryOf(deps.catalogue.defenses, key);
  if (!defense) throw fail.notFound(`Unknown defense '${key}'`);
  return defense;
}

/**
 * Queues a batch of units or defenses: lock and settle the territory, then the shared queue skeleton
 * (room, the defense maximum of built plus queued, prerequisites, stock for cost x quantity); it
 * delivers one every duration_per_item_s after the territory's last batch of that queue.
 */
export async function startBatch(deps: WorldDeps, actor: Actor, kind: 'recruitment' | 'defense', input: StartBatchInput, now: Date): Promise<QueueItem> {
  if (!Number.isInteger(input.quantity) || input.quantity <= 0) throw fail.unprocessable('Quantity must be greater than 0.');
  const def = batchDef(deps, kind, input.key);
  return inTransaction(deps, async (tx) => {
    const territory = await lockOwnedTerritory(tx.em, actor, input.territory_id);
    const settled = await settleTerritory(tx.em, tx.catalogue, territory, now);
    return queueItem(
      tx,
      {
        kind,
        scope: { territoryId: territory.id },
        userId: actor.id,
        itemKey: input.key,
        payer: territory,
        territoryId: territory.id,
        prerequisites: def.prerequisites,
        levels: { structures: territory.structures, technologies: settled.technologies },
        onVacation: settled.owner.onVacation,
        plan(pending) {
          if ('max_count_per_territory' in def) {
            const queued = pending.filter((i) => i.itemKey === input.key).reduce((n, i) => n + (i.quantity ?? 0) - deliveredBy(i, now), 0);
            const allowance = defenseAllowance(def.max_count_per_territory, territory.defenses[input.key] ?? 0, queued);
            if (input.quantity > allowance) throw fail.conflict(DEFENSE_MAXED);
          }
          const modifier = speedModifier(settled.economy.effects, kind === 'recruitment' ? 'unit_production_speed' : 'defense_production_speed');
          const starving = isStarving(settled.state.resources, settled.economy.rates);
          const perItem = unitTime(def, modifier, tx.catalogue.universe.universe_speed_factor, starving ? tx.catalogue.universe.starving_production_factor : 1);
          return { cost: batchCost(def, input.quantity) as Record<string, number>, quantity: input.quantity, durationPerItemS: perItem, seconds: input.quantity * perItem };
        },
      },
      now,
    );
  });
}

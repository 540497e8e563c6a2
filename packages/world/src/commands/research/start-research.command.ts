import { costAtLevel, isMaxLevel, nextLevel, researchSpeedModifier, researchTime } from '@brood/game-core';
import { entryOf, type TechnologyDef } from '@brood/game-data';
import { fail } from '../../errors';
import type { AmountMap, Territory } from '../../entities/territory.entity';
import { settleTerritory } from '../../settle';
import { technologyLevels } from '../../queries/economy-territories.query';
import { toResearchItemView, type ResearchQueueItemView } from '../../queries/economy-queue-views';
import { inTransaction, type Actor, type WorldDeps } from '../../kernel/deps';
import { lockOwnedTerritory, ownedTerritories } from '../../kernel/access';
import { lockPlayer } from '../../kernel/locks';
import { queueItem } from '../queues/enqueue';

export const SELECT_TERRITORY_TO_PAY = 'Please select a territory to pay for research costs.';

export interface StartResearchInput {
  tech_key: string;
  /** The territory that pays (and whose structures meet structure prerequisites); null when free. */
  territory_id_for_cost: number | null;
}

export function technologyDef(deps: WorldDeps, key: string): TechnologyDef {
  const def = entryOf(deps.catalogue.technologies, key);
  if (!def) throw fail.notFound(`Unknown technology '${key}'`);
  return def;
}

/**
 * Queues the next level of a technology in the player's single research queue. The user row is
 * locked first (one queue per player), then the paying territory; costs come from that territory.
 */
export async function startResearch(deps: WorldDeps, actor: Actor, input: StartResearchInput, now: Date): Promise<ResearchQueueItemView> {
  const def = technologyDef(deps, input.tech_key);
  return inTransaction(deps, async (tx) => {
    await lockPlayer(tx.em, actor);
    let payer: Territory | null = null;
    // The payer's settle reads the player's research, territories and vacation with it; without a payer, each is read.
    let known: { technologies: AmountMap; territories: AmountMap[]; onVacation?: boolean };
    if (input.territory_id_for_cost != null) {
      payer = await lockOwnedTerritory(tx.em, actor, input.territory_id_for_cost);
      const settled = await settleTerritory(tx.em, tx.catalogue, payer, now);
      known = { technologies: settled.technologies, territories: settled.owner.structures, onVacation: settled.owner.onVacation };
    } else {
      known = { technologies: await technologyLevels(tx.em, actor.id, now), territories: (await ownedTerritories(tx.em, actor.id)).map((t) => t.structures) };
    }
    const { technologies, territories } = known;
    const item = await queueItem(
      tx,
      {
        kind: 'research',
        scope: { userId: actor.id },
        userId: actor.id,
        itemKey: input.tech_key,
        payer,
        territoryId: payer?.id ?? null,
        prerequisites: def.prerequisites,
        levels: { structures: payer?.structures ?? null, technologies },
        onVacation: known.onVacation,
        plan(pending) {
          const queued = pending.filter((i) => i.itemKey === input.tech_key).map((i) => i.targetLevel ?? 0);
          const target = nextLevel(technologies[input.tech_key] ?? 0, queued);
          if (isMaxLevel(target - 1, def.max_level)) throw fail.conflict(`${def.name} is already at its maximum level`);
          const cost = costAtLevel(def, target) as Record<string, number>;
          const needsTerritory = Object.keys(cost).length > 0 || Object.keys(def.prerequisites.structures).length > 0;
          if (needsTerritory && !payer) throw fail.badRequest(SELECT_TERRITORY_TO_PAY);
          const modifier = researchSpeedModifier(tx.catalogue, technologies, territories);
          return { cost, targetLevel: target, seconds: researchTime(def, target, modifier, tx.catalogue.universe.universe_speed_factor) };
        },
      },
      now,
    );
    return toResearchItemView(item);
  });
}

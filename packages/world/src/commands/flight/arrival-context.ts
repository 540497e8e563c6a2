import { baseEffects, type Effects } from '@brood/game-core';
import { ownedTerritories, type TerritoryRow } from '../../kernel/access';
import { settledViews, type SettleInputs, type SettledTerritory } from '../../settle';
import type { Movement } from '../../entities/movement.entity';
import type { LegsTx } from './fleet-legs';

/**
 * What an arrival handler gets: the movement (locked, its leg due), the territories at both ends
 * (locked and settled to the arrival instant; null when none is there any more), and the times.
 */
export interface ArrivalContext {
  /** The batch's transaction, with its outbox: notifications and next legs are stored once at its end. */
  tx: LegsTx;
  movement: Movement;
  /** The arrival instant of the leg (the movement's arrival_time). */
  at: Date;
  /** The territory the fleet left from (its home), if it still exists. */
  start: TerritoryRow | null;
  /** The territory at the target coordinates now, if any (whoever owns it). */
  target: TerritoryRow | null;
  settled: ReadonlyMap<number, SettledTerritory>;
  /**
   * A batch's territories (those its arrivals touch, locked; the homes of the other fleets involved,
   * read), the settle inputs it read for them (to at least `at`) and the names of the players
   * involved: a handler that needs one of them as it stands at `at` computes it without reading.
   */
  loaded: LoadedTerritories;
  /** The fleet owner's username, for the notifications of other players. */
  ownerName: string;
}

/** Territories a transaction has read (and locked where it changes them), with their settle inputs; names of players by id. */
export interface LoadedTerritories {
  territories: ReadonlyMap<number, TerritoryRow>;
  inputs: SettleInputs;
  names?: ReadonlyMap<number, string>;
}

/** Applies one arrival of one mission: changes territories and the movement, notifies, schedules the next leg. */
export type ArrivalHandler = (ctx: ArrivalContext) => Promise<void>;

/** The fleet owner's effects at the arrival (player-scope ones: spy_level, max_territories): from the home territory, else any territory they hold. */
export async function ownerEffects({ tx, movement: m, start, settled, at }: ArrivalContext): Promise<Effects> {
  if (start && start.owner?.id === m.userId) return settled.get(start.id)!.economy.effects;
  const any = (await ownedTerritories(tx.em, m.userId))[0];
  if (!any) return baseEffects(tx.catalogue);
  return (await settledViews(tx.em, tx.catalogue, [any], at)).get(any.id)!.economy.effects;
}

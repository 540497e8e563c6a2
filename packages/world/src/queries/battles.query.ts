import type { EntityManager } from '@mikro-orm/postgresql';
import { COMBAT_ENGINE_VERSION, createRng, resolveBattle, type BattleInput, type CombatReport } from '@brood/game-core';
import type { Catalogue } from '@brood/game-data';
import { fail } from '../errors';

/** Reads of stored battles: a participant's report, and a replay that proves it. */

/** A battle's input as stored: everything but the catalogue, which is stored once per distinct catalogue. */
export type StoredBattleInput = Omit<BattleInput, 'catalogue'>;

export interface BattleReplay {
  battle_id: number;
  engine_version: number;
  seed: string;
  /** the report as stored when the battle was fought */
  stored_report: string;
  /** the report the engine gives now from the stored input and seed */
  replayed_report: string;
  identical: boolean;
}

export const BATTLE_NOT_FOUND = 'Battle not found.';

/**
 * Re-runs a stored battle from its input, catalogue and seed with this engine, and compares the
 * report text with the stored one. `viewer` limits it to the battle's participants (the CLI passes none).
 */
export async function replayBattle(em: EntityManager, battleId: number, viewer?: number): Promise<BattleReplay> {
  const rows = await em.execute<{ seed: string; engine_version: number; input: string; report: string; catalogue: string; participant_user_ids: number[] }[]>(
    `select b.seed, b.engine_version, b.input::text as input, b.report::text as report, c.catalogue::text as catalogue, b.participant_user_ids
       from battles b join battle_catalogues c on c.hash = b.catalogue_hash where b.id = ?`,
    [battleId],
  );
  const row = rows[0];
  if (!row || (viewer !== undefined && !row.participant_user_ids.includes(viewer))) throw fail.notFound(BATTLE_NOT_FOUND);
  if (row.engine_version !== COMBAT_ENGINE_VERSION) {
    throw fail.conflict(`Battle ${battleId} was fought by combat engine version ${row.engine_version} and this server runs version ${COMBAT_ENGINE_VERSION}: it cannot re-run it, and its stored report stands as it was.`);
  }
  const input = { ...(JSON.parse(row.input) as StoredBattleInput), catalogue: JSON.parse(row.catalogue) as Catalogue };
  const replayed = JSON.stringify(resolveBattle(input, createRng(row.seed)));
  return { battle_id: battleId, engine_version: row.engine_version, seed: row.seed, stored_report: row.report, replayed_report: replayed, identical: replayed === row.report };
}

/** A stored battle as its participants read it: the report, as the notifications carry it. */
export interface BattleView {
  battle_id: number;
  fought_at: Date;
  report: CombatReport & { battle_id: number; engine_version: number };
}

/** A battle's report for one of its participants (a shared link opens it); anyone else is told it is not there. */
export async function battleFor(em: EntityManager, battleId: number, viewer: number): Promise<BattleView> {
  const rows = await em.execute<{ fought_at: Date; engine_version: number; report: string; participant_user_ids: number[] }[]>(
    'select fought_at, engine_version, report::text as report, participant_user_ids from battles where id = ?',
    [battleId],
  );
  const row = rows[0];
  if (!row || !row.participant_user_ids.includes(viewer)) throw fail.notFound(BATTLE_NOT_FOUND);
  const report = JSON.parse(row.report) as CombatReport;
  return { battle_id: battleId, fought_at: new Date(row.fought_at), report: { ...report, battle_id: battleId, engine_version: row.engine_version } };
}

/** Ids of battles (oldest first), for replaying them all. */
export async function battleIds(em: EntityManager): Promise<number[]> {
  const rows = await em.execute<{ id: string }[]>('select id from battles order by id');
  return rows.map((r) => Number(r.id));
}

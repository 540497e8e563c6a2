import { createHash } from 'node:crypto';
import type { EntityManager } from '@mikro-orm/postgresql';
import { COMBAT_ENGINE_VERSION, type BattleInput, type CombatReport } from '@brood/game-core';
import type { Catalogue } from '@brood/game-data';
import { inTransactionSql } from '../../events';
import { hallOfFameOfBattle, type HallOfFameEntryFacts } from '../hall-of-fame';


export interface BattleToStore {
  at: Date;
  spot: { region: number; sub_region: number; position: number };
  input: BattleInput;
  report: CombatReport;
  /** A notable battle's Hall of Fame entry, written in the battle's statement and referring to it. */
  hallOfFame?: HallOfFameEntryFacts;
}

const hashes = new WeakMap<Catalogue, { hash: string; text: string }>();

/** Per database (its driver): hashes of catalogues seen stored and committed there. */
const storedCatalogues = new WeakMap<object, Set<string>>();

/** The catalogue's text and its hash (computed once per catalogue object). */
function catalogueText(catalogue: Catalogue): { hash: string; text: string } {
  let known = hashes.get(catalogue);
  if (!known) {
    const text = JSON.stringify(catalogue);
    known = { hash: createHash('sha256').update(text).digest('hex'), text };
    hashes.set(catalogue, known);
  }
  return known;
}

/**
 * Stores a resolved battle (in the caller's transaction): its input, seed, engine version and the
 * report's exact text, and its Hall of Fame entry when it has one. Answers the battle's id.
 */
export async function storeBattle(em: EntityManager, battle: BattleToStore): Promise<number> {
  const { catalogue, ...input } = battle.input;
  const { hash, text } = catalogueText(catalogue);
  // Catalogue rows are never deleted: once this database has shown one, it is not asked again.
  const shown = storedCatalogues.get(em.getDriver()) ?? new Set<string>();
  storedCatalogues.set(em.getDriver(), shown);
  if (!shown.has(hash)) {
    // A row older than this transaction is committed (this transaction's own insert is not, and may yet roll back).
    const known = await em.execute<{ committed: boolean }[]>('select created_at < transaction_timestamp() as committed from battle_catalogues where hash = ?', [hash]);
    if (known[0]?.committed) shown.add(hash);
    if (known.length === 0) await inTransactionSql(em).executeSql('insert into battle_catalogues (hash, catalogue) values ($1, $2::json) on conflict (hash) do nothing', [hash, text]);
  }
  const users = [...new Set(input.participants.map((p) => p.user_id).filter((id): id is number => typeof id === 'number'))];
  // Native parameters: the report's text goes to PostgreSQL as it is, not escaped into the statement.
  const fame = battle.hallOfFame ? hallOfFameOfBattle(battle.hallOfFame, 11) : null;
  const { rows } = await inTransactionSql(em).executeSql(
    `with battle as (
       insert into battles (fought_at, region, sub_region, position, participant_user_ids, seed, engine_version, catalogue_hash, input, report)
       values ($1, $2, $3, $4, $5::integer[], $6, $7, $8, $9::json, $10::json) returning id)${fame ? `, entry as (${fame.sql})` : ''}
     select id from battle`,
    [battle.at, battle.spot.region, battle.spot.sub_region, battle.spot.position, users, battle.report.seed, COMBAT_ENGINE_VERSION, hash, JSON.stringify(input), JSON.stringify(battle.report), ...(fame?.values ?? [])],
  );
  return Number((rows[0] as { id: string }).id);
}

import { amountsOf, coordsOf, isRecord, num, text, type Row } from '../../notifications';
import { emptyParty, type EntryMap, type LabForm, type LabParty, type LabTarget } from './lab-form';

/**
 * Filling the simulator from what the player has: a spy report, a combat report, their own territory.
 * What a source did not reveal is left blank ('') with a hint, for the player to fill.
 */

/** What a spy report's approximate level n (the number of digits) means: 'about 100 to 999'. */
export function approxHint(level: number | null): string {
  if (level === null || level < 1) return 'present';
  const low = 10 ** (level - 1);
  return `about ${low.toLocaleString('en-US')} to ${(low * 10 - 1).toLocaleString('en-US')}`;
}

/** Lists of {key, quantity | approx level} as the spy report writes them, read by its detail level. */
function revealed(list: unknown, keyField: string, exactField: string, approxField: string, level: number): { values: EntryMap; hints: Record<string, string> } {
  const values: EntryMap = {};
  const hints: Record<string, string> = {};
  if (!Array.isArray(list)) return { values, hints };
  for (const row of list) {
    if (!isRecord(row)) continue;
    const key = text(row[keyField]);
    if (!key) continue;
    const exact = num(row[exactField]);
    if (level >= 3 && exact !== null) values[key] = Math.floor(exact);
    else {
      values[key] = '';
      hints[key] = approxHint(level >= 2 ? num(row[approxField]) : null);
    }
  }
  return { values, hints };
}

function blankLevels(keys: readonly string[]): EntryMap {
  return Object.fromEntries(keys.map((k) => [k, '']));
}

function targetFrom(coords: unknown, name: unknown, rest: Partial<LabTarget> = {}): LabTarget {
  const c = coordsOf(coords);
  return { r: c ? String(c[0]) : '', s: c ? String(c[1]) : '', p: c ? String(c[2]) : '', name: text(name) ?? '', stock: {}, structures: {}, hints: {}, ...rest };
}

/** The research levels a detail-3 spy report lists, for the technologies the simulator knows. */
function spiedLevels(list: unknown, techKeys: readonly string[], level: number): EntryMap {
  if (level < 3 || !Array.isArray(list)) return {};
  const out: EntryMap = {};
  for (const row of list.filter(isRecord)) {
    const key = text(row.tech_key);
    const value = num(row.level);
    if (key && techKeys.includes(key) && value !== null && value > 0) out[key] = Math.floor(value);
  }
  return out;
}

/**
 * The defenders and the target of a spy report (SPY_REPORT content): the owner's units and defenses,
 * each stationed fleet as an ally, the target's stock and combat structures. At detail 3 counts are
 * exact and the owner's research levels are filled in; below, a count is blank with what the report
 * said ('about 10 to 99', 'present') and technology levels are blank.
 */
export function fromSpyReport(content: Row, techKeys: readonly string[], structureKeys: readonly string[]): Pick<LabForm, 'defenders' | 'target' | 'source'> {
  const level = num(content.detail_level) ?? 0;
  const name = text(content.target_territory_name) ?? 'Target';
  const owner = emptyParty(name);
  const units = revealed(content.units, 'unit_key', 'quantity', 'approx_quantity_level', level);
  const defenses = revealed(content.defenses, 'defense_key', 'quantity', 'approx_quantity_level', level);
  owner.units = units.values;
  owner.defenses = defenses.values;
  // A detail-3 report lists the owner's research: the simulator starts from those levels.
  owner.technologies = { ...blankLevels(techKeys), ...spiedLevels(content.technologies, techKeys, level) };
  owner.hints = { ...units.hints, ...defenses.hints };
  const allies = (Array.isArray(content.stationed_fleets) ? content.stationed_fleets.filter(isRecord) : []).map((f, i) => {
    const ally = emptyParty(text(f.username) ?? `Allied fleet ${i + 1}`);
    ally.units = Object.fromEntries(amountsOf(f.units).map((a) => [a.key, a.amount === null ? '' : Math.floor(a.amount)]));
    ally.technologies = blankLevels(techKeys);
    return ally;
  });
  const stock = revealed(content.resources, 'resource_key', 'amount', 'approx_amount_level', level);
  const structures: EntryMap = {};
  for (const row of Array.isArray(content.structures) ? content.structures.filter(isRecord) : []) {
    const key = text(row.structure_key);
    if (key && structureKeys.includes(key)) structures[key] = level >= 3 && num(row.level) !== null ? Math.floor(num(row.level)!) : '';
  }
  return {
    defenders: [owner, ...allies],
    target: targetFrom(content.target_coords, name, { stock: stock.values, structures, hints: stock.hints }),
    source: `Spy report: ${name} (detail ${level})`,
  };
}

/** Both sides of a combat report (its participants' units and defenses as they entered the battle) and the target. */
export function fromCombatReport(content: Row, techKeys: readonly string[]): Pick<LabForm, 'attackers' | 'defenders' | 'target' | 'source'> {
  const parties = (Array.isArray(content.participant_results) ? content.participant_results.filter(isRecord) : []).map((p, i) => {
    const party = emptyParty(text(p.username) ?? `Participant ${i + 1}`);
    const counts = (v: unknown) => Object.fromEntries(amountsOf(v).filter((a) => a.amount !== null).map((a) => [a.key, Math.floor(a.amount!)]));
    party.units = counts(p.initial_units);
    party.defenses = counts(p.initial_defenses);
    party.technologies = blankLevels(techKeys);
    return { role: p.role, ally: p.is_stationed_ally === true, party };
  });
  const defenders = parties.filter((p) => p.role === 'DEFENDER').sort((a, b) => Number(a.ally) - Number(b.ally)).map((p) => p.party);
  const name = text(content.defender_territory_name) ?? 'Target';
  return {
    attackers: parties.filter((p) => p.role === 'ATTACKER').map((p) => p.party),
    defenders: defenders.length > 0 ? defenders : [emptyParty(name)],
    target: targetFrom(content.defender_territory_coords ?? content.location_coords, name),
    source: `Combat report: ${name}`,
  };
}

/** A party from the player's own territory: its units (and, defending, its defenses) and the player's technology levels. */
export function partyFromTerritory(
  name: string,
  units: Record<string, number>,
  defenses: Record<string, number> | null,
  technologies: Record<string, number>,
  techKeys: readonly string[],
): LabParty {
  const party = emptyParty(name);
  party.units = Object.fromEntries(Object.entries(units).filter(([, n]) => n > 0));
  party.defenses = defenses ? Object.fromEntries(Object.entries(defenses).filter(([, n]) => n > 0)) : {};
  party.technologies = Object.fromEntries(techKeys.map((k) => [k, technologies[k] ?? 0]));
  return party;
}

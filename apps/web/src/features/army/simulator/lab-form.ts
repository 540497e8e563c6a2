import { PARTICIPANT_COMBAT_EFFECTS, TARGET_COMBAT_EFFECTS, aggregateEffects, type BattleInput, type BattleParticipantInput } from '@brood/game-core';
import type { Catalogue } from '@brood/game-data';

/**
 * The battle simulator's form and its rules, pure so they are tested without rendering: who fights,
 * with what, at which technology levels, against which target, and the BattleInput it makes.
 */

/** A value as the player sees it: a whole number, or '' (not known yet: left for the player to fill). */
export type Entry = number | '';
export type EntryMap = Record<string, Entry>;
export type LabSide = 'attackers' | 'defenders';

export interface LabParty {
  /** a stable key for the list (not sent anywhere) */
  id: string;
  name: string;
  units: EntryMap;
  /** only the first defender (the territory's owner) has defenses; the others are stationed allies */
  defenses: EntryMap;
  /** levels of the technologies that change combat (combatTechnologies) */
  technologies: EntryMap;
  /** what a report said of a value it did not give exactly, by key ('about 100 to 999', 'present') */
  hints: Record<string, string>;
}

export interface LabTarget {
  r: string;
  s: string;
  p: string;
  name: string;
  /** the target's stock: what can be plundered */
  stock: EntryMap;
  /** levels of the target's structures that change combat (bunker, hidden stock, regrowth) */
  structures: EntryMap;
  hints: Record<string, string>;
}

export interface LabForm {
  attackers: LabParty[];
  defenders: LabParty[];
  target: LabTarget;
  runs: number;
  seed: string;
  /** where a filled form came from ('Spy report: Chitin Bastion'), shown above it */
  source: string | null;
}

/** Runs of one simulation: enough for odds, few enough to answer at once. */
export const RUNS = { min: 1, max: 1000, default: 100 } as const;
/** The largest count of one type the form takes (beyond it a battle is no longer a plan). */
export const MAX_COUNT = 1_000_000_000_000;

export const LAB_ERRORS = {
  noAttackers: 'Give the attackers at least one unit.',
  runs: `Runs must be a whole number from ${RUNS.min} to ${RUNS.max}.`,
  count: `Counts must be whole numbers from 0 to ${MAX_COUNT.toLocaleString('en-US')}.`,
  tooMany: (max: number) => `At most ${max} participants on a side.`,
  unknown: (items: string[]) => `Fill in what the report did not reveal: ${items.join(', ')}.`,
} as const;

// Party ids stay unique next to a form kept from an earlier page load (the store keeps forms across reloads).
const ID_PREFIX = `p${Date.now().toString(36)}-`;
let nextId = 0;
export function emptyParty(name: string): LabParty {
  nextId += 1;
  return { id: `${ID_PREFIX}${nextId}`, name, units: {}, defenses: {}, technologies: {}, hints: {} };
}

export function emptyForm(seed: string): LabForm {
  return {
    attackers: [emptyParty('Attacker')],
    defenders: [emptyParty('Defender')],
    target: { r: '', s: '', p: '', name: '', stock: {}, structures: {}, hints: {} },
    runs: RUNS.default,
    seed,
    source: null,
  };
}

const isRecord = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null && !Array.isArray(v);
const isEntryMap = (v: unknown) => isRecord(v) && Object.values(v).every((e) => e === '' || typeof e === 'number');
const isHints = (v: unknown) => isRecord(v) && Object.values(v).every((e) => typeof e === 'string');
const isParty = (v: unknown) =>
  isRecord(v) && typeof v.id === 'string' && typeof v.name === 'string' && isEntryMap(v.units) && isEntryMap(v.defenses) && isEntryMap(v.technologies) && isHints(v.hints);

/** Whether a stored value is a whole form (a kept form is read back from storage). */
export function isLabForm(v: unknown): v is LabForm {
  if (!isRecord(v) || !Array.isArray(v.attackers) || !Array.isArray(v.defenders) || !isRecord(v.target)) return false;
  const t = v.target;
  return (
    v.attackers.length > 0 &&
    v.defenders.length > 0 &&
    [...v.attackers, ...v.defenders].every(isParty) &&
    ['r', 's', 'p', 'name'].every((k) => typeof t[k] === 'string') &&
    isEntryMap(t.stock) &&
    isEntryMap(t.structures) &&
    isHints(t.hints) &&
    typeof v.runs === 'number' &&
    typeof v.seed === 'string' &&
    (v.source === null || typeof v.source === 'string')
  );
}

const touches = (effects: readonly { effect: string }[], keys: readonly string[]) => effects.some((e) => keys.includes(e.effect));

/** Technologies whose effects the battle reads (attack, defense, health, bioshield, cargo), in catalogue order. */
export function combatTechnologies(catalogue: Catalogue): string[] {
  return Object.entries(catalogue.technologies).filter(([, t]) => touches(t.effects, PARTICIPANT_COMBAT_EFFECTS)).map(([k]) => k);
}

/** Structures whose effects the battle reads at the target (bunker, hidden stock, defense regrowth). */
export function targetStructures(catalogue: Catalogue): string[] {
  return Object.entries(catalogue.structures).filter(([, s]) => touches(s.effects, TARGET_COMBAT_EFFECTS)).map(([k]) => k);
}

const known = (map: EntryMap): Record<string, number> => {
  const out: Record<string, number> = {};
  for (const [k, v] of Object.entries(map)) if (v !== '' && v > 0) out[k] = v;
  return out;
};
const blanks = (map: EntryMap) => Object.keys(map).filter((k) => map[k] === '');
const isCount = (v: Entry) => v === '' || (Number.isInteger(v) && v >= 0 && v <= MAX_COUNT);

export const hasUnits = (party: LabParty) => Object.values(party.units).some((v) => v !== '' && v > 0);

/**
 * Everything that keeps the form from running, as sentences (empty: it may run). Units and defenses
 * a report did not reveal must be filled; technology and structure levels left blank count as 0
 * (see assumedZero).
 */
export function labProblems(form: LabForm, nameOf: (key: string) => string, maxParticipants: number): string[] {
  const problems: string[] = [];
  if (!form.attackers.some(hasUnits)) problems.push(LAB_ERRORS.noAttackers);
  if (form.attackers.length > maxParticipants || form.defenders.length > maxParticipants) problems.push(LAB_ERRORS.tooMany(maxParticipants));
  const parties = [...form.attackers, ...form.defenders];
  const maps = [...parties.flatMap((p) => [p.units, p.defenses, p.technologies]), form.target.stock, form.target.structures];
  if (!maps.every((m) => Object.values(m).every(isCount))) problems.push(LAB_ERRORS.count);
  const unknown = parties.flatMap((p) => [...blanks(p.units), ...blanks(p.defenses)].map((k) => `${nameOf(k)} (${p.name}${p.hints[k] ? `: ${p.hints[k]}` : ''})`));
  if (unknown.length > 0) problems.push(LAB_ERRORS.unknown(unknown));
  if (!Number.isInteger(form.runs) || form.runs < RUNS.min || form.runs > RUNS.max) problems.push(LAB_ERRORS.runs);
  return problems;
}

/** Technology and structure levels and stock left blank: the run reads them as 0, and says so. */
export function assumedZero(form: LabForm, nameOf: (key: string) => string): string[] {
  const parties = [...form.attackers, ...form.defenders];
  return [
    ...parties.flatMap((p) => blanks(p.technologies).map((k) => `${nameOf(k)} (${p.name})`)),
    ...blanks(form.target.structures).map((k) => nameOf(k)),
    ...blanks(form.target.stock).map((k) => nameOf(k)),
  ];
}

/** The typed target, or null while a coordinate is not a whole number. */
export function targetCoords(target: Pick<LabTarget, 'r' | 's' | 'p'>): [number, number, number] | null {
  const parts = [target.r, target.s, target.p].map((v) => v.trim());
  return parts.every((v) => /^\d+$/.test(v)) ? (parts.map(Number) as [number, number, number]) : null;
}

function participant(catalogue: Catalogue, party: LabParty, role: 'ATTACKER' | 'DEFENDER', index: number): BattleParticipantInput {
  return {
    role,
    user_id: null,
    username: party.name.trim() || (role === 'ATTACKER' ? `Attacker ${index + 1}` : `Defender ${index + 1}`),
    is_stationed_ally: role === 'DEFENDER' && index > 0,
    units: known(party.units),
    defenses: role === 'DEFENDER' && index === 0 ? known(party.defenses) : {},
    effects: aggregateEffects(catalogue, { structures: {}, technologies: known(party.technologies) }),
  };
}

/**
 * The battle the form describes, as resolveBattle takes it (without the catalogue): the first
 * defender owns the target (its technologies and the target's structures make the target's effects),
 * later defenders are stationed allies. Blank levels and stock are 0.
 */
export function toBattleInput(form: LabForm, catalogue: Catalogue): Omit<BattleInput, 'catalogue'> {
  const owner = form.defenders[0];
  return {
    participants: [
      ...form.attackers.map((p, i) => participant(catalogue, p, 'ATTACKER', i)),
      ...form.defenders.map((p, i) => participant(catalogue, p, 'DEFENDER', i)),
    ],
    target: {
      coords: targetCoords(form.target) ?? [0, 0, 0],
      territory_name: form.target.name || null,
      stock: known(form.target.stock),
      effects: aggregateEffects(catalogue, { structures: known(form.target.structures), technologies: owner ? known(owner.technologies) : {} }),
    },
  };
}

/** The attack a 'Send this fleet' dispatches: the first attacker's units, to the target. */
export function fleetToSend(form: Pick<LabForm, 'attackers' | 'target'>): { units: Record<string, number>; target: [number, number, number] | null } {
  return { units: form.attackers[0] ? known(form.attackers[0].units) : {}, target: targetCoords(form.target) };
}

/** A count typed into a field: '' stays '' (unknown), anything else is floored and kept within 0..MAX_COUNT. */
export function entryOf(value: string | number): Entry {
  if (value === '') return '';
  const n = typeof value === 'number' ? value : Number(value);
  if (!Number.isFinite(n)) return '';
  return Math.max(0, Math.min(MAX_COUNT, Math.floor(n)));
}

/** A side with one party changed. */
export function updateParty(form: LabForm, side: LabSide, id: string, change: (p: LabParty) => LabParty): LabForm {
  return { ...form, [side]: form[side].map((p) => (p.id === id ? change(p) : p)) };
}

import type { Capability, UnitDef } from '@brood/game-data';

/**
 * Every mission a fleet can fly, once (core spec 3 "Mission values", social spec 3 "Mission types").
 * Each list the game keeps of missions derives from this record: the wire's enum, the database's
 * CHECK (a test compares them), what a player may send, the labels, the map's menu, which units
 * qualify, the arrival handlers (world's `ARRIVALS` is a `Record<ArrivingMission, ...>`). Adding a
 * mission starts here; the compiler then names every other file that must handle it.
 */
export interface MissionSpec {
  /** What a player reads (the map menu's words, social 2.5), and the article before it. */
  readonly label: string;
  readonly article: 'a' | 'an';
  /** A player sends it with POST /movements; otherwise it is a state a fleet gets into. */
  readonly dispatchable: boolean;
  /** It has an arrival (ALLIED_STATIONED stays until recalled or cancelled). */
  readonly arrives: boolean;
  /** It stays at the target: fuel is paid one way. */
  readonly oneWay: boolean;
  /** Resources ride along. */
  readonly carriesResources: boolean;
  /** Which units qualify: any, attackers (attack above 0), or those with a capability. */
  readonly units: 'any' | 'attack' | Capability;
  /** What lies at the target: a player's territory, another's (or ownerless), a free position, anything, a wreckage field. */
  readonly target: 'territory' | 'enemy' | 'free' | 'not-own' | 'wreckage';
  /** Whether the dispatch refuses a wrong target, or the arrival reports it (a spy's target may be gone by then anyway). */
  readonly targetChecked: 'dispatch' | 'arrival';
  /** Its place in the map's fleet-action menu (social 2.5), or null when the menu does not offer it. */
  readonly menu: number | null;
}

export const MISSION_TABLE = {
  TRANSPORT: { label: 'Transport', article: 'a', dispatchable: true, arrives: true, oneWay: false, carriesResources: true, units: 'any', target: 'territory', targetChecked: 'dispatch', menu: 1 },
  ATTACK: { label: 'Attack', article: 'an', dispatchable: true, arrives: true, oneWay: false, carriesResources: false, units: 'attack', target: 'enemy', targetChecked: 'dispatch', menu: 2 },
  COLONIZE: { label: 'Colonize', article: 'a', dispatchable: true, arrives: true, oneWay: true, carriesResources: true, units: 'COLONIZE', target: 'free', targetChecked: 'dispatch', menu: 3 },
  EXPLORATION: { label: 'Explore', article: 'an', dispatchable: true, arrives: true, oneWay: false, carriesResources: false, units: 'any', target: 'not-own', targetChecked: 'arrival', menu: 4 },
  SPY: { label: 'Spy', article: 'a', dispatchable: true, arrives: true, oneWay: false, carriesResources: false, units: 'SPY', target: 'enemy', targetChecked: 'arrival', menu: 6 },
  SALVAGE: { label: 'Salvage', article: 'a', dispatchable: true, arrives: true, oneWay: false, carriesResources: false, units: 'SALVAGE', target: 'wreckage', targetChecked: 'arrival', menu: 5 },
  STATION: { label: 'Station', article: 'a', dispatchable: true, arrives: true, oneWay: true, carriesResources: true, units: 'any', target: 'territory', targetChecked: 'dispatch', menu: 7 },
  MULTI_PARTY_ATTACK_INITIATOR: { label: 'Group attack (lead)', article: 'a', dispatchable: true, arrives: true, oneWay: false, carriesResources: false, units: 'attack', target: 'enemy', targetChecked: 'arrival', menu: null },
  MULTI_PARTY_ATTACK_PARTICIPANT: { label: 'Group attack', article: 'a', dispatchable: false, arrives: true, oneWay: false, carriesResources: false, units: 'attack', target: 'enemy', targetChecked: 'arrival', menu: null },
  ALLIED_STATIONED: { label: 'Allied stationed', article: 'an', dispatchable: false, arrives: false, oneWay: true, carriesResources: true, units: 'any', target: 'territory', targetChecked: 'arrival', menu: null },
  ALLIED_STATIONING_PENDING: { label: 'Allied stationing', article: 'an', dispatchable: false, arrives: true, oneWay: true, carriesResources: true, units: 'any', target: 'territory', targetChecked: 'arrival', menu: null },
  RETURN: { label: 'Return', article: 'a', dispatchable: false, arrives: true, oneWay: true, carriesResources: true, units: 'any', target: 'territory', targetChecked: 'arrival', menu: null },
} as const satisfies Record<string, MissionSpec>;

type Table = typeof MISSION_TABLE;
/** What a movement can be: a mission, or RETURN once the fleet heads home. */
export type MovementMission = keyof Table;
/** The spec's mission values (a send payload's `mission`): every movement mission but RETURN. */
export type Mission = Exclude<MovementMission, 'RETURN'>;
/** The missions a player sends. */
export type Dispatchable = { [K in MovementMission]: Table[K]['dispatchable'] extends true ? K : never }[MovementMission];
/** The missions whose fleets arrive somewhere (world handles each). */
export type ArrivingMission = { [K in MovementMission]: Table[K]['arrives'] extends true ? K : never }[MovementMission];
/** The missions of the map's fleet-action menu. */
export type MenuMission = { [K in MovementMission]: Table[K]['menu'] extends number ? K : never }[MovementMission];

// Every dispatchable mission arrives: a table row that breaks this does not compile.
const everyDispatchArrives: Dispatchable extends ArrivingMission ? true : never = true;
void everyDispatchArrives;

const keys = Object.keys(MISSION_TABLE) as MovementMission[];

export const MOVEMENT_MISSIONS = keys as unknown as readonly [MovementMission, ...MovementMission[]];
export const MISSIONS = keys.filter((m): m is Mission => m !== 'RETURN') as unknown as readonly [Mission, ...Mission[]];
export const DISPATCHABLE_MISSIONS = keys.filter((m): m is Dispatchable => MISSION_TABLE[m].dispatchable);
/** The menu's missions in the spec's order: Transport, Attack, Colonize, Explore, Salvage, Spy, Station. */
export const MENU_MISSIONS = keys
  .filter((m): m is MenuMission => MISSION_TABLE[m].menu !== null)
  .sort((a, b) => (MISSION_TABLE[a].menu ?? 0) - (MISSION_TABLE[b].menu ?? 0));

export const missionSpec = (mission: MovementMission): MissionSpec => MISSION_TABLE[mission];
export const isMovementMission = (mission: string): mission is MovementMission => Object.hasOwn(MISSION_TABLE, mission);
export const isDispatchable = (mission: string): mission is Dispatchable => (DISPATCHABLE_MISSIONS as readonly string[]).includes(mission);

/** What a player reads for a mission ('Transport', 'Explore'); a value the table does not know reads as sent. */
export const missionLabel = (mission: string): string => (isMovementMission(mission) ? MISSION_TABLE[mission].label : mission);
/** The label with its article, for sentences: 'an Attack mission'. */
export const missionWithArticle = (mission: MovementMission): string => `${MISSION_TABLE[mission].article} ${MISSION_TABLE[mission].label}`;

/** Core spec 5 "Unit eligibility by mission": a capability, attack above 0, or any unit. */
export function isEligibleForMission(def: UnitDef, mission: MovementMission): boolean {
  const need = MISSION_TABLE[mission].units;
  if (need === 'any') return true;
  if (need === 'attack') return def.stats.attack > 0;
  return def.capabilities.includes(need);
}

/** Why a unit cannot go on a mission: it does not qualify for it, or it cannot move (speed 0). */
export type UnitUnfit = 'not-eligible' | 'cannot-move';

/** Whether a unit can go on the mission (null), or why not: it must qualify and fly (speed above 0). */
export function unitFitness(def: UnitDef, mission: MovementMission): UnitUnfit | null {
  if (!isEligibleForMission(def, mission)) return 'not-eligible';
  return def.stats.speed > 0 ? null : 'cannot-move';
}

/** Whether a unit can go on the mission: the map offers a mission when one unit present can. */
export const canFlyOnMission = (def: UnitDef, mission: MovementMission): boolean => unitFitness(def, mission) === null;

/**
 * Whether the selected units (key and definition) may fly the mission together, or the first reason
 * they may not, in the order the server refuses them: units that do not qualify, a fleet of which no
 * unit moves, units that cannot move. A fleet passes exactly when each of its units canFlyOnMission.
 */
export type FleetFitness =
  | { ok: true }
  | { ok: false; reason: 'not-eligible' | 'cannot-move'; units: string[] }
  | { ok: false; reason: 'none-moves' };

export function fleetFitness(units: readonly (readonly [key: string, def: UnitDef])[], mission: MovementMission): FleetFitness {
  const why = units.map(([key, def]) => [key, unitFitness(def, mission)] as const);
  const unfit = why.filter(([, w]) => w === 'not-eligible').map(([key]) => key);
  if (unfit.length > 0) return { ok: false, reason: 'not-eligible', units: unfit };
  const still = why.filter(([, w]) => w === 'cannot-move').map(([key]) => key);
  if (still.length === why.length) return { ok: false, reason: 'none-moves' };
  return still.length > 0 ? { ok: false, reason: 'cannot-move', units: still } : { ok: true };
}

export const missionCarriesResources = (mission: MovementMission): boolean => MISSION_TABLE[mission].carriesResources;
export const isOneWay = (mission: MovementMission): boolean => MISSION_TABLE[mission].oneWay;

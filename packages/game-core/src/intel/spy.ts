import type { Catalogue, ResourceKey } from '@brood/game-data';
import type { Counts, Levels, Resources } from '../types';
import { toCoordsTuple } from '../types';
import type { Coords } from '../types';
import type { Rng } from '../rng';

/** The spy detail level: clamp(0..3) of 1 + (attacker spy_level - defender spy_level) + floor(log2(spies)); 0 without spies. */
export function spyDetailLevel(attackerSpyLevel: number, defenderSpyLevel: number, spies: number): number {
  if (spies < 1) return 0;
  return Math.min(3, Math.max(0, 1 + (attackerSpyLevel - defenderSpyLevel) + Math.floor(Math.log2(spies))));
}

/** Detection chance: base + per_level_lead x (defender - attacker) + per_spy x (spies - 1), clamped to [min, max]. */
export function spyDetectionChance(catalogue: Catalogue, attackerSpyLevel: number, defenderSpyLevel: number, spies: number): number {
  const s = catalogue.universe.spy;
  const p = s.detection_base + s.detection_per_level_lead * (defenderSpyLevel - attackerSpyLevel) + s.detection_per_spy * Math.max(0, spies - 1);
  return Math.min(s.detection_max, Math.max(s.detection_min, p));
}

export interface SpyOutcome {
  readonly detail_level: number;
  readonly detection_chance: number;
  /** the target sees the spies: it gets SPY_DETECTED_BY_TARGET and the spies are lost */
  readonly detected: boolean;
}

/** Draws one detection roll. A detected mission still reports at its detail level. */
export function spyOutcome(catalogue: Catalogue, input: { attackerSpyLevel: number; defenderSpyLevel: number; spies: number }, rng: Rng): SpyOutcome {
  const detail_level = spyDetailLevel(input.attackerSpyLevel, input.defenderSpyLevel, input.spies);
  const detection_chance = spyDetectionChance(catalogue, input.attackerSpyLevel, input.defenderSpyLevel, input.spies);
  return { detail_level, detection_chance, detected: rng.next() < detection_chance };
}

/** The approximate level a report shows instead of an exact amount: the number of digits. */
export function approxLevel(amount: number): number {
  return amount >= 1 ? Math.floor(Math.log10(amount)) + 1 : 0;
}

export interface SpyQueueEntry {
  readonly item_key: string;
  readonly target_level_or_quantity: number;
  readonly end_time: string;
}

export interface SpyStationedFleet {
  readonly fleet_id: string | number;
  readonly username: string | null;
  readonly mission_type: string;
  readonly units: Counts;
  readonly resources: Resources | null;
}

/** What the server knows of the target at the moment of the report. */
export interface SpyTarget {
  readonly territory_id: string | number;
  readonly territory_name: string;
  readonly coords: Coords;
  readonly owner_id: string | number | null;
  /** The owner's username (public on the map), null for a territory without owner. */
  readonly owner_username?: string | null;
  /** The owner's technology levels at the moment of the report. */
  readonly technologies?: Levels;
  readonly resources: Resources;
  readonly structures: Levels;
  readonly units: Counts;
  readonly defenses: Counts;
  readonly stationed_fleets?: readonly SpyStationedFleet[];
  readonly build_queue?: readonly SpyQueueEntry[];
  readonly research_queue?: readonly SpyQueueEntry[];
  readonly research_queue_user_id?: string | number | null;
  readonly recruitment_queue?: readonly SpyQueueEntry[];
  readonly defense_queue?: readonly SpyQueueEntry[];
}

const present = (counts: Counts) => Object.entries(counts).filter(([, n]) => n > 0);
const quantity = (n: number, level: number) => ({
  quantity: level >= 3 ? n : null,
  approx_quantity_level: level >= 2 ? approxLevel(n) : null,
});

/**
 * The spy report content of the social spec, cut to the detail level: at 1 what is present, at 2
 * approximate levels, at 3 exact numbers, the queues, the owner's id and research levels. The owner's
 * username, which the map shows anyone, comes with every successful report.
 */
export function spyReportContent(catalogue: Catalogue, target: SpyTarget, outcome: SpyOutcome, reportTimeUtc: string) {
  const level = outcome.detail_level;
  const order = catalogue.orderedResourceKeys;
  const full = level >= 3;
  return {
    target_territory_id: target.territory_id,
    target_territory_name: target.territory_name,
    target_coords: toCoordsTuple(target.coords),
    target_owner_id: full ? target.owner_id : null,
    target_owner_username: level >= 1 ? (target.owner_username ?? null) : null,
    success: level >= 1,
    detected: outcome.detected,
    detail_level: level,
    report_time_utc: reportTimeUtc,
    resources: level < 1 ? [] : order.filter((k: ResourceKey) => (target.resources[k] ?? 0) >= 1).map((k) => {
      const amount = Math.floor(target.resources[k] ?? 0);
      return { resource_key: k, amount: full ? amount : null, approx_amount_level: level >= 2 ? approxLevel(amount) : null };
    }),
    structures: level < 1 ? [] : Object.entries(target.structures).filter(([, l]) => l > 0)
      .map(([structure_key, l]) => ({ structure_key, exists: true, level: full ? l : null })),
    units: level < 1 ? [] : present(target.units).map(([unit_key, n]) => ({ unit_key, ...quantity(n, level) })),
    defenses: level < 1 ? [] : present(target.defenses).map(([defense_key, n]) => ({ defense_key, ...quantity(n, level) })),
    stationed_fleets: level < 1 ? [] : (target.stationed_fleets ?? []).map((f) => ({
      fleet_id: f.fleet_id,
      username: full ? f.username : null,
      mission_type: f.mission_type,
      units: f.units,
      resources: full ? f.resources : null,
    })),
    build_queue: full ? (target.build_queue ?? []) : [],
    research_queue: full ? (target.research_queue ?? []) : [],
    research_queue_user_id: full ? (target.research_queue_user_id ?? null) : null,
    recruitment_queue: full ? (target.recruitment_queue ?? []) : [],
    defense_queue: full ? (target.defense_queue ?? []) : [],
    technologies: full ? Object.entries(target.technologies ?? {}).filter(([, l]) => l > 0).map(([tech_key, l]) => ({ tech_key, level: l })) : [],
  };
}
export type SpyReportContent = ReturnType<typeof spyReportContent>;

/** The SPY_DETECTED_BY_TARGET content; the attacker's spy level is revealed only to a defender at least as skilled. */
export function spyDetectedContent(
  target: Pick<SpyTarget, 'territory_id' | 'territory_name' | 'coords'>,
  source: Coords,
  spyLevels: { attacker: number; defender: number },
  detectionTimeUtc: string,
) {
  const [source_region, source_sub_region, source_position] = toCoordsTuple(source);
  return {
    target_territory_id: target.territory_id,
    target_territory_name: target.territory_name,
    target_coords: toCoordsTuple(target.coords),
    alert_type: 'SPY_DETECTED',
    detection_time_utc: detectionTimeUtc,
    source_region,
    source_sub_region,
    source_position,
    estimated_attacker_spy_level: spyLevels.defender >= spyLevels.attacker ? spyLevels.attacker : null,
  };
}

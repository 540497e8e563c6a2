import { formatNumber } from '../../../lib/format';
import { SpyDetectedContentSchema, SpyReportContentSchema } from '@brood/contracts';
import { coordsOf, isFilledRecord, isRecord, num, text, type Row } from '../content-shape';

/** Display rules of spy reports and alerts (social spec §4.4, §5.1, §5.2), pure for testing. */

export const SPY_MISSING = 'Spy report content is missing or invalid.';
export const SPY_INVALID = 'Spy report structure is invalid.';
export const SPY_ALERT_INVALID = 'Spy alert structure is invalid.';
export const NONE_REPORTED = 'None reported';
export const NONE_AT_LEVEL = 'None reported at this detail level';
export const QUEUE_EMPTY = 'Queue empty or not reported';
export const NO_FLEETS = 'No allied fleets reported.';
export const NO_CARGO = 'No cargo reported.';

export interface SpyReport extends Row {
  detail_level: number;
}

export function readSpyReport(content: unknown): { report: SpyReport } | { error: string } {
  if (!isFilledRecord(content)) return { error: SPY_MISSING };
  const level = num(content.detail_level);
  if (level === null || !SpyReportContentSchema.safeParse(content).success) return { error: SPY_INVALID };
  return { report: { ...content, detail_level: Math.max(0, Math.min(3, Math.trunc(level))) } };
}

function rows(value: unknown): Row[] {
  return Array.isArray(value) ? value.filter(isRecord) : [];
}

export interface SpyLine {
  key: string;
  value: string;
}

/** Resources: exact amounts at 3, 'Approx. Lvl n' at 2, 'Present' at 1; below 1 the section reads 'None reported'. */
export function spyResources(report: SpyReport): SpyLine[] | string {
  const list = rows(report.resources);
  if (report.detail_level < 1 || list.length === 0) return NONE_REPORTED;
  return list.map((r) => ({
    key: text(r.resource_key) ?? '?',
    value:
      report.detail_level >= 3
        ? formatNumber(Math.floor(num(r.amount) ?? 0))
        : report.detail_level === 2
          ? `Approx. Lvl ${num(r.approx_amount_level) ?? '?'}`
          : 'Present',
  }));
}

/** The owner's research at detail 3 ('Lvl n' each); older reports and lower levels list none. */
export function spyTechnologies(report: SpyReport): SpyLine[] {
  if (report.detail_level < 3) return [];
  return rows(report.technologies)
    .filter((t) => text(t.tech_key) !== null && (num(t.level) ?? 0) > 0)
    .map((t) => ({ key: text(t.tech_key)!, value: `Lvl ${num(t.level)}` }));
}

/** Who holds the target: the owner's username, else (an older report) the owner's id at detail 3, else null. */
export function spyOwner(report: SpyReport): { label: string; value: string } | null {
  const name = text(report.target_owner_username);
  if (name) return { label: 'Owner', value: name };
  const id = showsIntelExtras(report) ? text(report.target_owner_id) : null;
  return id ? { label: 'Owner ID', value: id } : null;
}

/** Structures: only existing ones; 'Lvl n' at 3, 'Lvl Unknown' at 1 and 2; not listed below 1. */
export function spyStructures(report: SpyReport): SpyLine[] {
  if (report.detail_level < 1) return [];
  return rows(report.structures)
    .filter((s) => s.exists !== false && (s.exists === true || (num(s.level) ?? 0) > 0))
    .map((s) => ({
      key: text(s.structure_key) ?? '?',
      value: report.detail_level >= 3 && num(s.level) !== null ? `Lvl ${num(s.level)}` : 'Lvl Unknown',
    }));
}

/** Units or defenses: 'Qty n' at 3, 'Approx. Lvl n' at 2, 'Qty Unknown' at 1; below 1 'None reported at this detail level'. */
export function spyForces(report: SpyReport, field: 'units' | 'defenses'): SpyLine[] | string {
  if (report.detail_level < 1) return NONE_AT_LEVEL;
  const keyField = field === 'units' ? 'unit_key' : 'defense_key';
  const list = rows(report[field]);
  if (list.length === 0) return NONE_REPORTED;
  return list.map((u) => ({
    key: text(u[keyField]) ?? '?',
    value:
      report.detail_level >= 3
        ? `Qty ${formatNumber(num(u.quantity) ?? 0)}`
        : report.detail_level === 2
          ? `Approx. Lvl ${num(u.approx_quantity_level) ?? '?'}`
          : 'Qty Unknown',
  }));
}

export interface SpyQueueEntry {
  item_key: string;
  amount: string;
  end_time: unknown;
}

/** A production queue: shown at level 3 (when it has entries), otherwise 'Queue empty or not reported'. */
export function spyQueue(report: SpyReport, field: 'build_queue' | 'research_queue' | 'recruitment_queue' | 'defense_queue'): SpyQueueEntry[] | string {
  const list = rows(report[field]);
  if (report.detail_level < 3 || list.length === 0) return QUEUE_EMPTY;
  return list.map((q) => ({ item_key: text(q.item_key) ?? '?', amount: text(q.target_level_or_quantity) ?? '?', end_time: q.end_time }));
}

export interface SpyFleet {
  id: string;
  mission: string | null;
  owner: string | null;
  units: unknown;
  /** null: cargo not shown at this level; [] means none carried. */
  cargo: unknown;
}

/** Allied fleets: owner and cargo at 3, fleets without owner or cargo at 1-2, 'No allied fleets reported.' otherwise. */
export function spyFleets(report: SpyReport): SpyFleet[] | string {
  const list = rows(report.stationed_fleets);
  if (report.detail_level < 1 || list.length === 0) return NO_FLEETS;
  const full = report.detail_level >= 3;
  return list.map((f, i) => ({
    id: text(f.fleet_id) ?? String(i + 1),
    mission: text(f.mission_type),
    owner: full ? text(f.username) : null,
    units: f.units,
    cargo: full ? (f.resources ?? []) : null,
  }));
}

/** Queues and the target owner id appear from level 3. */
export function showsIntelExtras(report: SpyReport): boolean {
  return report.detail_level >= 3;
}

export interface SpyAlert {
  target_name: string | null;
  target_coords: [number, number, number];
  source_coords: [number, number, number];
  alert_type: string | null;
  detected_at: unknown;
  estimated_level: number | null;
}

/** SPY_DETECTED_BY_TARGET content, or null when it lacks the target or source coordinates. */
export function readSpyAlert(content: unknown): SpyAlert | null {
  if (!isFilledRecord(content) || !SpyDetectedContentSchema.safeParse(content).success) return null;
  const target = coordsOf(content.target_coords);
  const source = coordsOf([content.source_region, content.source_sub_region, content.source_position]);
  if (!target || !source) return null;
  return {
    target_name: text(content.target_territory_name),
    target_coords: target,
    source_coords: source,
    alert_type: text(content.alert_type),
    detected_at: content.detection_time_utc,
    estimated_level: num(content.estimated_attacker_spy_level),
  };
}

import { ExplorationContentSchema, FailureContentSchema, SalvageContentSchema } from '@brood/contracts';
import { amountsOf, isFilledRecord, messageOf, text, total, type Row } from '../content-shape';

/** Exploration and salvage display rules (social spec §4.5, §5.1), pure for testing. */

export const EXPLORATION_MISSING = 'Exploration report content is missing or invalid.';
export const EXPLORATION_INVALID = 'Exploration report content structure is invalid.';
export const SALVAGE_MISSING = 'Salvage report content is missing or invalid.';
export const SALVAGE_INVALID = 'Salvage report content structure is invalid.';
export const NO_FAILURE_DETAILS = 'Details not available for this failure.';
export const NO_MOVEMENT_DETAILS = 'Movement details unavailable.';

export function readExploration(content: unknown): { report: Row } | { error: string } {
  if (!isFilledRecord(content)) return { error: EXPLORATION_MISSING };
  if (!text(content.event_type) || !ExplorationContentSchema.safeParse(content).success) return { error: EXPLORATION_INVALID };
  return { report: content };
}

const has = (value: unknown) => amountsOf(value).some((a) => (a.amount ?? 0) > 0);

/** Red for combat, green for gains, orange when only units were lost, grey for nothing found, blue otherwise. */
export function explorationColour(report: Row): 'red' | 'orange' | 'green' | 'gray' | 'blue' {
  const event = text(report.event_type) ?? '';
  if (event === 'COMBAT') return 'red';
  const gained = event.startsWith('RESOURCE_FIND') || event.startsWith('UNIT_GAIN') || has(report.found_resources) || has(report.added_units) || has(report.gained_surrendered_units);
  if (gained) return 'green';
  if (has(report.lost_units)) return 'orange';
  if (event === 'NOTHING' || event === 'NOTHING_FOUND') return 'gray';
  return 'blue';
}

export type SalvageRead = { report: Row } | { failure: string } | { error: string };

/**
 * A salvage report. A failure notification may carry only its reason ({details} or {message}); that
 * is shown as the reason. Anything else needs the field or coordinates or the salvaged amounts.
 */
export function readSalvage(type: string, content: unknown): SalvageRead {
  if (!isFilledRecord(content)) return { error: SALVAGE_MISSING };
  const structured = content.wreckage_field_id !== undefined || content.coordinates !== undefined || content.salvaged_resources !== undefined;
  if (structured) return SalvageContentSchema.safeParse(content).success ? { report: content } : { error: SALVAGE_INVALID };
  if (type.startsWith('SALVAGE_FAILED') && FailureContentSchema.safeParse(content).success) return { failure: messageOf(content) ?? NO_FAILURE_DETAILS };
  return { error: SALVAGE_INVALID };
}

/** Green when something was salvaged, blue when the field was emptied with nothing salvaged, orange otherwise. */
export function salvageColour(report: Row): 'green' | 'blue' | 'orange' {
  if (total(amountsOf(report.salvaged_resources)) > 0) return 'green';
  if (report.wreckage_field_emptied === true) return 'blue';
  return 'orange';
}

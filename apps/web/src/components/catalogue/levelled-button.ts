import { effectiveLevel, isMaxLevel, maxLevel } from '@brood/game-core';

/**
 * The Build / Upgrade / Research button of a levelled card (structures and technologies), core §4:
 * at max it reads 'Max Level' (or 'Built (Max)' / 'Researched (Max)' for single-level items, or
 * 'Upgrading to Max Lvl n' / 'Researching Max Lvl n' when the queue already reaches the max);
 * otherwise unmet prerequisites, a full queue or missing resources disable it, in that order.
 */

export type LevelledKind = 'structure' | 'technology';

export type DisabledReason = 'max' | 'queued-max' | 'prerequisites' | 'no-territory' | 'queue-full' | 'resources';

export interface LevelledButtonInput {
  kind: LevelledKind;
  /** Built (structures) or researched (technologies) level. */
  built: number;
  /** Target levels of this item already in the queue. */
  queuedTargets: readonly number[];
  /** max_level_per_territory or max_level (0 means a single level). */
  max: number;
  prerequisitesMet: boolean;
  queueFull: boolean;
  affordable: boolean;
  /** Research with costs while no territory is selected: nothing can pay. */
  missingPayer?: boolean;
}

export interface LevelledButtonState {
  label: string;
  disabled: boolean;
  /** The tooltip on a disabled button (null when enabled or maxed). */
  tooltip: string | null;
  reason: DisabledReason | null;
  /** Effective level (built or highest queued) and the level the button would queue. */
  effective: number;
  next: number;
  cap: number;
  /** The card is dimmed when the next level is unaffordable. */
  dimmed: boolean;
}

export const TOOLTIPS = {
  prerequisites: 'Prerequisites not met for next level',
  buildQueueFull: 'Build queue is full',
  researchQueueFull: 'Research queue is full',
  resources: 'Not enough resources',
  noTerritory: 'Select a territory to pay costs',
} as const;

function actionLabel(kind: LevelledKind, effective: number, next: number): string {
  if (effective === 0) return kind === 'structure' ? `Build (Lvl ${next})` : `Research (Lvl ${next})`;
  return `Upgrade to Lvl ${next}`;
}

function maxedLabel(kind: LevelledKind, built: number, cap: number, singleLevel: boolean): { label: string; reason: DisabledReason } {
  if (built < cap) {
    return { label: kind === 'structure' ? `Upgrading to Max Lvl ${cap}` : `Researching Max Lvl ${cap}`, reason: 'queued-max' };
  }
  if (singleLevel) return { label: kind === 'structure' ? 'Built (Max)' : 'Researched (Max)', reason: 'max' };
  return { label: 'Max Level', reason: 'max' };
}

export function levelledButtonState(input: LevelledButtonInput): LevelledButtonState {
  const effective = effectiveLevel(input.built, input.queuedTargets);
  const cap = maxLevel(input.max);
  const next = effective + 1;
  const base = { effective, next, cap };
  if (isMaxLevel(effective, input.max)) {
    const { label, reason } = maxedLabel(input.kind, input.built, cap, input.max === 0);
    return { ...base, label, disabled: true, tooltip: null, reason, dimmed: false };
  }
  const label = actionLabel(input.kind, effective, next);
  const dimmed = !input.affordable;
  const off = (reason: DisabledReason, tooltip: string): LevelledButtonState => ({ ...base, label, disabled: true, tooltip, reason, dimmed });
  if (!input.prerequisitesMet) return off('prerequisites', TOOLTIPS.prerequisites);
  if (input.queueFull) return off('queue-full', input.kind === 'structure' ? TOOLTIPS.buildQueueFull : TOOLTIPS.researchQueueFull);
  if (input.missingPayer) return off('no-territory', TOOLTIPS.noTerritory);
  if (!input.affordable) return off('resources', TOOLTIPS.resources);
  return { ...base, label, disabled: false, tooltip: null, reason: null, dimmed: false };
}

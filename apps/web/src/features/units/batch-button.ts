/**
 * The Recruit / Build button of a unit or defense card (core §4, §5): batches can be queued again
 * ('Recruit More' / 'Build More'); a full queue reads 'Queue Full'; a defense at its per-territory
 * maximum (built plus queued) reads 'Maxed'. Prerequisites, then the queue, then resources disable it.
 */

export type BatchKind = 'unit' | 'defense';

export type BatchDisabledReason = 'maxed' | 'prerequisites' | 'queue-full' | 'resources';

export interface BatchButtonInput {
  kind: BatchKind;
  /** A batch of this item is already in the queue. */
  alreadyQueued: boolean;
  queueFull: boolean;
  prerequisitesMet: boolean;
  /** Stock covers cost x quantity. */
  affordable: boolean;
  /** Defenses: max_count_per_territory reached by built plus queued. */
  maxed?: boolean;
}

export interface BatchButtonState {
  label: string;
  disabled: boolean;
  tooltip: string | null;
  reason: BatchDisabledReason | null;
}

export const BATCH_TOOLTIPS = {
  prerequisites: 'Prerequisites not met',
  recruitmentQueueFull: 'Recruitment queue is full.',
  defenseQueueFull: 'Defense queue is full.',
  maxed: 'Maximum count for this defense type reached or queued.',
  resources: 'Not enough resources',
} as const;

export const QUANTITY_MUST_BE_POSITIVE = 'Quantity must be greater than 0.';

export function batchButtonState(input: BatchButtonInput): BatchButtonState {
  const verb = input.kind === 'unit' ? 'Recruit' : 'Build';
  const label = input.alreadyQueued ? `${verb} More` : verb;
  if (input.kind === 'defense' && input.maxed) {
    return { label: 'Maxed', disabled: true, tooltip: BATCH_TOOLTIPS.maxed, reason: 'maxed' };
  }
  if (!input.prerequisitesMet) return { label, disabled: true, tooltip: BATCH_TOOLTIPS.prerequisites, reason: 'prerequisites' };
  if (input.queueFull) {
    const tooltip = input.kind === 'unit' ? BATCH_TOOLTIPS.recruitmentQueueFull : BATCH_TOOLTIPS.defenseQueueFull;
    return { label: 'Queue Full', disabled: true, tooltip, reason: 'queue-full' };
  }
  if (!input.affordable) return { label, disabled: true, tooltip: BATCH_TOOLTIPS.resources, reason: 'resources' };
  return { label, disabled: false, tooltip: null, reason: null };
}

/** Quantity input: non-numeric or negative becomes 0; fractions are dropped. */
export function parseQuantity(value: string | number | null | undefined): number {
  const n = typeof value === 'number' ? value : Number(String(value ?? '').trim());
  if (!Number.isFinite(n) || n <= 0) return 0;
  return Math.floor(n);
}

/**
 * What the quantity box shows after each keystroke (core spec: non-numeric or negative input becomes 0;
 * whole numbers only): '-5' and 'abc' become '0', '2.5' becomes '2', '007' becomes '7'. An emptied box
 * stays empty while the player types; leaving it empty makes it 0.
 */
export function normaliseQuantityText(text: string): string {
  if (text.trim() === '') return '';
  return String(Math.min(parseQuantity(text), MAX_BATCH));
}

/** Largest batch the max button may set (the spec's max producible, bounded for the input). */
export const MAX_BATCH = 99_999;

import { describe, expect, it } from 'vitest';
import { MAX_BATCH, batchButtonState, normaliseQuantityText, parseQuantity, type BatchButtonInput } from './batch-button';

const ready: BatchButtonInput = { kind: 'unit', alreadyQueued: false, queueFull: false, prerequisitesMet: true, affordable: true };

describe('recruit and build buttons', () => {
  it('reads Recruit, then Recruit More once a batch is queued; Build / Build More for defenses', () => {
    expect(batchButtonState(ready)).toMatchObject({ label: 'Recruit', disabled: false });
    expect(batchButtonState({ ...ready, alreadyQueued: true }).label).toBe('Recruit More');
    expect(batchButtonState({ ...ready, kind: 'defense' }).label).toBe('Build');
    expect(batchButtonState({ ...ready, kind: 'defense', alreadyQueued: true }).label).toBe('Build More');
  });

  it('reads Queue Full with the queue tooltip of its kind', () => {
    expect(batchButtonState({ ...ready, queueFull: true })).toMatchObject({ label: 'Queue Full', disabled: true, tooltip: 'Recruitment queue is full.' });
    expect(batchButtonState({ ...ready, kind: 'defense', queueFull: true }).tooltip).toBe('Defense queue is full.');
  });

  it('reads Maxed for a defense at its per-territory maximum', () => {
    expect(batchButtonState({ ...ready, kind: 'defense', maxed: true, queueFull: true })).toMatchObject({
      label: 'Maxed',
      disabled: true,
      tooltip: 'Maximum count for this defense type reached or queued.',
    });
  });

  it('disables without resources for the quantity', () => {
    expect(batchButtonState({ ...ready, affordable: false })).toMatchObject({ disabled: true, tooltip: 'Not enough resources' });
  });
});

describe('quantity input', () => {
  it('turns non-numeric or negative input into 0 and drops fractions', () => {
    expect(parseQuantity('abc')).toBe(0);
    expect(parseQuantity('-4')).toBe(0);
    expect(parseQuantity('')).toBe(0);
    expect(parseQuantity('7.9')).toBe(7);
    expect(parseQuantity(12)).toBe(12);
  });
});

describe('normaliseQuantityText', () => {
  it('keeps whole numbers, turns junk and negatives into 0, drops fractions and leading zeros', () => {
    expect(['12', '-5', 'abc', '2.5', '007', '1e2', ' 3 '].map(normaliseQuantityText)).toEqual(['12', '0', '0', '2', '7', '100', '3']);
  });
  it('lets the box be emptied while typing, and stops at the largest batch', () => {
    expect(normaliseQuantityText('')).toBe('');
    expect(normaliseQuantityText('999999999')).toBe(String(MAX_BATCH));
  });
});

import { describe, expect, it } from 'vitest';
import { cancelConfirmation, canCancel, countdownText, queueProgress } from './queue-progress';

const start = Date.parse('2030-01-01T00:00:00Z');
const end = start + 100_000;

describe('queue progress', () => {
  it('reads "Starts in" before the start time, with the time until the start', () => {
    const p = queueProgress(new Date(start), new Date(end), start - 5_000);
    expect(p).toMatchObject({ phase: 'waiting', percent: 0, startsInMs: 5_000, remainingMs: 105_000 });
    expect(canCancel(p)).toBe(true);
  });

  it('moves the bar between start and end and counts down the time left', () => {
    const quarter = queueProgress(new Date(start).toISOString(), new Date(end).toISOString(), start + 25_000);
    const half = queueProgress(start, end, start + 50_000);
    expect(quarter).toMatchObject({ phase: 'running', percent: 25, remainingMs: 75_000 });
    expect(half?.percent).toBe(50);
    expect(canCancel(half)).toBe(true);
  });

  it('is finished at and after the end time, where cancel is no longer offered', () => {
    for (const now of [end, end + 1]) {
      const p = queueProgress(start, end, now);
      expect(p).toMatchObject({ phase: 'finished', percent: 100, remainingMs: 0 });
      expect(canCancel(p)).toBe(false);
    }
  });

  it('gives null for an unreadable time (shown as "Invalid time")', () => {
    expect(queueProgress('not a date', end, start)).toBeNull();
    expect(canCancel(null)).toBe(false);
  });

  it('counts down in whole seconds rounded up, never "Finished" before the end', () => {
    expect(countdownText(400)).toBe('1s');
    expect(countdownText(1_000)).toBe('1s');
    expect(countdownText(1_001)).toBe('2s');
    expect(countdownText(65_000)).toBe('1m 5s');
  });

  it('words the cancel confirmation exactly as the spec', () => {
    expect(cancelConfirmation('Fiber Tangle')).toBe(
      'Do you really want to cancel "Fiber Tangle"? Only 30% of paid resources will be refunded.',
    );
  });
});

import { describe, expect, it } from 'vitest';
import { nextChangeAt, QUEUE_CACHE, queuePollInterval } from './queue-queries';

const t0 = Date.UTC(2030, 0, 1);
const item = (start: number, end: number) => ({ start_time: new Date(t0 + start), end_time: new Date(t0 + end) });

describe('queue polling and refresh instants', () => {
  it('polls every 15 s while an item is unfinished, and not at all when the queue is empty', () => {
    expect(queuePollInterval([item(0, 60_000)], t0 + 1_000)).toBe(QUEUE_CACHE.pollMs);
    expect(queuePollInterval([], t0)).toBe(false);
    expect(queuePollInterval(undefined, t0)).toBe(false);
  });

  it('polls every 2 s while the server still lists an item our clock has seen end', () => {
    expect(queuePollInterval([item(0, 1_000), item(1_000, 60_000)], t0 + 2_000)).toBe(QUEUE_CACHE.overduePollMs);
  });

  it('refreshes at the earliest end, or at a batch\'s next delivery', () => {
    expect(nextChangeAt([item(0, 10_000), item(10_000, 20_000)], t0 + 1_000)).toBe(t0 + 10_000);
    const batch = { ...item(0, 30_000), quantity: 3, duration_per_item_s: 10 };
    expect(nextChangeAt([batch], t0 + 12_000)).toBe(t0 + 20_000);
    expect(nextChangeAt([item(0, 1_000)], t0 + 5_000)).toBeNull();
  });
});

import { describe, expect, it } from 'vitest';
import * as access from './access';
import * as locks from './locks';

describe('LOCK_ORDER', () => {
  it('names only helpers the kernel exports, each in one step, in ascending steps', () => {
    const named = locks.LOCK_ORDER.flatMap((s) => s.helpers as readonly string[]);
    expect(new Set(named).size).toBe(named.length);
    const exported: Record<string, unknown> = { ...locks, ...access };
    for (const helper of named) expect(typeof exported[helper], helper).toBe('function');
    expect(locks.LOCK_ORDER.map((s) => s.step)).toEqual(locks.LOCK_ORDER.map((_, i) => i));
  });

  it("names the account locks of a claim, a suspension, the operator role and the guests' removal in step 2, the recompute's in step 7, and the sign-in's and sign-up's advisory locks before any row", () => {
    const step = (helper: string) => locks.LOCK_ORDER.find((s) => (s.helpers as readonly string[]).includes(helper))?.step;
    expect(['lockAccount', 'lockAccountRow', 'lockExpiredGuests'].map(step)).toEqual([2, 2, 2]);
    expect(step('lockScoreBatch')).toBe(7);
    expect(step('lockNames')).toBe(0);
  });
});

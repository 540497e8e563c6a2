import { describe, expect, it } from 'vitest';
import { storageLevel } from './storage-level';

describe('storage warning', () => {
  it('is red at full and above', () => {
    expect(storageLevel(1000, 1000)).toBe('full');
    expect(storageLevel(1200, 1000)).toBe('full');
  });
  it('is yellow from 95% up to just below full', () => {
    expect(storageLevel(950, 1000)).toBe('warning');
    expect(storageLevel(999.9, 1000)).toBe('warning');
  });
  it('is plain below 95% and when no capacity is known', () => {
    expect(storageLevel(949.9, 1000)).toBe('ok');
    expect(storageLevel(10, 0)).toBe('ok');
    expect(storageLevel(10, undefined)).toBe('ok');
  });
});

import { describe, expect, it } from 'vitest';
import { densestWithRoom } from './found-territory';

describe('densestWithRoom', () => {
  it('starts an empty grid at its centre (cell 481 of 31 x 31)', () => {
    expect(densestWithRoom(961, 25, [])).toBe(481);
  });

  it('keeps filling the densest cell while it has room', () => {
    expect(densestWithRoom(961, 25, [{ key: 481, territories: 24 }, { key: 1, territories: 3 }])).toBe(481);
  });

  it('moves to the nearest cell to the centre once the densest is full, so neighbours exist', () => {
    const next = densestWithRoom(961, 25, [{ key: 481, territories: 25 }]);
    expect([450, 480, 482, 512]).toContain(next);
  });

  it('answers null when every cell is full', () => {
    expect(densestWithRoom(4, 1, [1, 2, 3, 4].map((key) => ({ key, territories: 1 })))).toBeNull();
  });
});

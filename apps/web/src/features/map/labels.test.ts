import { describe, expect, it } from 'vitest';
import { TRUNCATE, truncate } from './labels';

describe('truncate', () => {
  it('leaves names within the limit alone and cuts longer ones to exactly the limit', () => {
    expect(truncate('Spawnpool', TRUNCATE.ownerOnMap)).toBe('Spawnpool');
    expect(truncate('Overmind_Zerathul', TRUNCATE.ownerOnMap)).toBe('Overmind_…');
    expect(truncate('Overmind_Zerathul', TRUNCATE.ownerOnMap)).toHaveLength(10);
    expect(truncate('A very long hive name indeed', TRUNCATE.myTerritoriesName)).toHaveLength(15);
  });
});

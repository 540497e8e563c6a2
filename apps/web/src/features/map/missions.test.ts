import { describe, expect, it } from 'vitest';
import { MAP_MISSIONS, startTerritoryFor } from './missions';

describe('missions from the map', () => {
  it('offers the seven missions of the fleet-action menu', () => {
    expect(MAP_MISSIONS.map((m) => m.label)).toEqual(['Transport', 'Attack', 'Colonize', 'Explore', 'Salvage', 'Spy', 'Station']);
  });

  it('starts from the selected territory, else the first owned one, else none', () => {
    const owned = [{ id: 4 }, { id: 9 }];
    expect(startTerritoryFor(9, owned)).toBe(9);
    expect(startTerritoryFor(null, owned)).toBe(4);
    expect(startTerritoryFor(77, owned)).toBe(4); // a stale selection from another account
    expect(startTerritoryFor(9, [])).toBeNull();
    expect(startTerritoryFor(null, undefined)).toBeNull();
  });
});

import { describe, expect, it } from 'vitest';
import { loadCatalogue } from '@brood/game-data';
import { MAP_MISSIONS, menuEntries, startTerritoryFor, type MenuTarget } from './missions';

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

describe('missions that make sense at a position', () => {
  const catalogue = loadCatalogue();
  const at = (occupant: MenuTarget['occupant'], over: Partial<MenuTarget> = {}): MenuTarget => ({ occupant, wreckage: false, isStart: false, ...over });
  const army = { hauler_grub: 3, razorwing: 5, seedling_ark: 1, whisper_mite: 2, carrion_beetle: 1 };
  type Units = Readonly<Record<string, number>>;
  const missionsFor = (t: MenuTarget, units: Units, c = catalogue) => menuEntries(t, units, c).filter((e) => e.reason === null).map((e) => e.mission);
  const reasonOf = (t: MenuTarget, units: Units, mission: string) => menuEntries(t, units, catalogue).find((e) => e.mission === mission)?.reason;

  it('lists all seven missions wherever it opens, the ones that cannot be sent with their reason', () => {
    const entries = menuEntries(at('free'), { hauler_grub: 1 }, catalogue);
    expect(entries.map((e) => e.label)).toEqual(['Transport', 'Attack', 'Colonize', 'Explore', 'Salvage', 'Spy', 'Station']);
    expect(reasonOf(at('free', { wreckage: true }), { hauler_grub: 1 }, 'SALVAGE')).toBe('Salvage needs a unit that can salvage: Carrion Beetle, from Brood Hatchery 4 and Chitin Moulter 1');
    expect(reasonOf(at('foreign'), { hauler_grub: 1 }, 'STATION')).toBe('Station needs your own territory or an alliance member\'s: this player is not in your alliance.');
  });

  it('offers nothing without units (no Attack on one\'s own hive with an empty army)', () => {
    expect(missionsFor(at('own'), {}, catalogue)).toEqual([]);
    expect(missionsFor(at('foreign'), { hauler_grub: 0 }, catalogue)).toEqual([]);
  });

  it('sends transport and station to own territories, never attack, spy or colonize', () => {
    expect(missionsFor(at('own'), army, catalogue)).toEqual(['TRANSPORT', 'STATION']);
    expect(missionsFor(at('own', { isStart: true }), army, catalogue)).toEqual([]);
  });

  it('colonizes and explores free positions; salvages only where wreckage lies', () => {
    expect(missionsFor(at('free'), army, catalogue)).toEqual(['COLONIZE', 'EXPLORATION']);
    expect(missionsFor(at('free', { wreckage: true }), army, catalogue)).toEqual(['COLONIZE', 'EXPLORATION', 'SALVAGE']);
  });

  it('offers a mission only when a unit fits it', () => {
    expect(missionsFor(at('foreign'), army, catalogue)).toEqual(['TRANSPORT', 'ATTACK', 'EXPLORATION', 'SPY']);
    expect(missionsFor(at('ally'), army, catalogue)).toEqual(['TRANSPORT', 'ATTACK', 'EXPLORATION', 'SPY', 'STATION']);
    expect(missionsFor(at('foreign'), { seedling_ark: 1 }, catalogue)).toEqual(['TRANSPORT', 'EXPLORATION']);
    expect(missionsFor(at('free'), { hauler_grub: 1 }, catalogue)).toEqual(['EXPLORATION']);
  });

  it('never offers an order the server refuses: no Station with units that cannot move', () => {
    const rooted: typeof catalogue = { ...catalogue, units: { ...catalogue.units, hauler_grub: { ...catalogue.units.hauler_grub!, stats: { ...catalogue.units.hauler_grub!.stats, speed: 0 } } } };
    expect(missionsFor(at('own'), { hauler_grub: 3 }, rooted)).toEqual([]);
    expect(missionsFor(at('foreign'), { hauler_grub: 3 }, rooted)).toEqual([]);
  });
});

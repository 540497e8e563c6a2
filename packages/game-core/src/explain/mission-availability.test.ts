import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { loadCatalogue } from '@brood/game-data';
import { canFlyOnMission, MENU_MISSIONS, MISSION_TABLE } from '../fleet/mission-table';
import { menuMissions, missionAvailability, unitsNeededReason, type TargetOccupant } from './mission-availability';

const catalogue = loadCatalogue();
const at = (occupant: TargetOccupant | null, wreckage = false) => ({ occupant, wreckage, isStart: false });
const fleet = { razorwing: 5, hauler_grub: 3 };

describe('missionAvailability', () => {
  it('lists all seven menu missions in the spec order, whether they can be sent or not', () => {
    const rows = menuMissions(at('free'), {}, catalogue);
    expect(rows.map((r) => MISSION_TABLE[r.mission].label)).toEqual(['Transport', 'Attack', 'Colonize', 'Explore', 'Salvage', 'Spy', 'Station']);
    expect(rows.every((r) => !r.availability.ok)).toBe(true);
  });

  it('a Salvage without a salvaging unit names the unit that can and what hatches it', () => {
    const a = missionAvailability('SALVAGE', at('free', true), fleet, catalogue);
    expect(a).toEqual({ ok: false, reason: 'Salvage needs a unit that can salvage: Carrion Beetle, from Brood Hatchery 4 and Chitin Moulter 1' });
  });

  it('a Salvage with a beetle but no wreckage says there is none, and is allowed on a wreckage field', () => {
    expect(missionAvailability('SALVAGE', at('free'), { carrion_beetle: 1 }, catalogue)).toEqual({ ok: false, reason: 'Salvage needs a wreckage field: there is none here.' });
    expect(missionAvailability('SALVAGE', at('free', true), { carrion_beetle: 1 }, catalogue)).toEqual({ ok: true });
  });

  it('Station at a non-ally says so; at an ally or at home it is allowed', () => {
    expect(missionAvailability('STATION', at('foreign'), fleet, catalogue)).toEqual({
      ok: false,
      reason: 'Station needs your own territory or an alliance member\'s: this player is not in your alliance.',
    });
    expect(missionAvailability('STATION', at('ally'), fleet, catalogue).ok).toBe(true);
    expect(missionAvailability('STATION', at('own'), fleet, catalogue).ok).toBe(true);
  });

  it('Attack at one of your own territories and Colonize on a taken position say why', () => {
    expect(missionAvailability('ATTACK', at('own'), fleet, catalogue)).toEqual({ ok: false, reason: 'Attack needs another player\'s territory: this one is yours.' });
    expect(missionAvailability('COLONIZE', at('foreign'), { seedling_ark: 1 }, catalogue)).toEqual({ ok: false, reason: 'Colonize needs a free position: this one is taken.' });
    expect(missionAvailability('ATTACK', at('foreign'), fleet, catalogue).ok).toBe(true);
  });

  it('the start territory itself offers nothing', () => {
    for (const m of MENU_MISSIONS) expect(missionAvailability(m, { occupant: 'own', wreckage: false, isStart: true }, fleet, catalogue).ok).toBe(false);
  });

  it('every mission the units cannot fly names a hatchable unit that can', () => {
    for (const m of MENU_MISSIONS) expect(unitsNeededReason(catalogue, m)).toMatch(new RegExp(`^${MISSION_TABLE[m].label} needs a unit that [a-z ]+: [A-Z]`));
  });

  it('is allowed only when some unit present can fly the mission (game-core canFlyOnMission)', () => {
    const keys = Object.keys(catalogue.units);
    const occupants: (TargetOccupant | null)[] = ['own', 'ally', 'foreign', 'neutral', 'free', null];
    fc.assert(fc.property(
      fc.dictionary(fc.constantFrom(...keys), fc.integer({ min: 0, max: 5 })),
      fc.constantFrom(...MENU_MISSIONS), fc.constantFrom(...occupants), fc.boolean(),
      (units, mission, occupant, wreckage) => {
        const flies = Object.entries(units).some(([k, n]) => n > 0 && canFlyOnMission(catalogue.units[k]!, mission));
        const a = missionAvailability(mission, at(occupant, wreckage), units, catalogue);
        if (!flies) expect(a.ok).toBe(false);
        if (!a.ok) expect(a.reason.length).toBeGreaterThan(10);
      },
    ));
  });
});

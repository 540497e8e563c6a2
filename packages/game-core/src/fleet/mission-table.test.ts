import { describe, expect, it } from 'vitest';
import { loadCatalogue } from '@brood/game-data';
import {
  DISPATCHABLE_MISSIONS, MENU_MISSIONS, MISSIONS, MOVEMENT_MISSIONS, canFlyOnMission, fleetFitness, isOneWay, missionCarriesResources, missionLabel, missionWithArticle,
} from './mission-table';

describe('the mission table', () => {
  it('lists the spec\'s mission values (core 3), and RETURN for movements (social 3)', () => {
    expect(MISSIONS).toEqual([
      'TRANSPORT', 'ATTACK', 'COLONIZE', 'EXPLORATION', 'SPY', 'SALVAGE', 'STATION',
      'MULTI_PARTY_ATTACK_INITIATOR', 'MULTI_PARTY_ATTACK_PARTICIPANT', 'ALLIED_STATIONED', 'ALLIED_STATIONING_PENDING',
    ]);
    expect(MOVEMENT_MISSIONS).toEqual([...MISSIONS, 'RETURN']);
  });

  it('gives the map menu the seven missions of social 2.5 with its words, in its order', () => {
    expect(MENU_MISSIONS.map(missionLabel)).toEqual(['Transport', 'Attack', 'Colonize', 'Explore', 'Salvage', 'Spy', 'Station']);
  });

  it('names a mission with the right article in a sentence', () => {
    expect(missionWithArticle('ATTACK')).toBe('an Attack');
    expect(missionWithArticle('EXPLORATION')).toBe('an Explore');
    expect(missionWithArticle('COLONIZE')).toBe('a Colonize');
  });

  it('sends only what a player chooses, carries cargo on Transport, Colonize and Station, pays one way for those that stay', () => {
    expect(DISPATCHABLE_MISSIONS).toEqual(['TRANSPORT', 'ATTACK', 'COLONIZE', 'EXPLORATION', 'SPY', 'SALVAGE', 'STATION', 'MULTI_PARTY_ATTACK_INITIATOR']);
    expect(DISPATCHABLE_MISSIONS.filter(missionCarriesResources)).toEqual(['TRANSPORT', 'COLONIZE', 'STATION']);
    expect(MOVEMENT_MISSIONS.filter(isOneWay)).toEqual(['COLONIZE', 'STATION', 'ALLIED_STATIONED', 'ALLIED_STATIONING_PENDING', 'RETURN']);
  });

  it('lets no unit that cannot move fly, whatever the mission', () => {
    for (const unit of Object.values(loadCatalogue().units)) {
      const still = { ...unit, stats: { ...unit.stats, speed: 0 } };
      for (const mission of MOVEMENT_MISSIONS) expect(canFlyOnMission(still, mission)).toBe(false);
    }
  });

  it('judges a fleet as the server refuses it: units that do not qualify first, then a fleet where none moves, then units that cannot move', () => {
    const units = loadCatalogue().units;
    const pick = (...keys: string[]) => keys.map((k) => [k, units[k]!] as const);
    const rooted = ['rooted', { ...units.whisper_mite!, stats: { ...units.whisper_mite!.stats, speed: 0 } }] as const;
    expect(fleetFitness(pick('hauler_grub', 'seedling_ark'), 'COLONIZE')).toEqual({ ok: false, reason: 'not-eligible', units: ['hauler_grub'] });
    expect(fleetFitness([...pick('whisper_mite'), rooted], 'ATTACK')).toEqual({ ok: false, reason: 'not-eligible', units: ['whisper_mite', 'rooted'] });
    expect(fleetFitness([rooted], 'TRANSPORT')).toEqual({ ok: false, reason: 'none-moves' });
    expect(fleetFitness([...pick('hauler_grub'), rooted], 'TRANSPORT')).toEqual({ ok: false, reason: 'cannot-move', units: ['rooted'] });
    expect(fleetFitness(pick('hauler_grub', 'whisper_mite'), 'TRANSPORT')).toEqual({ ok: true });
  });

  it('passes a fleet exactly when each of its units can fly on the mission, so what the map offers the server sends', () => {
    const defs = Object.entries(loadCatalogue().units);
    const still = defs.map(([k, d]) => [`${k}_still`, { ...d, stats: { ...d.stats, speed: 0 } }] as const);
    const all = [...defs, ...still];
    for (const mission of MOVEMENT_MISSIONS) {
      for (const unit of all) {
        expect(fleetFitness([unit], mission).ok, `${unit[0]} on ${mission}`).toBe(canFlyOnMission(unit[1], mission));
        const fleet = [unit, ...defs.slice(0, 3)];
        expect(fleetFitness(fleet, mission).ok).toBe(fleet.every(([, d]) => canFlyOnMission(d, mission)));
      }
      const offered = all.filter(([, d]) => canFlyOnMission(d, mission));
      if (offered.length > 0) expect(fleetFitness(offered, mission)).toEqual({ ok: true });
    }
  });
});

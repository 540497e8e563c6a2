import { describe, expect, it } from 'vitest';
import { loadCatalogue } from '@brood/game-data';
import {
  DISPATCHABLE_MISSIONS, MENU_MISSIONS, MISSIONS, MOVEMENT_MISSIONS, canFlyOnMission, isOneWay, missionCarriesResources, missionLabel, missionWithArticle,
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
});

import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { loadCatalogue } from '@brood/game-data';
import { allianceRefusal, allianceSlotsMax, type AlliancePower, type AllianceRank } from './powers';

const catalogue = loadCatalogue();
const rank = fc.constantFrom<AllianceRank>('LEADER', 'OFFICER', 'MEMBER');
const power = fc.constantFrom<AlliancePower>('update', 'manage_applications', 'disband', 'kick', 'promote', 'demote', 'transfer');
const member = fc.record({ id: fc.integer({ min: 1, max: 5 }), rank });
const levels = fc.dictionary(fc.constantFrom(...Object.keys(catalogue.technologies)), fc.integer({ min: 0, max: 10 }));

describe('alliance powers', () => {
  it('a member of rank MEMBER has no power at all', () => {
    fc.assert(fc.property(power, fc.integer({ min: 1, max: 5 }), member, (p, id, target) => {
      expect(allianceRefusal(p, { id, rank: 'MEMBER' }, target)).not.toBeNull();
    }));
  });

  it('whatever an officer may do, the leader may do too', () => {
    fc.assert(fc.property(power, fc.integer({ min: 1, max: 5 }), member, (p, id, target) => {
      if (allianceRefusal(p, { id, rank: 'OFFICER' }, target) === null) expect(allianceRefusal(p, { id, rank: 'LEADER' }, target)).toBeNull();
    }));
  });

  it('nobody kicks or re-ranks themselves, and nobody kicks or re-ranks the leader', () => {
    fc.assert(fc.property(fc.constantFrom<AlliancePower>('kick', 'promote', 'demote'), member, member, (p, actor, target) => {
      if (actor.id === target.id || target.rank === 'LEADER') expect(allianceRefusal(p, actor, target)).not.toBeNull();
    }));
  });

  it('leadership goes only from the leader to another officer', () => {
    fc.assert(fc.property(member, member, (actor, target) => {
      const allowed = allianceRefusal('transfer', actor, target) === null;
      expect(allowed).toBe(actor.rank === 'LEADER' && target.rank === 'OFFICER' && actor.id !== target.id);
    }));
  });

  it('slots never fall below the universe maximum and grow with the leader’s technologies', () => {
    fc.assert(fc.property(levels, fc.constantFrom(...Object.keys(catalogue.technologies)), (techs, key) => {
      const slots = allianceSlotsMax(catalogue, techs);
      expect(slots).toBeGreaterThanOrEqual(catalogue.universe.alliance_max_members);
      expect(allianceSlotsMax(catalogue, { ...techs, [key]: (techs[key] ?? 0) + 1 })).toBeGreaterThanOrEqual(slots);
    }));
  });
});

import { describe, expect, it } from 'vitest';
import { canInvite, fleetActions, groupSize, missionTone, movementLabel, movementProgress, movementStatus, quantityText, routeOf, slotCounter } from './movement-model';
import { T0, movement } from '../../test/movement-fixtures';

describe('movement progress and status (social 4.6)', () => {
  it('runs from start to arrival, and is full without an arrival time', () => {
    expect(movementProgress(movement(), T0 + 25_000)).toBe(25);
    expect(movementProgress(movement(), T0 + 500_000)).toBe(100);
    expect(movementProgress(movement(), T0 - 5_000)).toBe(0);
    expect(movementProgress(movement({ arrival_time: null }), T0)).toBe(100);
  });

  it('counts down, then reads Arrived; Stationed or Processing... without an arrival time', () => {
    expect(movementStatus(movement(), T0 + 40_000)).toBe('1m 0s');
    expect(movementStatus(movement(), T0 + 100_000)).toBe('Arrived');
    expect(movementStatus(movement({ mission_type: 'ALLIED_STATIONED', arrival_time: null }), T0)).toBe('Stationed');
    expect(movementStatus(movement({ arrival_time: null }), T0)).toBe('Processing...');
  });
});

describe('fleet actions (social 5.4)', () => {
  it('lets the owner recall a fleet on its way out, not one returning or arrived', () => {
    expect(fleetActions(movement(), 1, T0).recall).toBe(true);
    expect(fleetActions(movement({ is_returning: true, mission_type: 'RETURN' }), 1, T0).recall).toBe(false);
    expect(fleetActions(movement(), 1, T0 + 200_000).recall).toBe(false);
    expect(fleetActions(movement(), 2, T0).recall).toBe(false);
    expect(fleetActions(movement({ mission_type: 'ALLIED_STATIONED', arrival_time: null, is_allied_stationing: true }), 1, T0).recall).toBe(true);
  });

  it('lets the host cancel an allied stationing, nobody else', () => {
    const allied = movement({ user_id: 5, is_own_fleet: false, mission_type: 'ALLIED_STATIONED', is_allied_stationing: true, arrival_time: null, target_owner_id: 1 });
    expect(fleetActions(allied, 1, T0)).toEqual({ recall: false, cancelStationing: true, invite: false });
    expect(fleetActions(allied, 7, T0).cancelStationing).toBe(false);
  });

  it('offers Invite for an own attack without a group, or an own initiator with seats left, while it flies', () => {
    const attack = movement({ mission_type: 'ATTACK' });
    expect(canInvite(attack, 1)).toBe(true);
    expect(canInvite(attack, 2)).toBe(false);
    expect(canInvite({ ...attack, attack_group_id: 'g' }, 1)).toBe(false);
    expect(canInvite(movement({ mission_type: 'TRANSPORT' }), 1)).toBe(false);
    expect(canInvite(movement({ mission_type: 'RETURN', is_returning: true, original_mission: 'ATTACK' }), 1)).toBe(false);
    const lead = movement({ mission_type: 'MULTI_PARTY_ATTACK_INITIATOR', attack_group_id: 'm-1', is_multi_party_initiator: true, current_participants: 3, max_participants: 4 });
    expect(canInvite(lead, 1)).toBe(true);
    expect(canInvite({ ...lead, current_participants: 4 }, 1)).toBe(false);
    expect(canInvite(movement({ mission_type: 'MULTI_PARTY_ATTACK_PARTICIPANT', attack_group_id: 'g', current_participants: 1, max_participants: 4 }), 1)).toBe(false);
    expect(fleetActions(attack, 1, T0 + 200_000).invite).toBe(false);
  });

  it('shows a group as participants + 1 over max + 1 (social 9)', () => {
    expect(groupSize(movement({ current_participants: 1, max_participants: 4 }))).toBe('2 / 5');
    expect(groupSize(movement())).toBeNull();
  });
});

describe('display rules', () => {
  it('colours by mission; other players read as attack or neutral', () => {
    expect(missionTone(movement({ mission_type: 'COLONIZE' }))).toBe('colonize');
    expect(missionTone(movement({ is_own_fleet: false, is_attacking_player: true, mission_type: 'ATTACK' }))).toBe('attack');
    expect(missionTone(movement({ is_own_fleet: false, mission_type: 'TRANSPORT' }))).toBe('neutral');
  });

  it('shows the slot counter, ? while loading and ! on error', () => {
    expect(slotCounter(2, 5, false)).toBe('2 / 5');
    expect(slotCounter(null, 5, false)).toBe('?');
    expect(slotCounter(2, null, false)).toBe('?');
    expect(slotCounter(2, 5, true)).toBe('!');
  });

  it('flies a returning fleet from the target home, and hides withheld quantities', () => {
    expect(routeOf(movement({ is_returning: true, mission_type: 'RETURN' }))).toEqual({ from: [1, 2, 9], to: [1, 2, 3] });
    expect(routeOf(movement()).from).toEqual([1, 2, 3]);
    expect(quantityText(null)).toBe('Hidden');
  });

  it("labels an exploration staying at its target 'Exploring'", () => {
    expect(movementLabel(movement({ mission_type: 'EXPLORATION' }))).toBe('Explore');
    expect(movementLabel(movement({ mission_type: 'EXPLORATION', is_exploring: true }))).toBe('Exploring');
  });
});

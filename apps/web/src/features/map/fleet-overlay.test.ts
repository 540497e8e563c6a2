import { describe, expect, it } from 'vitest';
import { T0, movement } from '../../test/movement-fixtures';
import { describeFleet, fleetAt, fleetMarkers } from './fleet-overlay';
import { positionCentre } from './geometry';

const names = (_kind: 'unit' | 'resource', key: string) => key.toUpperCase();

describe('fleets on the map (social 2.5, 2.6, 4.6)', () => {
  it('places a fleet along its route by progress; returning fleets fly home; stationed ones sit at the target', () => {
    const from = positionCentre(1, 2, 3);
    const to = positionCentre(1, 2, 9);
    const [half] = fleetMarkers([movement()], T0 + 50_000);
    expect(half!.at.x).toBeCloseTo((from.x + to.x) / 2);
    expect(half!.at.y).toBeCloseTo((from.y + to.y) / 2);
    const [back] = fleetMarkers([movement({ is_returning: true, mission_type: 'RETURN' })], T0);
    expect(back!.at).toEqual(to);
    const [stationed] = fleetMarkers([movement({ mission_type: 'ALLIED_STATIONED', arrival_time: null, is_allied_stationing: true })], T0);
    expect(stationed!.at).toEqual(to);
    const [exploring] = fleetMarkers([movement({ mission_type: 'EXPLORATION', is_exploring: true })], T0 + 10_000);
    expect(exploring!.at).toEqual(to);
  });

  it('finds the fleet under the pointer', () => {
    const markers = fleetMarkers([movement()], T0);
    const at = markers[0]!.at;
    expect(fleetAt(markers, { x: at.x + 1, y: at.y }, 2)?.id).toBe('m-1');
    expect(fleetAt(markers, { x: at.x + 5, y: at.y }, 2)).toBeNull();
  });

  it('tells owner, route, times, time left, units (Hidden when withheld) and resources', () => {
    const card = describeFleet(
      movement({ units: [{ unit_key: 'razorwing', quantity: null }], resources: [{ resource_key: 'fiber', amount: 40 }] }),
      T0 + 40_000,
      names,
    );
    const text = card.lines.map((l) => l.text);
    expect(card.title).toBe('Transport');
    expect(text).toContain('Owner: queen');
    expect(text).toContain('From: Nest (1:2:3)');
    expect(text).toContain('To: Outpost (1:2:9)');
    expect(text).toContain('Time left: 1m 0s');
    expect(text).toContain('RAZORWING: Hidden');
    expect(text).toContain('FIBER: 40');
    const stationed = describeFleet(movement({ mission_type: 'ALLIED_STATIONED', arrival_time: null }), T0, names).lines.map((l) => l.text);
    expect(stationed).toContain('Arrival: Indefinite');
    expect(stationed).toContain('Stationed');
  });

  it("cuts the owner's name to 18 characters in the tooltip (social 9)", () => {
    const card = describeFleet(movement({ username: 'TheVeryLongOverlordOfBroods' }), T0, names);
    expect(card.lines[0]!.text).toBe('Owner: TheVeryLongOverlo…');
    expect(card.lines[0]!.text.length).toBe('Owner: '.length + 18);
  });

  it("adds fair play's markers to another player's fleet and to the player it flies at, each explained", () => {
    const marks = new Map([[5, ['s'] as const], [1, ['n', 'i'] as const]]);
    const card = describeFleet(movement({ user_id: 5, is_own_fleet: false, target_owner_id: 1 }), T0, names, (id) => marks.get(id) ?? []);
    const text = card.lines.map((l) => l.text);
    expect(text).toContain('Owner: queen (s)');
    expect(text).toContain('To: Outpost (1:2:9) (n i)');
    expect(text).toContain('s: strong: you are protected from them (too strong)');
    expect(text).toContain('n: newcomer: protected from you (too weak)');
    expect(text).toContain('i: inactive');
    // the player's own fleet carries no marker of its own
    expect(describeFleet(movement({ user_id: 5, is_own_fleet: true, target_owner_id: null }), T0, names, (id) => marks.get(id) ?? []).lines[0]!.text).toBe('Owner: queen');
  });
});

import { describe, expect, it } from 'vitest';
import { fireEvent, screen } from '@testing-library/react';
import { useUiStore } from '../../../stores/ui-store';
import { renderWithProviders } from '../../../test/render';
import { NotificationCard } from '../notification-card';
import type { NotificationItem } from '../notification-types';
import { answerGameData, makeNotification } from '../test-notifications';
import { NONE_AT_LEVEL, NONE_REPORTED, NO_CARGO, NO_FLEETS, QUEUE_EMPTY, SPY_ALERT_INVALID, SPY_INVALID, SPY_MISSING, readSpyReport, spyFleets, spyForces, spyQueue, spyResources, spyStructures, type SpyReport } from './spy-rules';

function intel(level: number, extra: Record<string, unknown> = {}) {
  return {
    target_territory_id: 4,
    target_territory_name: 'Bastion',
    target_coords: [3, 3, 3],
    target_owner_id: 99,
    success: true,
    detected: false,
    detail_level: level,
    report_time_utc: '2030-01-02T03:04:05Z',
    resources: [{ resource_key: 'fiber', amount: 1234.7, approx_amount_level: 2 }],
    structures: [
      { structure_key: 'spore_vat', exists: true, level: 4 },
      { structure_key: 'hive_core', exists: false, level: 0 },
    ],
    units: [{ unit_key: 'drone', quantity: 30, approx_quantity_level: 2 }],
    defenses: [{ defense_key: 'spine_wall', quantity: 3, approx_quantity_level: 1 }],
    stationed_fleets: [{ fleet_id: 11, username: 'Ally', mission_type: 'ALLIED_STATIONED', units: [{ unit_key: 'brute', quantity: 5 }], resources: {} }],
    build_queue: [{ item_key: 'spore_vat', target_level_or_quantity: 5, end_time: '2030-01-02T05:00:00Z' }],
    research_queue: [],
    recruitment_queue: [],
    defense_queue: [],
    ...extra,
  };
}

const read = (content: NotificationItem['content']) => (readSpyReport(content) as { report: SpyReport }).report;

function show(type: 'SPY_REPORT' | 'SPY_DETECTED_BY_TARGET', content: NotificationItem['content']) {
  renderWithProviders(<NotificationCard notification={makeNotification({ message_type: type, content })} />, answerGameData);
}

describe('spy report validation', () => {
  it.each([null, {}, 'we saw things'])('content %j is missing or invalid', (content) => {
    show('SPY_REPORT', content);
    expect(screen.getByText(SPY_MISSING)).toBeTruthy();
  });

  it('a report without a detail level or target is malformed', () => {
    show('SPY_REPORT', { success: true, target_coords: [1, 2, 3] });
    expect(screen.getByText(SPY_INVALID)).toBeTruthy();
  });

  it('a malformed alert says so', () => {
    show('SPY_DETECTED_BY_TARGET', { target_coords: [1, 2, 3] });
    expect(screen.getByText(SPY_ALERT_INVALID)).toBeTruthy();
  });
});

describe('spy detail levels (social spec 5.2)', () => {
  it('resources: exact, Approx. Lvl n, Present, None reported', () => {
    expect(spyResources(read(intel(3)))).toEqual([{ key: 'fiber', value: '1,234' }]);
    expect(spyResources(read(intel(2)))).toEqual([{ key: 'fiber', value: 'Approx. Lvl 2' }]);
    expect(spyResources(read(intel(1)))).toEqual([{ key: 'fiber', value: 'Present' }]);
    expect(spyResources(read(intel(0)))).toBe(NONE_REPORTED);
  });

  it('structures: only existing ones, Lvl n at 3, Lvl Unknown at 1-2, not listed below 1', () => {
    expect(spyStructures(read(intel(3)))).toEqual([{ key: 'spore_vat', value: 'Lvl 4' }]);
    expect(spyStructures(read(intel(2)))).toEqual([{ key: 'spore_vat', value: 'Lvl Unknown' }]);
    expect(spyStructures(read(intel(1)))).toEqual([{ key: 'spore_vat', value: 'Lvl Unknown' }]);
    expect(spyStructures(read(intel(0)))).toEqual([]);
  });

  it('units and defenses: Qty n, approximate level, Qty Unknown, None reported at this detail level', () => {
    expect(spyForces(read(intel(3)), 'units')).toEqual([{ key: 'drone', value: 'Qty 30' }]);
    expect(spyForces(read(intel(2)), 'defenses')).toEqual([{ key: 'spine_wall', value: 'Approx. Lvl 1' }]);
    expect(spyForces(read(intel(1)), 'units')).toEqual([{ key: 'drone', value: 'Qty Unknown' }]);
    expect(spyForces(read(intel(0)), 'units')).toBe(NONE_AT_LEVEL);
  });

  it('queues only at 3; otherwise Queue empty or not reported', () => {
    expect(spyQueue(read(intel(3)), 'build_queue')).toEqual([{ item_key: 'spore_vat', amount: '5', end_time: '2030-01-02T05:00:00Z' }]);
    expect(spyQueue(read(intel(3)), 'research_queue')).toBe(QUEUE_EMPTY);
    expect(spyQueue(read(intel(2)), 'build_queue')).toBe(QUEUE_EMPTY);
  });

  it('allied fleets: owner and cargo at 3, without them at 1-2, none below 1', () => {
    expect(spyFleets(read(intel(3)))).toEqual([{ id: '11', mission: 'ALLIED_STATIONED', owner: 'Ally', units: [{ unit_key: 'brute', quantity: 5 }], cargo: {} }]);
    expect(spyFleets(read(intel(2)))).toEqual([{ id: '11', mission: 'ALLIED_STATIONED', owner: null, units: [{ unit_key: 'brute', quantity: 5 }], cargo: null }]);
    expect(spyFleets(read(intel(0)))).toBe(NO_FLEETS);
    expect(spyFleets(read(intel(3, { stationed_fleets: [] })))).toBe(NO_FLEETS);
  });

  it('the level-3 card shows exact values, the owner id, queues, and No cargo reported for an empty fleet', async () => {
    show('SPY_REPORT', intel(3, { detected: true, spies_lost: 4 }));
    expect(await screen.findByText('Spore Drone: Qty 30')).toBeTruthy();
    expect(screen.getByText('(Detected!)')).toBeTruthy();
    expect(screen.getByText('Spies lost:')).toBeTruthy();
    expect(screen.getByText('Fiber: 1,234')).toBeTruthy();
    expect(screen.getByText('Spore Vat: Lvl 4')).toBeTruthy();
    expect(screen.getByText('99')).toBeTruthy();
    expect(screen.getByText(NO_CARGO)).toBeTruthy();
    expect(screen.getByText("Ally's fleet (Allied stationed)")).toBeTruthy();
    expect(screen.getAllByText(QUEUE_EMPTY)).toHaveLength(3);
  });

  it("names the target's owner by username, and at detail 3 lists their research levels", async () => {
    show('SPY_REPORT', intel(3, { target_owner_username: 'Kragh', technologies: [{ tech_key: 'serrated_mandibles', level: 4 }] }));
    expect(await screen.findByText('Kragh')).toBeTruthy();
    expect(screen.getByText('Owner:')).toBeTruthy();
    expect(screen.queryByText('Owner ID:')).toBeNull();
    expect(screen.getByText(/^Serrated Mandibles: Lvl 4$/i)).toBeTruthy();
  });

  it('the level-0 card shows the below-1 texts and no owner id', () => {
    show('SPY_REPORT', intel(0));
    expect(screen.getByText(NONE_REPORTED)).toBeTruthy();
    expect(screen.getAllByText(NONE_AT_LEVEL)).toHaveLength(2);
    expect(screen.getByText(NO_FLEETS)).toBeTruthy();
    expect(screen.queryByText('99')).toBeNull();
    expect(screen.queryByText('(Detected!)')).toBeNull();
  });

  it('a valid alert shows where the spies came from', () => {
    show('SPY_DETECTED_BY_TARGET', { target_territory_name: 'Nest', target_coords: [1, 2, 3], source_region: 4, source_sub_region: 5, source_position: 6, estimated_attacker_spy_level: 2 });
    expect(screen.getByRole('button', { name: '4:5:6' })).toBeTruthy();
    expect(screen.getByText('2')).toBeTruthy();
  });

  it('reads table 5.2 word for word, and the border shows success (green) or failure (red)', async () => {
    show('SPY_REPORT', intel(0, { success: false }));
    for (const words of ['None reported', 'No allied fleets reported.']) expect(screen.getByText(words)).toBeTruthy();
    expect(screen.getAllByText('None reported at this detail level')).toHaveLength(2);
    expect(screen.getAllByText('Queue empty or not reported')).toHaveLength(4);
    expect(document.querySelector('[data-spy-success="false"]')).toBeTruthy();
  });

  it('at level 2 shows approximate levels', async () => {
    show('SPY_REPORT', intel(2));
    expect(await screen.findByText('Fiber: Approx. Lvl 2')).toBeTruthy();
    expect(await screen.findByText('Spore Drone: Approx. Lvl 2')).toBeTruthy();
    expect(screen.getByText('Spore Vat: Lvl Unknown')).toBeTruthy();
    expect(document.querySelector('[data-spy-success="true"]')).toBeTruthy();
  });

  it('at level 1 shows Present and Qty Unknown', async () => {
    show('SPY_REPORT', intel(1));
    expect(await screen.findByText('Fiber: Present')).toBeTruthy();
    expect(await screen.findByText('Spore Drone: Qty Unknown')).toBeTruthy();
  });
});

describe("the spy card's 'Simulate'", () => {
  it('hands the report to the Army tab simulator; a report that saw nothing has no button', () => {
    show('SPY_REPORT', intel(2));
    fireEvent.click(screen.getByRole('button', { name: 'Simulate' }));
    const ui = useUiStore.getState();
    expect(ui.pendingLabDraft?.kind).toBe('spy');
    expect(ui.pendingLabDraft?.content.target_coords).toEqual([3, 3, 3]);
    expect([ui.armyView, ui.requestedMainTab]).toEqual(['simulator', 'MOVEMENT']);
    ui.resetUi();
  });

  it('is not offered at detail 0', () => {
    show('SPY_REPORT', intel(0, { success: false }));
    expect(screen.queryByRole('button', { name: 'Simulate' })).toBeNull();
  });
});

import { describe, expect, it } from 'vitest';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { renderWithProviders } from '../../../test/render';
import { NotificationCard } from '../notification-card';
import type { NotificationItem } from '../notification-types';
import { answerGameData, makeNotification } from '../test-notifications';
import { COMBAT_INVALID, COMBAT_MISSING, combatBorderColour, combatHeadline, lossLine, overkillShare, roundLabel, showsOverkill, viewerResult } from './combat-rules';
import { ROUND_TABLE_CAPTION } from './combat-rounds';

const ATTACKER = 7;
const DEFENDER = 9;

function report(outcome: string) {
  return {
    outcome,
    attacker_user_id: ATTACKER,
    defender_user_id: DEFENDER,
    attacker_origin_coords: [1, 1, 1],
    attacker_origin_territory_name: 'Spawn Pit',
    defender_territory_coords: [2, 2, 2],
    defender_territory_name: 'Bastion',
    rounds_fought: 2,
    participant_results: [
      { role: 'ATTACKER', user_id: ATTACKER, username: 'Overmindxxxxxxxx', participant_index: 0, initial_units: [{ unit_key: 'drone', quantity: 50 }], losses_total: [{ unit_key: 'drone', lost: 5 }], survivors: [{ unit_key: 'drone', quantity: 45 }] },
      { role: 'DEFENDER', user_id: DEFENDER, username: 'Warden', participant_index: 1, initial_units: [{ unit_key: 'brute', quantity: 10 }], losses_total: [{ unit_key: 'brute', lost: 10 }], survivors: [] },
    ],
    round_details: [
      { round_number: -1, participant_results: [{ participant_index: 0, role: 'ATTACKER', username: 'Overmindxxxxxxxx', units_at_start: [{ unit_key: 'drone', quantity: 50 }], raw_damage_output: 100, damage_dealt_effective: 50, damage_absorbed_defense: 10, damage_absorbed_bioshield: 0, losses: [] }] },
      { round_number: 0, participant_results: [{ participant_index: 1, role: 'DEFENDER', username: 'Warden', units_at_start: [{ unit_key: 'brute', quantity: 10 }], raw_damage_output: 10, damage_dealt_effective: 10, losses: [] }] },
      { round_number: 1, participant_results: [{ participant_index: 1, role: 'DEFENDER', username: 'Warden', units_at_start: [], raw_damage_output: 0, losses: [] }] },
    ],
    plunder: { resources: { fiber: 120 } },
    instant_salvage_resources: { biomass: 30 },
    wreckage: { resources: { fiber: 60 } },
  };
}

function show(content: NotificationItem['content'], viewer: number, isRead = false) {
  renderWithProviders(<NotificationCard notification={makeNotification({ message_type: 'COMBAT_REPORT', user_id: viewer, content, is_read: isRead })} />, answerGameData);
}

describe('combat report validation', () => {
  it.each([null, {}, 'the battle was fierce'])('content %j is missing or invalid', (content) => {
    show(content, ATTACKER);
    expect(screen.getByText(COMBAT_MISSING)).toBeTruthy();
  });

  it.each([{ participant_results: [] }, { outcome: 'DRAW' }, { outcome: 'DRAW', participant_results: 'x' }])('content %j has an invalid structure', (content) => {
    show(content, ATTACKER);
    expect(screen.getByText(COMBAT_INVALID)).toBeTruthy();
  });
});

describe('combat report headline', () => {
  it('reads from the viewer side when the viewer took part', () => {
    expect(combatHeadline('VICTORY_ATTACKER', 'ATTACKER')).toBe('Victory - Attacker Wins');
    expect(combatHeadline('VICTORY_ATTACKER', 'DEFENDER')).toBe('Defeat - Attacker Wins');
    expect(combatHeadline('VICTORY_DEFENDER', 'DEFENDER')).toBe('Victory - Defender Wins');
    expect(combatHeadline('VICTORY_DEFENDER', 'ATTACKER')).toBe('Defeat - Defender Wins');
  });

  it('is neutral for an onlooker, and Draw / Combat Error for those outcomes', () => {
    expect(combatHeadline('VICTORY_ATTACKER', null)).toBe('Attacker Wins');
    expect(combatHeadline('VICTORY_DEFENDER', null)).toBe('Defender Wins');
    expect(combatHeadline('DRAW', 'ATTACKER')).toBe('Draw');
    expect(combatHeadline('ERROR', 'ATTACKER')).toBe('Combat Error');
  });

  it('border: green for a win, red for a loss, yellow for a draw, muted once read', () => {
    expect(combatBorderColour(viewerResult('VICTORY_ATTACKER', 'ATTACKER'), false)).toBe('green.6');
    expect(combatBorderColour(viewerResult('VICTORY_ATTACKER', 'DEFENDER'), false)).toBe('red.6');
    expect(combatBorderColour(viewerResult('DRAW', 'DEFENDER'), false)).toBe('yellow.5');
    expect(combatBorderColour(viewerResult('VICTORY_ATTACKER', 'ATTACKER'), true)).toBe('dark.3');
  });

  it('the card shows the headline of the user on the notification', () => {
    show(report('VICTORY_ATTACKER'), DEFENDER);
    expect(screen.getByTestId('combat-headline').textContent).toBe('Defeat - Attacker Wins');
  });
});

describe('combat report body', () => {
  it("'Insta-Salvaged' appears only for attacker viewers", () => {
    show(report('VICTORY_ATTACKER'), ATTACKER);
    expect(screen.getByText('Insta-Salvaged:')).toBeTruthy();
    expect(screen.getByText('Plunder:')).toBeTruthy();
  });

  it("'Insta-Salvaged' is hidden from the defender", () => {
    show(report('VICTORY_ATTACKER'), DEFENDER);
    expect(screen.queryByText('Insta-Salvaged:')).toBeNull();
    expect(screen.getByText('Wreckage:')).toBeTruthy();
  });

  it('round details start collapsed and label rounds FS1, K, 1 with names cut to 10 and units to 3 characters', async () => {
    show(report('VICTORY_ATTACKER'), ATTACKER);
    const toggle = screen.getByRole('button', { name: /Round Details/ });
    expect(toggle.getAttribute('aria-expanded')).toBe('false');
    fireEvent.click(toggle);
    expect(toggle.getAttribute('aria-expanded')).toBe('true');
    const table = screen.getByTestId('round-table');
    const cells = Array.from(table.querySelectorAll('tbody tr')).map((tr) => tr.querySelector('td')?.textContent);
    expect(cells).toEqual(['FS1', 'K', '1']);
    expect(table.textContent).toContain('Overmindxx (A)');
    await waitFor(() => expect(table.textContent).toContain('Spo 50'));
    expect(table.textContent).toContain('Overkill 40%');
  });

  it('the round table gives every cut unit name in full on hover, whole numbers, and says what it counts', async () => {
    const content = report('VICTORY_ATTACKER');
    const [first_round, ...rest] = content.round_details;
    const fractional = { ...first_round!, participant_results: [{ ...first_round!.participant_results[0]!, damage_dealt_effective: 50.6, damage_absorbed_defense: 10.4 }] };
    Object.assign(content, { round_details: [fractional, ...rest] });
    show(content, ATTACKER);
    fireEvent.click(screen.getByRole('button', { name: /Round Details/ }));
    const table = screen.getByTestId('round-table');
    await waitFor(() => expect(table.querySelector('abbr')?.getAttribute('title')).toBe('Spore Drone 50'));
    const first = Array.from(table.querySelectorAll('tbody tr')[0]!.querySelectorAll('td')).map((td) => td.textContent);
    expect(first.slice(3, 5)).toEqual(['51 Overkill 39%', '10']);
    expect(screen.getByTestId('round-table-caption').textContent).toBe(ROUND_TABLE_CAPTION);
  });

  it('the losses line reconciles: lost + survived + saved by bunker = what fought; regenerated of wounded', () => {
    const p = {
      initial_units: [{ unit_key: 'drone', quantity: 38 }], losses_total: [{ unit_key: 'drone', lost: 20 }], survivors: [{ unit_key: 'drone', quantity: 16 }],
      wounded_total: { drone: 3 }, regenerated_units: { drone: 2 }, units_saved_by_bunker: { drone: 2 },
    };
    expect(lossLine(p)).toBe('20 lost of 38: 16 survived (2 regenerated of 3 wounded), 2 saved by bunker');
    expect(lossLine({ initial_units: { drone: 10 }, losses_total: [{ unit_key: 'drone', lost: 10 }], survivors: [] })).toBe('10 lost of 10: 0 survived');
  });

  it('each participant shows its losses line on the card', () => {
    show(report('VICTORY_ATTACKER'), ATTACKER);
    expect(screen.getAllByTestId('loss-line').map((el) => el.textContent)).toEqual(['5 lost of 50: 45 survived', '10 lost of 10: 0 survived']);
  });

  it('round labels and overkill threshold', () => {
    expect([roundLabel(-3), roundLabel(0), roundLabel(4)]).toEqual(['FS3', 'K', '4']);
    expect(showsOverkill(0.1)).toBe(false);
    expect(showsOverkill(0.11)).toBe(true);
    expect(overkillShare({ overkill: 0.05, raw_damage_output: 100 })).toBe(0.05);
    expect(overkillShare({ raw_damage_output: 100, damage_dealt_effective: 95 })).toBeCloseTo(0.05);
  });
});

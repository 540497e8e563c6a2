import { describe, expect, it } from 'vitest';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { createRng, resolveBattle } from '@brood/game-core';
import { renderWithProviders } from '../../../test/render';
import { gameData } from '../../../test/economy-fixtures';
import { useUiStore } from '../../../stores/ui-store';
import { coreCatalogue } from '../../territories';
import { NotificationCard } from '../notification-card';
import { answerGameData, makeNotification } from '../test-notifications';
import { BattleReplay, REPLAY_CHART_CAPTION } from './battle-replay';
import { barShare, buildReplay, damageRows, nextFrame } from './replay-model';

const catalogue = coreCatalogue(gameData);
/** A real report of the engine: first strike, kamikaze and main rounds. */
const engineReport = resolveBattle(
  {
    catalogue,
    participants: [
      { role: 'ATTACKER', user_id: 7, username: 'Ann', units: { spine_lancer: 30, feral_drifter: 20, razorwing: 400 } },
      { role: 'DEFENDER', user_id: 9, username: 'Dan', units: { ravager: 40 }, defenses: { thorn_pit: 10 } },
    ],
    target: { coords: [1, 1, 2] },
  },
  createRng('replay'),
) as unknown as Record<string, unknown>;

describe('replay model', () => {
  it('frames every round by its label, then the end; bars shrink from the full stack', () => {
    const replay = buildReplay(engineReport);
    expect(replay.frames.slice(0, 2)).toEqual(['FS 1', 'K']);
    expect(replay.frames.at(-1)).toBe('End');
    const lancers = replay.stacks.find((s) => s.key === 'spine_lancer')!;
    expect(lancers.counts[0]).toBe(30);
    expect(barShare(lancers, 0)).toBe(1);
    const ticks = replay.stacks.find((s) => s.key === 'feral_drifter')!;
    expect(ticks.counts.at(-1)).toBe(0);
    expect(replay.stacks.map((s) => s.role)).toEqual(['ATTACKER', 'ATTACKER', 'ATTACKER', 'DEFENDER', 'DEFENDER']);
  });

  it("the chart splits each side's fire into dealt, absorbed by defense and by bioshield", () => {
    const replay = buildReplay(engineReport);
    const rows = damageRows(replay);
    expect(rows).toHaveLength(replay.rounds.length);
    const first = rows.find((r) => r.round === '1')!;
    expect(Number(first.a_dealt)).toBeGreaterThan(0);
    expect(Number(first.a_defense)).toBeGreaterThan(0);
    expect(nextFrame(replay.frames.length - 1, replay)).toBe(replay.frames.length - 1);
  });

  it('the chart and the round table count the same numbers: each side\'s dealt, and what the other side absorbed of its fire', () => {
    const rows = damageRows(buildReplay(engineReport));
    const rounds = engineReport.round_details as { participant_results: { role: string; damage_dealt_effective: number; damage_absorbed_defense: number; damage_absorbed_bioshield: number }[] }[];
    rounds.forEach((round, i) => {
      const sum = (role: string, field: 'damage_dealt_effective' | 'damage_absorbed_defense' | 'damage_absorbed_bioshield') =>
        round.participant_results.filter((p) => p.role === role).reduce((total, p) => total + (p[field] ?? 0), 0);
      expect(Number(rows[i]!.a_dealt)).toBeCloseTo(sum('ATTACKER', 'damage_dealt_effective'), 0);
      expect(Number(rows[i]!.a_defense)).toBeCloseTo(sum('DEFENDER', 'damage_absorbed_defense'), 0);
      expect(Number(rows[i]!.d_bioshield)).toBeCloseTo(sum('ATTACKER', 'damage_absorbed_bioshield'), 0);
    });
  });

  it('tolerates reports without rounds or optional fields', () => {
    const replay = buildReplay({ outcome: 'DRAW', participant_results: [{ role: 'ATTACKER', initial_units: { razorwing: 5 }, units_saved_by_bunker: {}, survivors: { razorwing: 2 } }, { role: 'DEFENDER' }] });
    expect(replay.frames).toEqual(['Start', 'End']);
    expect(replay.stacks[0]!.counts).toEqual([5, 2]);
    expect(buildReplay({}).stacks).toEqual([]);
  });
});

describe('watching a report', () => {
  it('says under the chart what it counts', async () => {
    renderWithProviders(<BattleReplay report={engineReport} />, answerGameData);
    expect((await screen.findByTestId('replay-chart-caption')).textContent).toBe(REPLAY_CHART_CAPTION);
  });

  it('steps round by round and plays to the end', async () => {
    renderWithProviders(<BattleReplay report={engineReport} />, answerGameData);
    expect(screen.getByTestId('replay-frame').textContent).toBe('Round FS 1');
    fireEvent.click(screen.getByRole('button', { name: 'Next round' }));
    expect(screen.getByTestId('replay-frame').textContent).toBe('Round K');
    fireEvent.click(screen.getByRole('button', { name: 'End of battle' }));
    expect(screen.getByTestId('replay-frame').textContent).toBe('End');
    expect(screen.getByTestId('replay-facts').textContent).toContain('Regenerated');
    fireEvent.click(screen.getByRole('button', { name: 'Play' }));
    expect(screen.getByTestId('replay-frame').textContent).toBe('Round FS 1');
    await waitFor(() => expect(screen.getByTestId('replay-frame').textContent).toBe('Round K'), { timeout: 3000 });
  });

  it("the card's 'Open in simulator' hands the report to the Army tab's simulator", async () => {
    renderWithProviders(<NotificationCard notification={makeNotification({ message_type: 'COMBAT_REPORT', user_id: 7, content: engineReport })} />, answerGameData);
    fireEvent.click(screen.getByRole('button', { name: 'Watch round by round' }));
    await screen.findByTestId('battle-replay', {}, { timeout: 15_000 }); // loaded on demand
    fireEvent.click(screen.getByRole('button', { name: 'Open in simulator' }));
    const ui = useUiStore.getState();
    expect(ui.pendingLabDraft).toEqual({ kind: 'combat', content: engineReport });
    expect([ui.armyView, ui.requestedMainTab]).toEqual(['simulator', 'MOVEMENT']);
    ui.resetUi();
  });

  it("a stored battle's card offers its link (/battles/<id>)", () => {
    renderWithProviders(<NotificationCard notification={makeNotification({ message_type: 'COMBAT_REPORT', user_id: 7, content: { ...engineReport, battle_id: 42, engine_version: 1 } })} />, answerGameData);
    expect(screen.getByRole('button', { name: 'Copy battle link' }).getAttribute('data-link')).toBe(`${window.location.origin}/battles/42`);
  });

  it('no battle link without a stored battle', () => {
    renderWithProviders(<NotificationCard notification={makeNotification({ message_type: 'COMBAT_REPORT', user_id: 7, content: engineReport })} />, answerGameData);
    expect(screen.queryByRole('button', { name: 'Copy battle link' })).toBeNull();
  });
});

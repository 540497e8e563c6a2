import { describe, expect, it } from 'vitest';
import { levelledButtonState, type LevelledButtonInput } from './levelled-button';

const ready: LevelledButtonInput = {
  kind: 'structure',
  built: 0,
  queuedTargets: [],
  max: 10,
  prerequisitesMet: true,
  queueFull: false,
  affordable: true,
};

describe('levelled card button', () => {
  it('builds level 1 of a new structure and upgrades past the highest queued level', () => {
    expect(levelledButtonState(ready)).toMatchObject({ label: 'Build (Lvl 1)', disabled: false, next: 1 });
    expect(levelledButtonState({ ...ready, built: 2, queuedTargets: [3, 4] })).toMatchObject({
      label: 'Upgrade to Lvl 5',
      effective: 4,
      next: 5,
      disabled: false,
    });
  });

  it('reads Max Level at the max, and the single-level wordings for a max of 0', () => {
    expect(levelledButtonState({ ...ready, built: 10 })).toMatchObject({ label: 'Max Level', disabled: true, reason: 'max' });
    expect(levelledButtonState({ ...ready, built: 1, max: 0 })).toMatchObject({ label: 'Built (Max)', disabled: true });
    expect(levelledButtonState({ ...ready, kind: 'technology', built: 1, max: 0 })).toMatchObject({ label: 'Researched (Max)' });
  });

  it('says the queue already reaches the max', () => {
    expect(levelledButtonState({ ...ready, built: 8, queuedTargets: [9, 10] })).toMatchObject({
      label: 'Upgrading to Max Lvl 10',
      disabled: true,
      reason: 'queued-max',
    });
    expect(levelledButtonState({ ...ready, kind: 'technology', built: 0, max: 0, queuedTargets: [1] })).toMatchObject({
      label: 'Researching Max Lvl 1',
    });
  });

  it('disables for prerequisites, then a full queue, then a missing payer, then resources, with the spec tooltips', () => {
    const all = { ...ready, prerequisitesMet: false, queueFull: true, affordable: false, missingPayer: true };
    expect(levelledButtonState(all).tooltip).toBe('Prerequisites not met for next level');
    expect(levelledButtonState({ ...all, prerequisitesMet: true }).tooltip).toBe('Build queue is full');
    expect(levelledButtonState({ ...all, kind: 'technology', prerequisitesMet: true }).tooltip).toBe('Research queue is full');
    expect(levelledButtonState({ ...all, prerequisitesMet: true, queueFull: false }).tooltip).toBe('Select a territory to pay costs');
    expect(levelledButtonState({ ...all, prerequisitesMet: true, queueFull: false, missingPayer: false })).toMatchObject({
      tooltip: 'Not enough resources',
      disabled: true,
      dimmed: true,
    });
  });

  it('dims an unaffordable card even when something else disables it, never a maxed one', () => {
    expect(levelledButtonState({ ...ready, affordable: false, prerequisitesMet: false }).dimmed).toBe(true);
    expect(levelledButtonState({ ...ready, affordable: false, built: 10 }).dimmed).toBe(false);
  });
});

import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import superjson from 'superjson';
import { HIGHLIGHT_DURATION_MS, UI_STORAGE_KEY, useUiStore } from './ui-store';

const ui = () => useUiStore.getState();

beforeEach(() => ui().resetUi());
afterEach(() => vi.useRealTimers());

describe('ui store', () => {
  it('defaults: last active tab MAP, active view empire, nothing selected', () => {
    expect(ui()).toMatchObject({
      lastActiveMainTab: 'MAP',
      activeView: 'empire',
      selectedTerritoryId: null,
      requestedMainTab: null,
      pendingMovementOrder: null,
    });
  });

  it('a pending movement order asks for the Movement tab; acknowledging clears only the flag; clearing resets it', () => {
    ui().setPendingMovementOrder({ targetR: 3, targetS: 40, targetP: 7, missionType: 'ATTACK', startTerritoryIdForMovementPanel: 5 });
    expect(ui().requestedMainTab).toBe('MOVEMENT');
    expect(ui().pendingMovementOrder).toMatchObject({ targetR: 3, navigateToMovementTab: true });
    ui().acknowledgeMovementNavigation();
    expect(ui().pendingMovementOrder).toMatchObject({ targetR: 3, targetS: 40, targetP: 7, navigateToMovementTab: false });
    ui().clearPendingMovementOrder();
    expect(ui().pendingMovementOrder).toBeNull();
  });

  it('focusing the map sets the coordinates and requests the Map tab', () => {
    ui().setLastActiveMainTab('RESEARCH');
    ui().focusMap({ r: 5, s: 12, p: null });
    expect(ui()).toMatchObject({ mapFocusCoordinates: { r: 5, s: 12, p: null }, requestedMainTab: 'MAP' });
  });

  it('accepting a multi-party invitation stores the join and requests the Movement tab', () => {
    ui().setPendingMultiPartyJoin({
      invitationId: 9,
      targetR: 1,
      targetS: 2,
      targetP: 3,
      mainFleetArrivalTime: '2030-01-01T00:00:00Z',
      mainFleetInitiatorUsername: 'raider',
    });
    expect(ui().pendingMultiPartyJoin).toMatchObject({ isActive: true, invitationId: 9 });
    expect(ui().requestedMainTab).toBe('MOVEMENT');
  });

  it('a highlight lasts two seconds', () => {
    vi.useFakeTimers();
    ui().highlightItem('BUILDING', 'spawning_pool');
    expect(ui().highlightedItem).toEqual({ tab: 'BUILDING', key: 'spawning_pool' });
    vi.advanceTimersByTime(HIGHLIGHT_DURATION_MS - 1);
    expect(ui().highlightedItem).not.toBeNull();
    vi.advanceTimersByTime(1);
    expect(ui().highlightedItem).toBeNull();
  });

  it('opens and closes the map context menu', () => {
    ui().openMapContextMenu({ x: 10, y: 20, targetR: 1, targetS: 2, targetP: 3 });
    expect(ui().mapContextMenu).toEqual({ visible: true, x: 10, y: 20, targetR: 1, targetS: 2, targetP: 3 });
    ui().closeMapContextMenu();
    expect(ui().mapContextMenu).toBeNull();
  });

  it('persists the five ui-storage fields and nothing transient', () => {
    ui().setSelectedTerritoryId(42);
    ui().setLastActiveMainTab('UNITS');
    ui().setMapViewBox({ x: 1, y: 2, width: 3, height: 4 });
    ui().openMapContextMenu({ x: 1, y: 1, targetR: 1, targetS: 1, targetP: 1 });
    const saved = superjson.parse<{ state: Record<string, unknown> }>(localStorage.getItem(UI_STORAGE_KEY) ?? '');
    expect(Object.keys(saved.state).sort()).toEqual(['lastActiveMainTab', 'mapFocusCoordinates', 'mapViewBox', 'requestedMainTab', 'selectedTerritoryId']);
    expect(saved.state).toMatchObject({ selectedTerritoryId: 42, lastActiveMainTab: 'UNITS' });
  });

  it('restores a saved tab but ignores a value that is not a tab', async () => {
    localStorage.setItem(UI_STORAGE_KEY, superjson.stringify({ state: { lastActiveMainTab: 'ALLIANCE', selectedTerritoryId: 3 }, version: 0 }));
    await useUiStore.persist.rehydrate();
    expect(ui()).toMatchObject({ lastActiveMainTab: 'ALLIANCE', selectedTerritoryId: 3 });
    localStorage.setItem(UI_STORAGE_KEY, superjson.stringify({ state: { lastActiveMainTab: 'NOPE' }, version: 0 }));
    await useUiStore.persist.rehydrate();
    expect(ui().lastActiveMainTab).toBe('MAP');
  });

  it('reset (logout) forgets persisted and transient state', () => {
    ui().setSelectedTerritoryId(42);
    ui().setLastActiveMainTab('EMPIRE');
    ui().setPendingMovementOrder({ targetR: 1, targetS: 1, targetP: 1, missionType: 'SPY', startTerritoryIdForMovementPanel: null });
    ui().resetUi();
    expect(ui()).toMatchObject({ selectedTerritoryId: null, lastActiveMainTab: 'MAP', pendingMovementOrder: null, requestedMainTab: null });
  });
});

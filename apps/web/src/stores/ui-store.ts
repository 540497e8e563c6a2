import type { Mission } from '@brood/game-core';
import { create } from 'zustand';
import { persist } from 'zustand/middleware';
import { superjsonStorage } from '../lib/persist-storage';

export const UI_STORAGE_KEY = 'ui-storage';
export const HIGHLIGHT_DURATION_MS = 2000;

export const MAIN_TABS = ['EMPIRE', 'MAP', 'BUILDING', 'RESEARCH', 'UNITS', 'MOVEMENT', 'RANK', 'HALL_OF_FAME', 'ALLIANCE'] as const;
export type MainTab = (typeof MAIN_TABS)[number];

export function isMainTab(value: unknown): value is MainTab {
  return typeof value === 'string' && (MAIN_TABS as readonly string[]).includes(value);
}

/** The spec's mission values, from game-core's mission table. */
export type MissionType = Mission;

/** Where the map should centre: a region, optionally a sub-region and a position in it. */
export interface MapFocus {
  r: number;
  s: number | null;
  p: number | null;
}

export interface MapViewBox {
  x: number;
  y: number;
  width: number;
  height: number;
}

export interface PendingMovementOrder {
  targetR: number;
  targetS: number;
  targetP: number;
  missionType: MissionType;
  navigateToMovementTab: boolean;
  startTerritoryIdForMovementPanel: number | null;
  /** units to select in the dispatch form (the simulator's 'Send this fleet'); clamped to what is home */
  units?: Record<string, number>;
}

/** A report the simulator is to be filled from: a spy report's or a combat report's content. */
export interface LabDraft {
  kind: 'spy' | 'combat';
  content: Record<string, unknown>;
}

/** The Army tab's sub-views. */
export type ArmyView = 'dispatch' | 'gather' | 'simulator';

export interface PendingMultiPartyJoin {
  isActive: boolean;
  invitationId: number;
  targetR: number;
  targetS: number;
  targetP: number;
  mainFleetArrivalTime: Date | string | null;
  mainFleetInitiatorUsername: string;
}

export interface MapContextMenu {
  visible: boolean;
  x: number;
  y: number;
  targetR: number;
  targetS: number;
  targetP: number;
}

export interface HighlightedItem {
  tab: MainTab;
  key: string;
}

interface PersistedUi {
  selectedTerritoryId: number | null;
  mapFocusCoordinates: MapFocus | null;
  requestedMainTab: MainTab | null;
  lastActiveMainTab: MainTab;
  mapViewBox: MapViewBox | null;
}

interface TransientUi {
  activeView: string;
  pendingMovementOrder: PendingMovementOrder | null;
  pendingMultiPartyJoin: PendingMultiPartyJoin | null;
  mapContextMenu: MapContextMenu | null;
  highlightedItem: HighlightedItem | null;
  armyView: ArmyView;
  /** a filled simulator form handed over by a report card ('Simulate', 'Open in simulator'); the simulator takes it once */
  pendingLabDraft: LabDraft | null;
}

export interface UiState extends PersistedUi, TransientUi {
  setSelectedTerritoryId: (id: number | null) => void;
  setMapFocusCoordinates: (focus: MapFocus | null) => void;
  /** Ask the dashboard to switch tab (the dashboard applies it and clears the request). */
  requestMainTab: (tab: MainTab) => void;
  clearRequestedMainTab: () => void;
  setLastActiveMainTab: (tab: MainTab) => void;
  setMapViewBox: (box: MapViewBox | null) => void;
  setActiveView: (view: string) => void;
  /** Focus the map on coordinates and switch to the Map tab. */
  focusMap: (focus: MapFocus) => void;
  /** Setting an order means: go to the Movement tab with it. */
  setPendingMovementOrder: (order: Omit<PendingMovementOrder, 'navigateToMovementTab'>) => void;
  acknowledgeMovementNavigation: () => void;
  clearPendingMovementOrder: () => void;
  setPendingMultiPartyJoin: (join: Omit<PendingMultiPartyJoin, 'isActive'>) => void;
  clearPendingMultiPartyJoin: () => void;
  openMapContextMenu: (menu: Omit<MapContextMenu, 'visible'>) => void;
  closeMapContextMenu: () => void;
  /** Highlight a card for two seconds (prerequisite jumps). */
  highlightItem: (tab: MainTab, key: string) => void;
  /** The highlighted card is on screen: its HIGHLIGHT_DURATION_MS count from now, not from the click (a slow device may take a while to draw it). */
  holdHighlight: () => void;
  clearHighlightedItem: () => void;
  setArmyView: (view: ArmyView) => void;
  /** Open the simulator (Army tab) with a draft filled from a report. */
  openSimulator: (draft: LabDraft) => void;
  takeLabDraft: () => LabDraft | null;
  /** Logout: forget every persisted and transient UI choice. */
  resetUi: () => void;
}

export const persistedDefaults: PersistedUi = {
  selectedTerritoryId: null,
  mapFocusCoordinates: null,
  requestedMainTab: null,
  lastActiveMainTab: 'MAP',
  mapViewBox: null,
};

const transientDefaults: TransientUi = {
  activeView: 'empire',
  pendingMovementOrder: null,
  pendingMultiPartyJoin: null,
  mapContextMenu: null,
  highlightedItem: null,
  armyView: 'dispatch',
  pendingLabDraft: null,
};

let highlightTimer: ReturnType<typeof setTimeout> | null = null;

export const useUiStore = create<UiState>()(
  persist(
    (set, get) => ({
      ...persistedDefaults,
      ...transientDefaults,
      setSelectedTerritoryId: (selectedTerritoryId) => set({ selectedTerritoryId }),
      setMapFocusCoordinates: (mapFocusCoordinates) => set({ mapFocusCoordinates }),
      requestMainTab: (requestedMainTab) => set({ requestedMainTab }),
      clearRequestedMainTab: () => set({ requestedMainTab: null }),
      setLastActiveMainTab: (lastActiveMainTab) => set({ lastActiveMainTab }),
      setMapViewBox: (mapViewBox) => set({ mapViewBox }),
      setActiveView: (activeView) => set({ activeView }),
      focusMap: (mapFocusCoordinates) => set({ mapFocusCoordinates, requestedMainTab: 'MAP' }),
      setPendingMovementOrder: (order) =>
        set({ pendingMovementOrder: { ...order, navigateToMovementTab: true }, requestedMainTab: 'MOVEMENT', armyView: 'dispatch' }),
      acknowledgeMovementNavigation: () => {
        const order = get().pendingMovementOrder;
        if (order) set({ pendingMovementOrder: { ...order, navigateToMovementTab: false } });
      },
      clearPendingMovementOrder: () => set({ pendingMovementOrder: null }),
      setPendingMultiPartyJoin: (join) =>
        set({ pendingMultiPartyJoin: { ...join, isActive: true }, requestedMainTab: 'MOVEMENT', armyView: 'dispatch' }),
      clearPendingMultiPartyJoin: () => set({ pendingMultiPartyJoin: null }),
      openMapContextMenu: (menu) => set({ mapContextMenu: { ...menu, visible: true } }),
      closeMapContextMenu: () => set({ mapContextMenu: null }),
      highlightItem: (tab, key) => {
        set({ highlightedItem: { tab, key } });
        get().holdHighlight();
      },
      holdHighlight: () => {
        if (highlightTimer) clearTimeout(highlightTimer);
        highlightTimer = setTimeout(() => {
          highlightTimer = null;
          set({ highlightedItem: null });
        }, HIGHLIGHT_DURATION_MS);
      },
      clearHighlightedItem: () => set({ highlightedItem: null }),
      setArmyView: (armyView) => set({ armyView }),
      openSimulator: (pendingLabDraft) => set({ pendingLabDraft, armyView: 'simulator', requestedMainTab: 'MOVEMENT' }),
      takeLabDraft: () => {
        const draft = get().pendingLabDraft;
        if (draft !== null) set({ pendingLabDraft: null });
        return draft;
      },
      resetUi: () => {
        if (highlightTimer) clearTimeout(highlightTimer);
        highlightTimer = null;
        set({ ...persistedDefaults, ...transientDefaults });
      },
    }),
    {
      name: UI_STORAGE_KEY,
      storage: superjsonStorage<PersistedUi>(),
      partialize: (state): PersistedUi => ({
        selectedTerritoryId: state.selectedTerritoryId,
        mapFocusCoordinates: state.mapFocusCoordinates,
        requestedMainTab: state.requestedMainTab,
        lastActiveMainTab: state.lastActiveMainTab,
        mapViewBox: state.mapViewBox,
      }),
      merge: (persisted, current) => {
        const saved = (persisted ?? {}) as Partial<PersistedUi>;
        return {
          ...current,
          selectedTerritoryId: typeof saved.selectedTerritoryId === 'number' ? saved.selectedTerritoryId : null,
          mapFocusCoordinates: saved.mapFocusCoordinates ?? null,
          requestedMainTab: isMainTab(saved.requestedMainTab) ? saved.requestedMainTab : null,
          lastActiveMainTab: isMainTab(saved.lastActiveMainTab) ? saved.lastActiveMainTab : 'MAP',
          mapViewBox: saved.mapViewBox ?? null,
        };
      },
    },
  ),
);

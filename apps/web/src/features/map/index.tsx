import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { Alert, Badge, Loader, Stack, Text } from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import { useQueryClient } from '@tanstack/react-query';
import { IconPlanet } from '@tabler/icons-react';
import { MOBILE_QUERY } from '../../components/shell/breakpoints';
import { useAuthStore } from '../../stores/auth-store';
import { useUiStore, type MapFocus } from '../../stores/ui-store';
import { useTRPC } from '../../trpc';
import { useTerritories } from '../territories';
import { entryFor, homeOf, type CoordinateEntry, type MapTarget } from './coordinates';
import { detailOf, viewForCoordinates, type Detail, type PickedCell, type ViewBox } from './geometry';
import { MapCanvas } from './map-canvas';
import { MapContextMenu, type MenuOwner } from './map-context-menu';
import { useMapFleets } from './use-map-fleets';
import { OVERVIEW_STALE_MS, useMapData, type MapData } from './map-data';
import type { Occupant } from './missions';
import { MapToolbar, type OwnedTerritory } from './map-toolbar';
import { MobileControls } from './mobile-controls';
import { useMapCamera } from './use-map-camera';
import { useMapKeyboard } from './use-map-keyboard';
import { useAllyIds } from './use-allies';
import { LEGEND } from './map-colours';
import { MarkerLegend } from '../fair-play';
import classes from './map.module.css';

export { MAP_MISSIONS, NO_START_TERRITORY, startTerritoryFor } from './missions';
export { useAllyIds } from './use-allies';

export const WELCOME_TITLE = 'Welcome, Commander!';
export const WELCOME_TEXT = 'You do not yet control any sectors. Select an unclaimed sector on the star map and found your empire!';
export const LOADING_TEXT = 'Loading Map Data...';

function validViewBox(v: ViewBox | null): ViewBox | null {
  return v && [v.x, v.y, v.width, v.height].every(Number.isFinite) && v.width > 0 && v.height > 0 ? v : null;
}

function levelTitle(detail: Detail): string {
  if (detail.level === 'region') return 'Galaxy · 961 regions';
  if (detail.level === 'subregion') return `Region ${detail.r}`;
  return `Sector ${detail.r}:${detail.s}`;
}

function Legend() {
  return (
    <div className={classes.legend} aria-hidden>
      {LEGEND.map(([label, color]) => (
        <span key={label}>
          <span className={classes.swatch} style={{ background: color }} />
          {label}
        </span>
      ))}
    </div>
  );
}

/** Who holds a position, if the view has loaded its sub-region's territories. */
/** Another player who owns the position (the menu offers their profile and 'Write message'), as far as the map has loaded it. */
function ownerAt(data: MapData, detail: Detail, me: number | null, allies: ReadonlySet<number>, at: { r: number; s: number; p: number }): MenuOwner | null {
  const occupant = occupantAt(data, detail, me, allies, at);
  if (occupant !== 'foreign' && occupant !== 'ally') return null;
  const territory = data.territoriesByPosition.get(at.p)!;
  return territory.owner_id === null || !territory.owner_username ? null : { id: territory.owner_id, name: territory.owner_username };
}

function occupantAt(data: MapData, detail: Detail, me: number | null, allies: ReadonlySet<number>, at: { r: number; s: number; p: number }): Occupant | null {
  if (detail.level !== 'position' || detail.r !== at.r || detail.s !== at.s || data.loading) return null;
  const territory = data.territoriesByPosition.get(at.p);
  if (!territory) return 'free';
  if (territory.owner_id === null) return 'neutral';
  if (territory.owner_id === me) return 'own';
  return allies.has(territory.owner_id) ? 'ally' : 'foreign';
}

/** The Map tab (social 2.5): the hex star map with coordinate entry, own territories and fleet actions. */
export function MapTab() {
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  const me = useAuthStore((s) => s.currentUser?.id ?? null);
  const selectedTerritoryId = useUiStore((s) => s.selectedTerritoryId);
  const focusRequest = useUiStore((s) => s.mapFocusCoordinates);
  const isMobile = useMediaQuery(MOBILE_QUERY) ?? false;
  const territories = useTerritories();
  const allies = useAllyIds(me);
  const owned: OwnedTerritory[] | undefined = territories.data;

  const stageRef = useRef<HTMLDivElement>(null);
  const [initialView] = useState(() => validViewBox(useUiStore.getState().mapViewBox));
  const [committedView, setCommittedView] = useState<ViewBox | null>(initialView);
  const [detail, setDetail] = useState<Detail>(() => (initialView ? detailOf(initialView) : { level: 'region', r: 481, s: 481 }));
  const camera = useMapCamera(stageRef, initialView, {
    onDetail: setDetail,
    onCommit: (view) => {
      setCommittedView(view);
      useUiStore.getState().setMapViewBox(view);
    },
  });
  const data = useMapData(detail);
  const fleets = useMapFleets();
  const [focus, setFocus] = useState<PickedCell | null>(null);
  const [entry, setEntry] = useState<CoordinateEntry>({ r: '', s: '', p: '' });
  const [refreshing, setRefreshing] = useState(false);
  const closeMenu = useCallback(() => useUiStore.getState().closeMapContextMenu(), []);
  useMapKeyboard(camera, closeMenu);

  /** Moves the view to a target once the data of the levels it opens on have loaded; `home` centres on it without a ring. */
  const goTo = useCallback(
    async (target: MapTarget, home = false) => {
      if (!home) {
        setEntry(entryFor(target));
        setFocus({ r: target.r, s: target.s, p: target.p });
      }
      closeMenu();
      camera.willMove();
      await Promise.allSettled([
        queryClient.ensureQueryData(trpc.map.regionsOverview.queryOptions(undefined, { staleTime: OVERVIEW_STALE_MS })),
        queryClient.ensureQueryData(trpc.map.subregionsOverview.queryOptions({ regionId: target.r }, { staleTime: OVERVIEW_STALE_MS })),
      ]);
      // The home's whole sector, like any other: its marker shows where the home is among the 25.
      camera.animateTo(viewForCoordinates(target, camera.aspect()));
    },
    [camera, closeMenu, queryClient, trpc],
  );

  // Map links elsewhere in the app (r:s:p in a report) ask for a focus through the UI store.
  useEffect(() => {
    if (!focusRequest) return;
    const request: MapFocus = focusRequest;
    useUiStore.getState().setMapFocusCoordinates(null);
    void goTo({ r: request.r, s: request.s, p: request.s === null ? null : request.p });
  }, [focusRequest, goTo]);

  // A first visit (no view saved, nothing asked for) opens on the home sector, where the marker is.
  const home = useMemo(() => homeOf(owned), [owned]);
  const openedOnHome = useRef(initialView !== null);
  useEffect(() => {
    if (openedOnHome.current || !home) return;
    openedOnHome.current = true;
    if (!useUiStore.getState().mapFocusCoordinates) void goTo(home, true);
  }, [home, goTo]);

  // Leaving the tab closes the menu it owns.
  useEffect(() => closeMenu, [closeMenu]);

  const refresh = async () => {
    setRefreshing(true);
    try {
      await Promise.all([data.refresh(), queryClient.invalidateQueries(trpc.territories.list.queryFilter())]);
    } finally {
      setRefreshing(false);
    }
  };

  const openMenu = useCallback((target: { r: number; s: number; p: number }, x: number, y: number) => {
    useUiStore.getState().openMapContextMenu({ x, y, targetR: target.r, targetS: target.s, targetP: target.p });
  }, []);
  const selectCell = useCallback((cell: PickedCell) => setEntry(entryFor(cell)), []);
  const targetAt = useCallback(
    (r: number, s: number, p: number) => ({
      occupant: occupantAt(data, detail, me, allies, { r, s, p }),
      wreckage: data.wreckage.byPosition.has(`${r}:${s}:${p}`),
      owner: ownerAt(data, detail, me, allies, { r, s, p }),
    }),
    [data, detail, me, allies],
  );

  return (
    <Stack gap="sm" data-testid="map-tab">
      {owned && owned.length === 0 && (
        <Alert variant="light" color="acid" radius="lg" icon={<IconPlanet size={20} />} title={WELCOME_TITLE} data-testid="map-welcome">
          {WELCOME_TEXT}
        </Alert>
      )}
      <MapToolbar
        entry={entry}
        onEntryChange={setEntry}
        onGo={(target) => void goTo(target)}
        onRefresh={() => void refresh()}
        refreshing={refreshing}
        territories={owned}
        onTerritory={(t) => void goTo({ r: t.region, s: t.sub_region, p: t.position })}
      />
      {/* the window's height less the header, resource bar, fleet strip and toolbar (and the phone's tab bar) */}
      <div className={classes.viewport} style={{ height: isMobile ? 'calc(100dvh - 350px)' : 'calc(100dvh - 296px)' }}>
        <div className={classes.starsFar} />
        <div className={classes.stars} />
        <MapCanvas
          camera={camera}
          stageRef={stageRef}
          detail={detail}
          committedView={committedView ?? camera.current()}
          data={data}
          me={me}
          allies={allies}
          selectedTerritoryId={selectedTerritoryId}
          focus={focus}
          home={home}
          touchUi={isMobile}
          onSelectCell={selectCell}
          onOpenMenu={openMenu}
          fleets={fleets.markers}
          fleetCard={fleets.card}
        />
        <Badge className={classes.levelBadge} variant="dot" color={detail.level === 'region' ? 'brood' : 'acid'} size="lg" data-testid="map-level">
          {levelTitle(detail)}
        </Badge>
        {!isMobile && <Legend />}
        {isMobile && <MobileControls camera={camera} />}
        {data.loading && (
          <div className={classes.overlay} data-testid="map-loading">
            <Loader size="sm" type="dots" />
            <Text fw={600}>{LOADING_TEXT}</Text>
          </div>
        )}
        {data.error && !data.loading && (
          <div className={classes.overlay}>
            <Text c="red.4">Could not load the map: {data.error.message}</Text>
          </div>
        )}
      </div>
      {/* the letters drawn under owners' names on the map and in fleet cards */}
      <MarkerLegend />
      <MapContextMenu ownedTerritories={owned} targetAt={targetAt} />
    </Stack>
  );
}

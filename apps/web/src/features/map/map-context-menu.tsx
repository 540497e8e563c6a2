import { useEffect, useRef } from 'react';
import { Divider, Stack, Text, UnstyledButton, Group } from '@mantine/core';
import { useClickOutside } from '@mantine/hooks';
import { IconEye, IconPlanet, IconRecycle, IconShieldHalf, IconSword, IconTelescope, IconTruck, type Icon } from '@tabler/icons-react';
import { isHostile } from '@brood/game-core';
import { formatCoordinates } from '../../lib/format';
import { useFairPlay } from '../fair-play';
import { showError } from '../../lib/toast';
import { useUiStore, type MissionType } from '../../stores/ui-store';
import { coreCatalogue } from '../territories';
import { countsOf, useGameData, useTerritoryUnits } from '../territories';
import { MAP_MISSIONS, NO_START_TERRITORY, missionsFor, startTerritoryFor, type MapMission, type MenuTarget } from './missions';
import classes from './map.module.css';

const ICONS: Record<string, Icon> = {
  TRANSPORT: IconTruck,
  ATTACK: IconSword,
  COLONIZE: IconPlanet,
  EXPLORATION: IconTelescope,
  SALVAGE: IconRecycle,
  SPY: IconEye,
  STATION: IconShieldHalf,
};

const COLORS: Record<string, string> = {
  ATTACK: 'var(--mantine-color-red-5)',
  SPY: 'var(--mantine-color-brood-3)',
  COLONIZE: 'var(--mantine-color-acid-4)',
};

const MENU_WIDTH = 210;
const MENU_HEIGHT = 330;

type Owned = { id: number; name: string; region: number; sub_region: number; position: number };

/**
 * The fleet-action menu (social 2.5, core "Map context menu"): titled with the target's coordinates,
 * one entry per mission that makes sense there with the start territory's units. Choosing one stores
 * the pending movement order and opens the Army tab.
 */
export function MapContextMenu({
  ownedTerritories,
  targetAt,
}: {
  ownedTerritories: readonly Owned[] | undefined;
  /** What lies at a position, as far as the map has loaded it. */
  targetAt: (r: number, s: number, p: number) => Omit<MenuTarget, 'isStart'>;
}) {
  const menu = useUiStore((s) => s.mapContextMenu);
  const close = useUiStore((s) => s.closeMapContextMenu);
  const selectedTerritoryId = useUiStore((s) => s.selectedTerritoryId);
  const ref = useClickOutside<HTMLDivElement>(() => close());
  const first = useRef<HTMLButtonElement>(null);
  const startId = startTerritoryFor(selectedTerritoryId, ownedTerritories);
  const start = ownedTerritories?.find((t) => t.id === startId);
  const units = useTerritoryUnits(menu?.visible ? startId : null);
  const gameData = useGameData();
  // Fair play (game-core's canAttack, as the dispatch's): attack and spy say why before they are chosen.
  const fair = useFairPlay(menu?.visible ? { r: menu.targetR, s: menu.targetS, p: menu.targetP } : null, 'ATTACK');
  const refused = fair.verdict?.ok === false ? fair.verdict.reason : null;

  useEffect(() => {
    if (menu?.visible) first.current?.focus({ preventScroll: true });
  }, [menu]);

  if (!menu?.visible) return null;

  const choose = (mission: MissionType) => {
    const ui = useUiStore.getState();
    const start = startTerritoryFor(ui.selectedTerritoryId, ownedTerritories);
    if (start === null) {
      showError(NO_START_TERRITORY);
      return;
    }
    // The Army tab acts on the selected territory: make the fallback the selection.
    if (ui.selectedTerritoryId !== start) ui.setSelectedTerritoryId(start);
    ui.setPendingMovementOrder({
      targetR: menu.targetR,
      targetS: menu.targetS,
      targetP: menu.targetP,
      missionType: mission,
      startTerritoryIdForMovementPanel: start,
    });
    ui.closeMapContextMenu();
  };

  // Keep the whole menu on screen.
  const left = Math.max(8, Math.min(menu.x, window.innerWidth - MENU_WIDTH - 8));
  const top = Math.max(8, Math.min(menu.y, window.innerHeight - MENU_HEIGHT - 8));
  const title = formatCoordinates([menu.targetR, menu.targetS, menu.targetP]);
  const isStart = start !== undefined && start.region === menu.targetR && start.sub_region === menu.targetS && start.position === menu.targetP;
  const ready = gameData.data !== undefined && units.data !== undefined;
  const offered = ready
    ? new Set(missionsFor({ ...targetAt(menu.targetR, menu.targetS, menu.targetP), isStart }, countsOf(units.data, 'unit_key'), coreCatalogue(gameData.data)))
    : new Set<MapMission>();
  const missions = MAP_MISSIONS.filter((m) => offered.has(m.mission));

  return (
    <div ref={ref} className={classes.contextMenu} style={{ left, top, width: MENU_WIDTH }} role="menu" aria-label={`Fleet actions for ${title}`} data-testid="map-context-menu">
      <Stack gap={2}>
        <Text px="xs" pt={4} fw={700} ff="monospace" c="acid.4" data-testid="map-context-menu-title">
          {title}
        </Text>
        <Text px="xs" size="xs" c="dimmed">
          {start ? `Send a fleet from ${start.name}` : 'Send a fleet on a mission'}
        </Text>
        <Divider my={4} color="dark.4" />
        {startId === null && (
          <Text px="xs" py={6} size="sm" c="red.4">
            {NO_START_TERRITORY}
          </Text>
        )}
        {startId !== null && !ready && (
          <Text px="xs" py={6} size="sm" c="dimmed">
            Counting your units...
          </Text>
        )}
        {ready && missions.length === 0 && (
          <Text px="xs" py={6} size="sm" c="dimmed" data-testid="map-context-menu-none">
            {isStart ? 'This is where the fleet would start.' : `No mission fits this position with the units at ${start?.name ?? 'your territory'}.`}
          </Text>
        )}
        {refused && (
          <Text px="xs" py={4} size="xs" c="orange.4" data-testid="map-context-menu-fair-play">
            {refused}
          </Text>
        )}
        {missions.map(({ label, mission }, i) => {
          const MissionIcon = ICONS[mission] ?? IconTruck;
          const held = refused !== null && isHostile(mission);
          return (
            <UnstyledButton
              key={mission}
              ref={i === 0 ? first : undefined}
              role="menuitem"
              onClick={() => choose(mission)}
              disabled={held}
              aria-disabled={held || undefined}
              opacity={held ? 0.5 : undefined}
              px="xs"
              py={6}
              className={classes.menuItem}
              data-mission={mission}
            >
              <Group gap="sm" wrap="nowrap">
                <MissionIcon size={16} color={COLORS[mission] ?? 'var(--mantine-color-dark-1)'} />
                <Text size="sm">{label}</Text>
              </Group>
            </UnstyledButton>
          );
        })}
      </Stack>
    </div>
  );
}

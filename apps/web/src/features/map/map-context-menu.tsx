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
import { NO_START_TERRITORY, menuEntries, startTerritoryFor, type MenuTarget } from './missions';
import classes from './map.module.css';
import { OwnerLine } from '../../components/player/owner-line';

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

const MENU_WIDTH = 250;
const MENU_HEIGHT = 560;
/** Kept free under the menu: a phone's bottom icon bar. */
const BOTTOM_CLEARANCE = 72;

type Owned = { id: number; name: string; region: number; sub_region: number; position: number };
/** Another player owning the position: the menu names them (their profile card) and offers 'Write message'. */
export type MenuOwner = { id: number; name: string };

/**
 * The fleet-action menu (social 2.5, core "Map context menu"): titled with the target's coordinates,
 * one entry per mission of social 2.5, the ones that cannot be sent from the start territory disabled
 * with a one-line reason (game-core's missionAvailability). Choosing one stores the pending movement
 * order and opens the Army tab.
 */
export function MapContextMenu({
  ownedTerritories,
  targetAt,
}: {
  ownedTerritories: readonly Owned[] | undefined;
  /** What lies at a position, as far as the map has loaded it. */
  targetAt: (r: number, s: number, p: number) => Omit<MenuTarget, 'isStart'> & { owner?: MenuOwner | null };
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
  const top = Math.max(8, Math.min(menu.y, window.innerHeight - MENU_HEIGHT - BOTTOM_CLEARANCE));
  const title = formatCoordinates([menu.targetR, menu.targetS, menu.targetP]);
  const isStart = start !== undefined && start.region === menu.targetR && start.sub_region === menu.targetS && start.position === menu.targetP;
  const ready = gameData.data !== undefined && units.data !== undefined;
  // A mission the units or the target rule out says why; fair play then holds attack and spy.
  const entries = (ready ? menuEntries({ ...targetAt(menu.targetR, menu.targetS, menu.targetP), isStart }, countsOf(units.data, 'unit_key'), coreCatalogue(gameData.data)) : []).map((e) => ({
    ...e,
    reason: e.reason ?? (refused !== null && isHostile(e.mission) ? refused : null),
  }));
  const firstOpen = entries.findIndex((e) => e.reason === null);
  const owner = targetAt(menu.targetR, menu.targetS, menu.targetP).owner;

  return (
    <div ref={ref} className={classes.contextMenu} style={{ left, top, width: MENU_WIDTH, maxHeight: window.innerHeight - top - BOTTOM_CLEARANCE, overflowY: 'auto' }} role="menu" aria-label={`Fleet actions for ${title}`} data-testid="map-context-menu">
      <Stack gap={2}>
        <Text px="xs" pt={4} fw={700} ff="monospace" c="acid.4" data-testid="map-context-menu-title">
          {title}
        </Text>
        <Text px="xs" size="xs" c="dimmed">
          {start ? `Send a fleet from ${start.name}` : 'Send a fleet on a mission'}
        </Text>
        {owner && <OwnerLine owner={owner} onDone={close} />}
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
        {ready && isStart && (
          <Text px="xs" py={6} size="sm" c="dimmed" data-testid="map-context-menu-none">
            This is where the fleet would start.
          </Text>
        )}
        {refused && (
          <Text px="xs" py={4} size="xs" c="orange.4" data-testid="map-context-menu-fair-play">
            {refused}
          </Text>
        )}
        {!isStart &&
          entries.map(({ label, mission, reason }, i) => {
            const MissionIcon = ICONS[mission] ?? IconTruck;
            return (
              <UnstyledButton
                key={mission}
                ref={i === firstOpen ? first : undefined}
                role="menuitem"
                onClick={() => choose(mission)}
                disabled={reason !== null}
                aria-disabled={reason !== null || undefined}
                aria-description={reason ?? undefined}
                px="xs"
                py={6}
                className={classes.menuItem}
                data-mission={mission}
                data-disabled={reason !== null || undefined}
                style={reason !== null ? { cursor: 'not-allowed' } : undefined}
              >
                <Group gap="sm" wrap="nowrap" align="flex-start">
                  <MissionIcon size={16} style={{ flex: 'none', marginTop: 2 }} color={reason !== null ? 'var(--mantine-color-dark-3)' : (COLORS[mission] ?? 'var(--mantine-color-dark-1)')} />
                  <div style={{ minWidth: 0 }}>
                    <Text size="sm" c={reason !== null ? 'dimmed' : undefined}>
                      {label}
                    </Text>
                    {reason !== null && (
                      <Text fz={11} c="dimmed" lh={1.3} data-testid="mission-reason">
                        {reason}
                      </Text>
                    )}
                  </div>
                </Group>
              </UnstyledButton>
            );
          })}
      </Stack>
    </div>
  );
}

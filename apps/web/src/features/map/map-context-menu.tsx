import { useEffect, useRef } from 'react';
import { Divider, Stack, Text, UnstyledButton, Group } from '@mantine/core';
import { useClickOutside } from '@mantine/hooks';
import { IconEye, IconPlanet, IconRecycle, IconShieldHalf, IconSword, IconTelescope, IconTruck, type Icon } from '@tabler/icons-react';
import { formatCoordinates } from '../../lib/format';
import { showError } from '../../lib/toast';
import { useUiStore, type MissionType } from '../../stores/ui-store';
import { MAP_MISSIONS, NO_START_TERRITORY, startTerritoryFor } from './missions';
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

/**
 * The fleet-action menu (social 2.5, core "Map context menu"): titled with the target's coordinates,
 * one entry per mission. Choosing one stores the pending movement order and opens the Army tab.
 */
export function MapContextMenu({ ownedTerritories }: { ownedTerritories: readonly { id: number }[] | undefined }) {
  const menu = useUiStore((s) => s.mapContextMenu);
  const close = useUiStore((s) => s.closeMapContextMenu);
  const ref = useClickOutside<HTMLDivElement>(() => close());
  const first = useRef<HTMLButtonElement>(null);

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

  return (
    <div ref={ref} className={classes.contextMenu} style={{ left, top, width: MENU_WIDTH }} role="menu" aria-label={`Fleet actions for ${title}`} data-testid="map-context-menu">
      <Stack gap={2}>
        <Text px="xs" pt={4} fw={700} ff="monospace" c="acid.4" data-testid="map-context-menu-title">
          {title}
        </Text>
        <Text px="xs" size="xs" c="dimmed">
          Send a fleet on a mission
        </Text>
        <Divider my={4} color="dark.4" />
        {MAP_MISSIONS.map(({ label, mission }, i) => {
          const MissionIcon = ICONS[mission] ?? IconTruck;
          return (
            <UnstyledButton
              key={mission}
              ref={i === 0 ? first : undefined}
              role="menuitem"
              onClick={() => choose(mission)}
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

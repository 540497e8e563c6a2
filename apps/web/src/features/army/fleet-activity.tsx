import { Badge, Group, Paper, ScrollArea, Text, UnstyledButton } from '@mantine/core';
import { IconAlertTriangle, IconRoute } from '@tabler/icons-react';
import { formatCoordinates } from '../../lib/format';
import { useUiStore } from '../../stores/ui-store';
import { useTickWhile } from '../../hooks/use-tick-while';
import { TONE_COLORS, missionLabel, missionTone, movementStatus, routeOf } from '../movements';
import { useActiveMovements, useSlotCounter } from '../movements';

/**
 * The dashboard's fleet-activity strip (core §2 "A fleet-activity panel shows for signed-in users"):
 * own and incoming fleets at a glance on every tab; a click opens the Army tab.
 */
export function FleetActivity() {
  const movements = useActiveMovements();
  const slots = useSlotCounter();
  const now = useTickWhile((movements.data?.length ?? 0) > 0);
  const list = movements.data ?? [];
  const incoming = list.filter((m) => !m.is_own_fleet);
  const hostile = incoming.filter((m) => m.is_attacking_player).length;
  const open = () => useUiStore.getState().requestMainTab('MOVEMENT');

  return (
    <Paper className="bs-glass" px="sm" py={6} data-testid="fleet-activity" aria-label="Fleet activity">
      <Group gap="sm" wrap="nowrap">
        <UnstyledButton onClick={open} title="Open the Army tab">
          <Group gap={6} wrap="nowrap">
            <IconRoute size={16} color="var(--mantine-color-acid-4)" />
            <Text size="xs" fw={700} tt="uppercase" lts="0.08em" visibleFrom="sm">
              Fleets
            </Text>
            <Badge size="sm" variant="light" color="acid" ff="monospace" data-testid="fleet-activity-slots">
              {slots}
            </Badge>
            {hostile > 0 && (
              <Badge size="sm" color="red" leftSection={<IconAlertTriangle size={12} />} data-testid="fleet-activity-hostile">
                {hostile}
              </Badge>
            )}
          </Group>
        </UnstyledButton>
        <ScrollArea type="never" style={{ flex: 1 }}>
          <Group gap="xs" wrap="nowrap">
            {movements.isError && (
              <Text size="xs" c="red.4">
                Error loading army movements
              </Text>
            )}
            {list.length === 0 && !movements.isError && (
              <Text size="xs" c="dimmed" data-testid="fleet-activity-empty">
                No fleets in flight.
              </Text>
            )}
            {list.map((m) => {
              const color = TONE_COLORS[missionTone(m)];
              return (
                <UnstyledButton key={m.id} onClick={open} data-testid="fleet-activity-item" style={{ flex: 'none' }}>
                  <Group gap={4} wrap="nowrap" px={6} py={2} style={{ border: `1px solid ${color}55`, borderRadius: 999 }}>
                    <span style={{ width: 6, height: 6, borderRadius: 3, background: color }} />
                    <Text size="xs" fw={600}>
                      {m.is_own_fleet ? missionLabel(m.mission_type) : `${m.username}: ${missionLabel(m.mission_type)}`}
                    </Text>
                    <Text size="xs" ff="monospace" c="dimmed">
                      {formatCoordinates(routeOf(m).to)}
                    </Text>
                    <Text size="xs" ff="monospace">
                      {movementStatus(m, now)}
                    </Text>
                  </Group>
                </UnstyledButton>
              );
            })}
          </Group>
        </ScrollArea>
      </Group>
    </Paper>
  );
}

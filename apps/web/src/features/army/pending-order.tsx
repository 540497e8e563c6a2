import { Badge, Button, Group, Paper, SimpleGrid, Stack, Text, TextInput, Title } from '@mantine/core';
import { IconMap2, IconRocket, IconX } from '@tabler/icons-react';
import { formatCoordinates } from '../../lib/format';
import type { PendingMovementOrder } from '../../stores/ui-store';
import { MAP_MISSIONS } from '../map';

export interface StartTerritory {
  id: number;
  name: string;
  region: number;
  sub_region: number;
  position: number;
}

function missionLabel(mission: PendingMovementOrder['missionType']): string {
  return MAP_MISSIONS.find((m) => m.mission === mission)?.label ?? mission;
}

/** The order chosen on the map: target, mission and start territory, ready for the dispatch form. */
export function PendingOrderCard({
  order,
  start,
  onClear,
  onBackToMap,
}: {
  order: PendingMovementOrder;
  start: StartTerritory | undefined;
  onClear: () => void;
  onBackToMap: () => void;
}) {
  const target = formatCoordinates([order.targetR, order.targetS, order.targetP]);
  return (
    <Paper className="bs-glass" p="lg" data-testid="pending-order">
      <Stack gap="md">
        <Group justify="space-between" wrap="nowrap">
          <Group gap="sm" wrap="nowrap">
            <IconRocket size={22} color="var(--mantine-color-acid-4)" />
            <Title order={4}>Pending order</Title>
          </Group>
          <Badge size="lg" variant="light" color={order.missionType === 'ATTACK' ? 'red' : 'acid'} data-testid="pending-order-mission">
            {missionLabel(order.missionType)}
          </Badge>
        </Group>
        <SimpleGrid cols={3} spacing="xs" maw={300}>
          <TextInput label="Target R" value={String(order.targetR)} readOnly size="sm" data-testid="pending-order-r" />
          <TextInput label="Target S" value={String(order.targetS)} readOnly size="sm" data-testid="pending-order-s" />
          <TextInput label="Target P" value={String(order.targetP)} readOnly size="sm" data-testid="pending-order-p" />
        </SimpleGrid>
        <Text size="sm">
          Target{' '}
          <Text span ff="monospace" fw={700} c="acid.4" data-testid="pending-order-target">
            {target}
          </Text>
          {start && (
            <>
              {' '}from{' '}
              <Text span fw={700} data-testid="pending-order-start">
                {start.name}
              </Text>{' '}
              <Text span ff="monospace" c="dimmed">
                ({formatCoordinates(start)})
              </Text>
            </>
          )}
        </Text>
        <Text size="sm" c="dimmed">
          Choose units and cargo here once fleets can be dispatched; this order keeps the target and mission until then.
        </Text>
        <Group gap="sm">
          <Button variant="light" leftSection={<IconMap2 size={16} />} onClick={onBackToMap}>
            Back to map
          </Button>
          <Button variant="subtle" color="gray" leftSection={<IconX size={16} />} onClick={onClear} data-testid="pending-order-clear">
            Clear order
          </Button>
        </Group>
      </Stack>
    </Paper>
  );
}

import { Badge, Button, Group, Paper, Text } from '@mantine/core';
import { IconMap2, IconX } from '@tabler/icons-react';
import { formatCoordinates } from '../../lib/format';
import { useUiStore, type PendingMovementOrder } from '../../stores/ui-store';
import { missionLabel } from '../movements';

/** The order chosen on the map (core "Map context menu and mission start"): it filled the form below. */
export function PendingOrderBanner({ order }: { order: PendingMovementOrder }) {
  return (
    <Paper withBorder radius="md" p="xs" bg="rgba(157,255,18,0.06)" data-testid="pending-order">
      <Group justify="space-between" wrap="wrap" gap="xs">
        <Group gap="xs" wrap="nowrap">
          <Text size="sm">Order from the map:</Text>
          <Badge variant="light" color={order.missionType === 'ATTACK' ? 'red' : 'acid'} data-testid="pending-order-mission">
            {missionLabel(order.missionType)}
          </Badge>
          <Text size="sm" ff="monospace" fw={700} c="acid.4" data-testid="pending-order-target">
            {formatCoordinates([order.targetR, order.targetS, order.targetP])}
          </Text>
        </Group>
        <Group gap={4}>
          <Button size="compact-xs" variant="subtle" leftSection={<IconMap2 size={14} />} onClick={() => useUiStore.getState().requestMainTab('MAP')}>
            Back to map
          </Button>
          <Button size="compact-xs" variant="subtle" color="gray" leftSection={<IconX size={14} />} onClick={() => useUiStore.getState().clearPendingMovementOrder()} data-testid="pending-order-clear">
            Clear order
          </Button>
        </Group>
      </Group>
    </Paper>
  );
}

import { useState } from 'react';
import { Badge, Button, Group, Loader, Paper, SimpleGrid, Stack, Text, Title, Tooltip } from '@mantine/core';
import { IconRoute } from '@tabler/icons-react';
import { useAuthStore } from '../../stores/auth-store';
import { useTickWhile } from '../../hooks/use-tick-while';
import { useGameData } from '../territories';
import { MovementCard } from './movement-card';
import { InviteModal } from './invite-modal';
import { MOVEMENT_TEXT, fleetActions, type MovementLike } from '../movements';
import { namesFrom, useActiveMovements, useFleetCommands, useSlotCounter } from '../movements';

/** Army movements panel (social 2.7): the slot counter and a grid of movement cards. */
export function MovementsPanel() {
  const movements = useActiveMovements();
  const slots = useSlotCounter();
  const gameData = useGameData();
  const me = useAuthStore((s) => s.currentUser?.id ?? null);
  const commands = useFleetCommands();
  const now = useTickWhile((movements.data?.length ?? 0) > 0);
  const nameOf = namesFrom(gameData.data);
  const [inviting, setInviting] = useState<MovementLike | null>(null);

  return (
    <Paper className="bs-glass" p={{ base: 'sm', sm: 'lg' }} data-testid="movements-panel">
      <Stack gap="sm">
        <Group justify="space-between" wrap="nowrap">
          <Group gap="xs" wrap="nowrap">
            <IconRoute size={20} color="var(--mantine-color-acid-4)" />
            <Title order={5}>Army movements</Title>
          </Group>
          <Tooltip label="Active armies / maximum">
            <Badge size="lg" variant="light" color={slots === '!' ? 'red' : 'acid'} ff="monospace" data-testid="army-slots">
              {slots}
            </Badge>
          </Tooltip>
        </Group>
        {movements.isPending && movements.fetchStatus !== 'idle' && <Loader size="sm" type="dots" />}
        {movements.isError && (
          <Group gap="sm" data-testid="movements-error">
            <Text c="red.4" size="sm">
              {MOVEMENT_TEXT.error}
            </Text>
            <Button size="xs" variant="light" color="red" onClick={() => void movements.refetch()}>
              Retry
            </Button>
          </Group>
        )}
        {movements.data?.length === 0 && (
          <Text c="dimmed" size="sm" data-testid="movements-empty">
            {MOVEMENT_TEXT.empty}
          </Text>
        )}
        {movements.data && movements.data.length > 0 && (
          <SimpleGrid cols={{ base: 1, sm: 2, xl: 3 }} spacing="sm">
            {movements.data.map((m) => (
              <MovementCard
                key={m.id}
                movement={m}
                now={now}
                nameOf={nameOf}
                actions={fleetActions(m, me, now)}
                onRecall={() => commands.confirmRecall(m)}
                onCancelStationing={() => commands.confirmCancel(m)}
                onInvite={() => setInviting(m)}
              />
            ))}
          </SimpleGrid>
        )}
      </Stack>
      <InviteModal movement={inviting} onClose={() => setInviting(null)} />
    </Paper>
  );
}

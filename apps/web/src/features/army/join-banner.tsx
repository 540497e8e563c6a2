import { Badge, Button, Group, Paper, Stack, Text } from '@mantine/core';
import { IconUsersGroup, IconX } from '@tabler/icons-react';
import { formatCoordinates, formatCountdown, formatDate } from '../../lib/format';
import { useTickWhile } from '../../hooks/use-tick-while';
import { useUiStore, type PendingMultiPartyJoin } from '../../stores/ui-store';
import type { JoinCheck } from './join-model';

/** Core "Mission dispatch": the mission list offers only this while joining. */
export const JOIN_MISSION = { value: 'MULTI_PARTY_ATTACK_PARTICIPANT', label: 'Join Multi-Party Attack' } as const;

/** 'Successfully joined attack targeting R-S-P!' (core §8). */
export const joinedMessage = (target: readonly [number, number, number]) => `Successfully joined attack targeting ${target.join('-')}!`;

/**
 * The pending join of a multi-party attack (core "Army movement panel"): initiator, target, the main
 * fleet's ETA, and whether this fleet makes the group's arrival (`check`); target and mission are locked below.
 */
export function JoinAttackBanner({ join, check }: { join: PendingMultiPartyJoin; check: JoinCheck | null }) {
  const now = useTickWhile(join.mainFleetArrivalTime !== null);
  return (
    <Paper withBorder radius="md" p="xs" bg="rgba(255,90,78,0.08)" style={{ borderColor: 'rgba(255,90,78,0.45)' }} data-testid="join-banner">
      <Group justify="space-between" align="flex-start" wrap="wrap" gap="xs">
        <Stack gap={2}>
          <Group gap="xs" wrap="wrap">
            <IconUsersGroup size={16} color="#ff5a4e" />
            <Text size="sm" fw={700}>
              Join Attack
            </Text>
            <Badge variant="light" color="red">
              {join.mainFleetInitiatorUsername}&apos;s group
            </Badge>
          </Group>
          <Text size="sm">
            Target{' '}
            <Text span ff="monospace" fw={700} c="red.4" data-testid="join-target">
              {formatCoordinates([join.targetR, join.targetS, join.targetP])}
            </Text>
            {join.mainFleetArrivalTime !== null && (
              <>
                {' '}· main fleet ETA{' '}
                <Text span ff="monospace" data-testid="join-eta" title={formatDate(join.mainFleetArrivalTime)}>
                  {formatCountdown(join.mainFleetArrivalTime, now, 'Arrived')}
                </Text>
              </>
            )}
          </Text>
          {check && (
            <Text size="xs" c={check.ok ? 'dimmed' : 'red.4'} data-testid="join-check" style={{ overflowWrap: 'anywhere' }}>
              {check.ok ? check.text : 'This fleet cannot make the group\'s arrival: Join Attack is off (why below).'}
            </Text>
          )}
        </Stack>
        <Button size="compact-xs" variant="subtle" color="gray" leftSection={<IconX size={14} />} onClick={() => useUiStore.getState().clearPendingMultiPartyJoin()} data-testid="join-cancel">
          Cancel join
        </Button>
      </Group>
    </Paper>
  );
}

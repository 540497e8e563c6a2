import { useState } from 'react';
import { Button, Group, Paper, Stack, Text, Title } from '@mantine/core';
import { IconBeach } from '@tabler/icons-react';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { MARKER_LEGEND } from '@brood/game-core';
import { formatDate, formatNumber } from '../../lib/format';
import { showSuccess } from '../../lib/toast';
import { useTRPC } from '../../trpc';
import { ReasonModal } from './reason-modal';

/** The console's fair-play facts of a player (activity, vacation, newcomer protection) and the end of a vacation, audited. */
export function FairPlaySection({ userId, username }: { userId: number; username: string }) {
  const trpc = useTRPC();
  const client = useQueryClient();
  const standing = useQuery(trpc.admin.playerFairPlay.queryOptions({ user_id: userId }));
  const end = useMutation(trpc.admin.endVacation.mutationOptions({
    onSuccess: () => {
      showSuccess('Vacation ended.');
      void client.invalidateQueries(trpc.admin.pathFilter());
    },
  }));
  const [asking, setAsking] = useState(false);
  const s = standing.data;
  return (
    <Paper className="bs-glass" p="md" data-testid="player-fair-play">
      <Stack gap="xs">
        <Title order={4}>Fair play</Title>
        {!s ? (
          <Text c="dimmed" fz="sm">Loading fair play...</Text>
        ) : (
          <>
            <Text fz="sm">Last active {s.last_active_at ? formatDate(s.last_active_at) : 'never recorded'}{s.activity ? ` (${s.activity}: ${MARKER_LEGEND[s.activity]})` : ''}</Text>
            <Text fz="sm">
              {s.protected_by ? `Newcomer protection: ${formatNumber(Math.floor(s.points))} points, under ${formatNumber(s.protected_by.below_points)}: protected from players with more than ${s.protected_by.ratio} times their points.` : `No newcomer protection (${formatNumber(Math.floor(s.points))} points${s.activity ? ', inactive' : ''}).`}
            </Text>
            <Group gap="xs" justify="space-between">
              <Text fz="sm">{s.vacation ? `On vacation since ${formatDate(s.vacation.since)} (may end from ${formatDate(s.vacation.earliest_end)})` : 'Not on vacation'}</Text>
              {s.vacation && (
                <Button size="compact-sm" variant="light" leftSection={<IconBeach size={14} />} onClick={() => setAsking(true)} data-testid="end-vacation">
                  End vacation
                </Button>
              )}
            </Group>
          </>
        )}
      </Stack>
      {asking && (
        <ReasonModal opened onClose={() => setAsking(false)} title={`End ${username}'s vacation`} description="Their territories produce again at once; the minimum does not apply." confirmLabel="End vacation"
          loading={end.isPending} onConfirm={(_values, reason) => end.mutateAsync({ user_id: userId, reason })} />
      )}
    </Paper>
  );
}

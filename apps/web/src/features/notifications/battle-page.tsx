import { Button, Group, Paper, Stack, Text, Title } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { IconArrowLeft } from '@tabler/icons-react';
import { Link } from '@tanstack/react-router';
import { PanelError, PanelLoading } from '../../components/catalogue/panel-states';
import { navigateTo } from '../../lib/navigation';
import { useAuthStore } from '../../stores/auth-store';
import { useTRPC } from '../../trpc';
import { CardEnvironmentContext } from './card-context';
import { CombatReportBody } from './cards/combat-report-card';

export const BATTLE_NOT_YOURS = 'This battle is not among yours: only the players who fought it can open its link.';

const toDashboard = { onNavigate: () => navigateTo('/dashboard') };

/** /battles/<id>: a stored battle's report, opened from a shared link (its participants only: the server says so to anyone else). */
export function BattleReportPage({ battleId }: { battleId: number }) {
  const trpc = useTRPC();
  const viewerId = useAuthStore((s) => s.currentUser?.id ?? 0);
  const battle = useQuery(trpc.battles.get.queryOptions({ battle_id: battleId }, { retry: false }));
  return (
    <Stack gap="md" maw={900} mx="auto" data-testid="battle-page">
      <Group justify="space-between" wrap="wrap" gap="xs">
        <Title order={1} size="h2">
          Battle {battleId}
        </Title>
        <Button component={Link} to="/dashboard" variant="subtle" size="compact-sm" leftSection={<IconArrowLeft size={14} />}>
          Back to the game
        </Button>
      </Group>
      {battle.isLoading ? (
        <PanelLoading label="Loading the battle..." />
      ) : battle.error ? (
        <PanelError
          title="Battle unavailable"
          message={battle.error.data?.httpStatus === 404 ? BATTLE_NOT_YOURS : battle.error.message}
          onRetry={battle.error.data?.httpStatus === 404 ? undefined : () => void battle.refetch()}
        />
      ) : battle.data ? (
        <Paper className="bs-glass" p="md">
          <Text size="xs" c="dimmed" mb={6} data-testid="battle-fought-at">
            Fought {battle.data.fought_at.toLocaleString()}
          </Text>
          <CardEnvironmentContext.Provider value={toDashboard}>
            <CombatReportBody content={battle.data.report} viewerId={viewerId} isRead />
          </CardEnvironmentContext.Provider>
        </Paper>
      ) : null}
    </Stack>
  );
}

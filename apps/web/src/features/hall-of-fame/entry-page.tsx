import { useState } from 'react';
import { Button, Group, Paper, Stack, Text, Title } from '@mantine/core';
import { IconArrowLeft, IconLogin, IconTrophy } from '@tabler/icons-react';
import { Link } from '@tanstack/react-router';
import { PanelError, PanelLoading } from '../../components/catalogue/panel-states';
import { formatDate, formatLargeNumber } from '../../lib/format';
import { navigateTo } from '../../lib/navigation';
import { TAB_PATHS } from '../../lib/tab-paths';
import { useAuthStore } from '../../stores/auth-store';
import { HallOfFameReport } from './entry-report';
import { useHallOfFameEntry } from './hall-of-fame-queries';

export const ENTRY_NOT_FOUND = 'Hall of Fame entry not found.';

const toDashboard = () => navigateTo('/dashboard');

/**
 * /hall-of-fame/<id>: one Hall of Fame entry's report and comments, where a shared entry link leads.
 * The Hall of Fame is readable without login (social spec 8): a visitor reads it and is offered the login.
 */
export function HallOfFameEntryPage({ entryId }: { entryId: number }) {
  const entry = useHallOfFameEntry(entryId);
  const signedIn = useAuthStore((s) => s.isAuthenticated);
  const [cooldownUntil, setCooldownUntil] = useState<number | null>(null);
  const here = `/hall-of-fame/${entryId}`;
  return (
    <Stack gap="md" maw={1200} mx="auto" data-testid="hof-entry-page">
      <Group justify="space-between" wrap="wrap" gap="xs">
        <Group gap="xs" wrap="nowrap">
          <IconTrophy size={22} color="var(--mantine-color-yellow-4)" aria-hidden />
          <Title order={1} size="h2">
            {entry.data ? `${entry.data.attacker_username} vs ${entry.data.defender_username}` : 'Hall of Fame'}
          </Title>
        </Group>
        {signedIn ? (
          <Button renderRoot={(props) => <Link to="/dashboard/$tab" params={{ tab: TAB_PATHS.HALL_OF_FAME }} {...props} />} variant="subtle" size="compact-sm" leftSection={<IconArrowLeft size={14} />}>
            Back to the Hall of Fame
          </Button>
        ) : (
          <Button renderRoot={(props) => <Link to="/login" search={{ redirect: here }} {...props} />} size="compact-sm" leftSection={<IconLogin size={14} />}>
            Log in to play
          </Button>
        )}
      </Group>
      {entry.isLoading ? (
        <PanelLoading label="Loading Hall of Fame..." />
      ) : entry.error ? (
        <PanelError
          title="Entry unavailable"
          message={entry.error.data?.httpStatus === 404 ? ENTRY_NOT_FOUND : `Error loading Hall of Fame: ${entry.error.message}`}
          onRetry={entry.error.data?.httpStatus === 404 ? undefined : () => void entry.refetch()}
        />
      ) : entry.data ? (
        <Paper className="bs-glass" p={{ base: 'sm', sm: 'md' }}>
          <Text size="xs" c="dimmed" mb={6} data-testid="hof-entry-facts">
            Hall of Fame · fought {formatDate(entry.data.combat_timestamp)} · total unit value {formatLargeNumber(entry.data.total_unit_value)}
          </Text>
          <HallOfFameReport entry={entry.data} cooldownUntil={cooldownUntil} onCooldown={setCooldownUntil} onNavigate={toDashboard} />
        </Paper>
      ) : null}
    </Stack>
  );
}

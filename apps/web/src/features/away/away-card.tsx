import { useEffect, useRef } from 'react';
import { ActionIcon, Group, Paper, SimpleGrid, Stack, Text } from '@mantine/core';
import { IconX } from '@tabler/icons-react';
import { useMutation } from '@tanstack/react-query';
import { useTRPC } from '../../trpc';
import type { RouterOutputs } from '../../lib/api-types';
import { formatDuration, formatLargeNumber, formatRank } from '../../lib/format';
import { useGameData, useTerritories } from '../territories';

/** How often the open app tells the server the player is here (an absence is counted from the last of these). */
const VISIT_EVERY_MS = 5 * 60 * 1000;
export const AWAY_TITLE = 'While you were away';

type Summary = NonNullable<RouterOutputs['away']['visit']>;

/** One line of the card: a label and its value. */
function Line({ label, value }: { label: string; value: string }) {
  return (
    <Stack gap={0}>
      <Text fz="xs" c="dimmed">
        {label}
      </Text>
      <Text fw={600} fz="sm">
        {value}
      </Text>
    </Stack>
  );
}

/** Each territory's production over the absence: its rate now times the hours away (about: rates change as it grows). */
function Produced({ hours }: { hours: number }) {
  const territories = useTerritories();
  const gameData = useGameData();
  if (!territories.data || !gameData.data) return null;
  const resources = gameData.data.resources as Record<string, { name: string }>;
  return (
    <Stack gap={4} data-testid="away-produced">
      <Text fz="xs" c="dimmed">
        Resources produced (about)
      </Text>
      {territories.data.map((t) => (
        <Text key={t.id} fz="sm">
          <Text span fw={600}>
            {t.name}
          </Text>
          {': '}
          {Object.entries(t.all_resources_production_per_hour)
            .filter(([, perHour]) => perHour > 0)
            .map(([key, perHour]) => `${formatLargeNumber(Math.floor(Math.min(perHour * hours, t.all_resources_storage_capacities[key] ?? Infinity)))} ${resources[key]?.name ?? key}`)
            .join(', ') || 'nothing'}
        </Text>
      ))}
    </Stack>
  );
}

function rankChange(then: number | null, now: number): string {
  if (then === null || then === now) return `${formatRank(now)} (unchanged)`;
  return `${formatRank(then)} → ${formatRank(now)} (${then > now ? `up ${then - now}` : `down ${now - then}`})`;
}

/** The card itself (exported for its component test). */
export function AwaySummaryCard({ summary, onDismiss }: { summary: Summary; onDismiss: () => void }) {
  const seconds = Math.max(0, (new Date(summary.away_until).getTime() - new Date(summary.away_from).getTime()) / 1000);
  return (
    <Paper className="bs-glass" p="md" component="section" aria-label={AWAY_TITLE} data-testid="away-card">
      <Stack gap="sm">
        <Group justify="space-between" wrap="nowrap">
          <Text fw={700}>
            {AWAY_TITLE} <Text span c="dimmed" fz="sm">({formatDuration(Math.round(seconds))})</Text>
          </Text>
          <ActionIcon variant="subtle" color="gray" size="sm" onClick={onDismiss} aria-label="Close the summary">
            <IconX size={14} />
          </ActionIcon>
        </Group>
        <SimpleGrid cols={{ base: 2, sm: 4 }} spacing="sm">
          <Line label="Battles won / lost" value={`${summary.battles_won} / ${summary.battles_lost}${summary.battles_drawn ? ` (${summary.battles_drawn} drawn)` : ''}`} />
          <Line label="Value lost" value={formatLargeNumber(summary.value_lost)} />
          <Line label="Spy alerts" value={String(summary.spy_alerts)} />
          <Line label="Fleets returned / lost" value={`${summary.fleets_returned} / ${summary.fleets_lost}`} />
          <Line label="Queue items completed" value={String(summary.queue_items_completed)} />
          <Line label="New messages" value={String(summary.new_messages)} />
          <Line label="Rank" value={rankChange(summary.rank_then, summary.rank_now)} />
        </SimpleGrid>
        <Produced hours={seconds / 3600} />
      </Stack>
    </Paper>
  );
}

/**
 * Tells the server the player is here (on load and every few minutes while the app is open) and shows
 * what happened during an absence of more than an hour, until the player closes it.
 */
export function AwayCard() {
  const trpc = useTRPC();
  const visit = useMutation({ ...trpc.away.visit.mutationOptions(), meta: { errorToast: false } });
  const dismiss = useMutation(trpc.away.dismiss.mutationOptions({ onSuccess: () => visit.reset() }));
  const visitRef = useRef(visit.mutate);
  visitRef.current = visit.mutate;

  useEffect(() => {
    visitRef.current();
    const timer = setInterval(() => {
      if (document.visibilityState === 'visible') visitRef.current();
    }, VISIT_EVERY_MS);
    return () => clearInterval(timer);
  }, []);

  if (!visit.data || dismiss.isSuccess) return null;
  return <AwaySummaryCard summary={visit.data} onDismiss={() => dismiss.mutate()} />;
}

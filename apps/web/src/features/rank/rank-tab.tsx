import { useEffect, useRef, useState } from 'react';
import { Alert, Button, Group, Paper, Stack, Table, Tabs, Text } from '@mantine/core';
import { IconAlertTriangle } from '@tabler/icons-react';
import { formatCoordinates, formatNumber, formatRank } from '../../lib/format';
import { useAuthStore } from '../../stores/auth-store';
import { PanelLoading } from '../../components/catalogue/panel-states';
import { MarkerLegend, PlayerMarkers, usePlayerMarkers } from '../fair-play';
import type { PlayerMarker } from '@brood/game-core';
import { HIGHSCORE_PAGE_SIZE, useHighscorePage, useOwnHighscore, type HighscoreEntry, type ScoreColumn } from './rank-queries';
import { PlayerName } from '../../components/player/player-name';

/** The category tabs (the spec's sort keys, without RANK). */
export const CATEGORIES: { value: ScoreColumn; label: string }[] = [
  { value: 'total_score', label: 'Total' },
  { value: 'building_score', label: 'Building' },
  { value: 'research_score', label: 'Research' },
  { value: 'unit_score', label: 'Unit' },
  { value: 'defense_score', label: 'Defense' },
];
export const EMPTY = 'No highscore entries yet.';
export const NO_MORE = 'No more entries.';
export const LOAD_FAILED = 'Failed to load highscores. Please try again later.';

function Row({ entry, score, own, markers }: { entry: HighscoreEntry; score: number; own: boolean; markers: readonly PlayerMarker[] }) {
  const ref = useRef<HTMLTableRowElement>(null);
  useEffect(() => {
    if (own) ref.current?.scrollIntoView?.({ block: 'center', behavior: 'smooth' });
  }, [own]);
  const base = `${entry.base_territory_name ?? 'N/A'} ${entry.base_territory_coords ? formatCoordinates(entry.base_territory_coords, 'brackets') : ''}`;
  return (
    <Table.Tr ref={ref} data-own={own || undefined} data-testid={`rank-row-${entry.user_id}`} style={own ? { background: 'var(--mantine-color-acid-light)' } : undefined}>
      <Table.Td fw={700}>{formatRank(entry.rank)}</Table.Td>
      <Table.Td fw={own ? 700 : 500}>
        <Group gap={6} wrap="nowrap">
          <PlayerName id={entry.user_id} name={entry.username} />
          <PlayerMarkers markers={markers} />
        </Group>
        {/* On a phone the base goes under the name, so the score stays in view. */}
        <Text hiddenFrom="sm" fz="xs" c="dimmed">
          {base}
        </Text>
      </Table.Td>
      <Table.Td c="dimmed" visibleFrom="sm">
        {base}
      </Table.Td>
      <Table.Td ta="right">{formatNumber(Math.floor(score))}</Table.Td>
    </Table.Tr>
  );
}

/** Highscores (social §2.8): category tabs, 100 a page with Prev / Next, the own rank line and row. */
export function RankTab() {
  const myId = useAuthStore((s) => s.currentUser?.id ?? null);
  const [category, setCategory] = useState<ScoreColumn>('total_score');
  const [chosenPage, setChosenPage] = useState<number | null>(null);
  const own = useOwnHighscore(category);
  // Until the player pages themselves, the page holding their own row is shown.
  const page = chosenPage ?? (own.isLoading ? null : (own.data?.pageNumber ?? 1));
  const list = useHighscorePage(category, page ?? 1, page !== null);
  const entries = list.data ?? [];
  const markers = usePlayerMarkers(entries.map((e) => e.user_id));

  const switchCategory = (value: string | null) => {
    setCategory((value as ScoreColumn | null) ?? 'total_score');
    setChosenPage(null);
  };

  return (
    <Stack gap="md" data-testid="rank-tab">
      <Tabs value={category} onChange={switchCategory} variant="pills" radius="md">
        <Tabs.List>
          {CATEGORIES.map((c) => (
            <Tabs.Tab key={c.value} value={c.value}>
              {c.label}
            </Tabs.Tab>
          ))}
        </Tabs.List>
      </Tabs>
      {own.data?.userEntry && (
        <Text data-testid="your-rank">
          Your rank: <b>{formatRank(own.data.rankWithinCategory)}</b> · Score: <b>{formatNumber(Math.floor(own.data.userEntry[category]))}</b>
        </Text>
      )}
      {list.error ? (
        <Alert color="red" variant="light" icon={<IconAlertTriangle size={18} />} role="alert">
          <Stack gap="xs" align="flex-start">
            <Text fz="sm">{LOAD_FAILED}</Text>
            <Button size="xs" variant="light" color="red" onClick={() => void list.refetch()}>
              Retry
            </Button>
          </Stack>
        </Alert>
      ) : page === null || list.isLoading ? (
        <PanelLoading label="Loading highscores..." />
      ) : entries.length === 0 ? (
        <Text c="dimmed" data-testid="rank-empty">
          {page === 1 ? EMPTY : NO_MORE}
        </Text>
      ) : (
        <Paper className="bs-glass" p="xs">
          <Table.ScrollContainer minWidth={340}>
            <Table striped highlightOnHover>
              <Table.Thead>
                <Table.Tr>
                  <Table.Th>Rank</Table.Th>
                  <Table.Th>Player</Table.Th>
                  <Table.Th visibleFrom="sm">Base</Table.Th>
                  <Table.Th ta="right">Score</Table.Th>
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {entries.map((e) => (
                  <Row key={e.user_id} entry={e} score={e[category]} own={e.user_id === myId} markers={markers.get(e.user_id) ?? []} />
                ))}
              </Table.Tbody>
            </Table>
          </Table.ScrollContainer>
          <MarkerLegend />
        </Paper>
      )}
      {page !== null && (
        <Group justify="center" gap="md">
          <Button variant="default" size="xs" disabled={page <= 1} onClick={() => setChosenPage(page - 1)}>
            Prev
          </Button>
          <Text data-testid="rank-page">Page {page}</Text>
          <Button variant="default" size="xs" disabled={entries.length < HIGHSCORE_PAGE_SIZE} onClick={() => setChosenPage(page + 1)}>
            Next
          </Button>
        </Group>
      )}
    </Stack>
  );
}

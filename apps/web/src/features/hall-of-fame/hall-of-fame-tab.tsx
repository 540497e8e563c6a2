import { useState } from 'react';
import { Badge, Button, Modal, Paper, Stack, Table, Text } from '@mantine/core';
import { describeApiError } from '../../lib/api-errors';
import { formatDate, formatLargeNumber } from '../../lib/format';
import { PanelLoading } from '../../components/catalogue/panel-states';
import { HallOfFameReport } from './entry-report';
import { useHallOfFame, type HallOfFameEntry } from './hall-of-fame-queries';
import { PlayerName } from '../../components/player/player-name';

export const EMPTY_HALL = 'The Hall of Fame is currently empty. Epic battles will be recorded here!';

const outcomeLabel = (outcome: string) => outcome.replace(/_/g, ' ').toLowerCase();

function EntryModal({ entry, onClose, cooldownUntil, onCooldown }: { entry: HallOfFameEntry | null; onClose: () => void; cooldownUntil: number | null; onCooldown: (t: number) => void }) {
  return (
    <Modal opened={entry !== null} onClose={onClose} size="90%" centered title={entry ? `${entry.attacker_username} vs ${entry.defender_username}` : ''}>
      {/* 'Open in simulator' switches tab: the modal closes behind it. */}
      {entry && <HallOfFameReport entry={entry} cooldownUntil={cooldownUntil} onCooldown={onCooldown} onNavigate={onClose} />}
    </Modal>
  );
}

/** The Hall of Fame (social §2.9): the most valuable battles; a click opens the report with its comments. */
export function HallOfFameTab() {
  const entries = useHallOfFame();
  const [open, setOpen] = useState<HallOfFameEntry | null>(null);
  const [cooldownUntil, setCooldownUntil] = useState<number | null>(null);
  const list = entries.data?.pages.flat() ?? [];

  if (entries.isLoading) return <PanelLoading label="Loading Hall of Fame..." />;
  if (entries.error) return <Text c="red">{`Error loading Hall of Fame: ${describeApiError(entries.error).detail}`}</Text>;
  if (list.length === 0) return <Text c="dimmed" data-testid="hall-empty">{EMPTY_HALL}</Text>;

  return (
    <Stack gap="md" data-testid="hall-of-fame-tab">
      <Paper className="bs-glass" p="xs">
        <Table.ScrollContainer minWidth={640}>
          <Table highlightOnHover style={{ whiteSpace: 'nowrap' }}>
            <Table.Thead>
              <Table.Tr>
                <Table.Th>Attacker</Table.Th>
                <Table.Th>Defender</Table.Th>
                <Table.Th>Outcome</Table.Th>
                <Table.Th ta="right">Total unit value</Table.Th>
                <Table.Th>Time</Table.Th>
                <Table.Th ta="right">Comments</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {list.map((e) => (
                <Table.Tr key={e.id} onClick={() => setOpen(e)} style={{ cursor: 'pointer' }} data-testid={`hof-entry-${e.id}`}>
                  <Table.Td fw={600}>{e.attacker_user_id === null ? e.attacker_username : <PlayerName id={e.attacker_user_id} name={e.attacker_username} />}</Table.Td>
                  <Table.Td fw={600}>{e.defender_user_id === null ? e.defender_username : <PlayerName id={e.defender_user_id} name={e.defender_username} />}</Table.Td>
                  <Table.Td>
                    <Badge variant="light" color={e.outcome.startsWith('ATTACKER') ? 'red' : e.outcome.startsWith('DEFENDER') ? 'acid' : 'gray'} tt="none">
                      {outcomeLabel(e.outcome)}
                    </Badge>
                  </Table.Td>
                  <Table.Td ta="right">{formatLargeNumber(e.total_unit_value)}</Table.Td>
                  <Table.Td c="dimmed">{formatDate(e.combat_timestamp)}</Table.Td>
                  <Table.Td ta="right">{e.comments_count}</Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </Table.ScrollContainer>
      </Paper>
      {entries.hasNextPage && (
        <Button variant="default" onClick={() => void entries.fetchNextPage()} loading={entries.isFetchingNextPage} style={{ alignSelf: 'center' }}>
          Load More
        </Button>
      )}
      <EntryModal entry={open} onClose={() => setOpen(null)} cooldownUntil={cooldownUntil} onCooldown={setCooldownUntil} />
    </Stack>
  );
}

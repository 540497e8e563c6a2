import { useState } from 'react';
import { Badge, Group, Paper, Stack, Table, Text, TextInput, UnstyledButton } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { IconSearch } from '@tabler/icons-react';
import { formatDate } from '../../lib/format';
import { usePlayerSearch, type PlayerRow } from './admin-queries';
import { PlayerPage } from './player-page';

export function PlayerBadges({ player }: { player: Pick<PlayerRow, 'is_test_account' | 'is_operator' | 'suspended'> }) {
  return (
    <>
      {player.is_test_account && <Badge color="gray" variant="light">guest</Badge>}
      {player.is_operator && <Badge color="brood" variant="light">operator</Badge>}
      {player.suspended && <Badge color="red" variant="filled">suspended</Badge>}
    </>
  );
}

/** Players: search by name, email or id; a result opens the player's page. */
export function PlayersPanel() {
  const [query, setQuery] = useState('');
  const [debounced] = useDebouncedValue(query, 250);
  const [selected, setSelected] = useState<number | null>(null);
  const results = usePlayerSearch(debounced);

  if (selected !== null) return <PlayerPage userId={selected} onBack={() => setSelected(null)} onOpen={setSelected} />;

  return (
    <Stack gap="md" data-testid="admin-players">
      <TextInput
        label="Find a player"
        placeholder="Name, email or id"
        leftSection={<IconSearch size={16} />}
        value={query}
        onChange={(e) => setQuery(e.currentTarget.value)}
        data-autofocus
      />
      {debounced.trim() && results.data?.length === 0 && <Text c="dimmed">No player matches.</Text>}
      {results.data && results.data.length > 0 && (
        <Paper className="bs-glass" p={0}>
          <Table.ScrollContainer minWidth={560}>
            <Table highlightOnHover verticalSpacing="xs">
              <Table.Thead>
                <Table.Tr>
                  <Table.Th>Id</Table.Th>
                  <Table.Th>Player</Table.Th>
                  <Table.Th>Email</Table.Th>
                  <Table.Th>Last sign-in</Table.Th>
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {results.data.map((p) => (
                  <Table.Tr key={p.id} data-testid={`player-result-${p.id}`}>
                    <Table.Td>{p.id}</Table.Td>
                    <Table.Td>
                      <UnstyledButton onClick={() => setSelected(p.id)} aria-label={`Open ${p.username}`}>
                        <Group gap={6} wrap="nowrap">
                          <Text fw={700} c="acid.4">
                            {p.username}
                          </Text>
                          <PlayerBadges player={p} />
                        </Group>
                      </UnstyledButton>
                    </Table.Td>
                    <Table.Td>{p.email}</Table.Td>
                    <Table.Td>{p.last_login_at ? formatDate(p.last_login_at) : 'never'}</Table.Td>
                  </Table.Tr>
                ))}
              </Table.Tbody>
            </Table>
          </Table.ScrollContainer>
        </Paper>
      )}
    </Stack>
  );
}

import { useState } from 'react';
import { Alert, Badge, Button, Group, Paper, SimpleGrid, Stack, Text, TextInput } from '@mantine/core';
import { IconInfoCircle, IconSearch } from '@tabler/icons-react';
import { describeApiError } from '../../lib/api-errors';
import { PanelError } from '../../components/catalogue/panel-states';
import { useAllianceList, type AllianceSummary } from './alliance-queries';

export const EMPTY_LIST = 'No alliances found. Why not create one?';
export const APPLICATION_NOTE = 'Alliances recruit by application: the leader or an officer reviews every request to join.';

export const isFull = (a: { member_count: number; slots_max: number }) => a.member_count >= a.slots_max;

/** Apply, or 'Full' and disabled once the roster is at its slots; absent for players already in an alliance. */
export function ApplyButton({ alliance, canApply, onApply }: { alliance: AllianceSummary; canApply: boolean; onApply: (a: AllianceSummary) => void }) {
  if (!canApply) return null;
  const full = isFull(alliance);
  return (
    <Button size="xs" disabled={full} onClick={() => onApply(alliance)} data-testid={`apply-${alliance.tag}`}>
      {full ? 'Full' : 'Apply'}
    </Button>
  );
}

function AllianceCard(props: { alliance: AllianceSummary; canApply: boolean; onDetails: (id: number) => void; onApply: (a: AllianceSummary) => void }) {
  const a = props.alliance;
  return (
    <Paper className="bs-glass" p="md" data-testid={`alliance-card-${a.tag}`}>
      <Stack gap={6} h="100%">
        <Group justify="space-between" wrap="nowrap">
          <Text fw={700} truncate>
            {a.name}{' '}
            <Text span c="dimmed">
              [{a.tag}]
            </Text>
          </Text>
          <Badge color={isFull(a) ? 'red' : 'acid'} variant="light">
            {isFull(a) ? 'Full' : 'Recruiting'}
          </Badge>
        </Group>
        <Text fz="sm" c="dimmed" lineClamp={2} style={{ flex: 1 }}>
          {a.description || 'No description.'}
        </Text>
        <Group justify="space-between">
          <Text fz="sm">
            Members: {a.member_count}/{a.slots_max}
          </Text>
          <Group gap="xs">
            <Button size="xs" variant="light" onClick={() => props.onDetails(a.id)}>
              Details
            </Button>
            <ApplyButton alliance={a} canApply={props.canApply} onApply={props.onApply} />
          </Group>
        </Group>
      </Stack>
    </Paper>
  );
}

/** Browse Alliances: search by name or tag with Find, ten at a time with Load More. */
export function BrowseAlliances(props: { canApply: boolean; onDetails: (id: number) => void; onApply: (a: AllianceSummary) => void }) {
  const [text, setText] = useState('');
  const [search, setSearch] = useState('');
  const list = useAllianceList(search);
  const alliances = list.data?.pages.flat() ?? [];
  return (
    <Stack gap="md">
      <form
        onSubmit={(e) => {
          e.preventDefault();
          setSearch(text.trim());
        }}
      >
        <Group gap="xs" wrap="nowrap">
          <TextInput placeholder="Search by name or tag" value={text} onChange={(e) => setText(e.currentTarget.value)} leftSection={<IconSearch size={16} />} style={{ flex: 1 }} maxLength={50} aria-label="Search alliances" />
          <Button type="submit">Find</Button>
        </Group>
      </form>
      <Alert variant="light" color="brood" icon={<IconInfoCircle size={18} />}>
        {APPLICATION_NOTE}
      </Alert>
      {list.isLoading ? (
        <Text c="dimmed">Searching...</Text>
      ) : list.error ? (
        <PanelError title="Failed to load alliances" message={describeApiError(list.error).detail} onRetry={() => void list.refetch()} />
      ) : alliances.length === 0 ? (
        <Text c="dimmed" data-testid="alliances-empty">
          {EMPTY_LIST}
        </Text>
      ) : (
        <SimpleGrid cols={{ base: 1, md: 2 }}>
          {alliances.map((a) => (
            <AllianceCard key={a.id} alliance={a} canApply={props.canApply} onDetails={props.onDetails} onApply={props.onApply} />
          ))}
        </SimpleGrid>
      )}
      {list.hasNextPage && (
        <Button variant="default" onClick={() => void list.fetchNextPage()} loading={list.isFetchingNextPage} style={{ alignSelf: 'center' }}>
          Load More
        </Button>
      )}
    </Stack>
  );
}

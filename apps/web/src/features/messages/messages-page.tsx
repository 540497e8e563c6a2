import { useState } from 'react';
import { Alert, Button, Group, Loader, SegmentedControl, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { IconPencil } from '@tabler/icons-react';
import { MessageList } from './message-list';
import { usePlayerUi } from '../../components/player/player-ui-store';
import { BuddyPanel, PlayerSearch } from './social-panel';
import { useMessageList, type Folder } from './use-messages';

/** /messages: Inbox and Sent (newest first, paged, grouped by the other player), the buddy list and the player search. */
export function MessagesPage() {
  const [folder, setFolder] = useState<Folder>('inbox');
  const [skip, setSkip] = useState(0);
  const openCompose = usePlayerUi((s) => s.openCompose);
  const list = useMessageList(folder, skip);
  const pageSize = Math.max(list.data?.messages.length ?? 0, 1);
  const total = list.data?.total ?? 0;
  return (
    <SimpleGrid cols={{ base: 1, md: 3 }} spacing="md">
      <Stack gap="sm" style={{ gridColumn: 'span 2' }} data-testid="messages-page">
        <Group justify="space-between">
          <Title order={3}>Messages</Title>
          <Button size="xs" leftSection={<IconPencil size={14} />} onClick={() => openCompose('')} data-testid="compose-open">
            Write message
          </Button>
        </Group>
        <SegmentedControl
          value={folder}
          onChange={(v) => {
            setFolder(v as Folder);
            setSkip(0);
          }}
          data={[
            { value: 'inbox', label: 'Inbox' },
            { value: 'sent', label: 'Sent' },
          ]}
          data-testid="messages-folder"
        />
        {list.isLoading && <Loader size="sm" />}
        {list.isError && (
          <Alert color="red" title="Error loading messages">
            <Button size="xs" variant="light" onClick={() => void list.refetch()}>
              Try Again
            </Button>
          </Alert>
        )}
        {list.data && list.data.messages.length === 0 && <Text c="dimmed">No messages found.</Text>}
        {list.data && <MessageList messages={list.data.messages} folder={folder} />}
        {(skip > 0 || skip + pageSize < total) && (
          <Group justify="center">
            <Button size="xs" variant="light" disabled={skip === 0} onClick={() => setSkip(Math.max(0, skip - pageSize))}>
              Previous Page
            </Button>
            <Text fz="sm">Page {Math.floor(skip / pageSize) + 1}</Text>
            <Button size="xs" variant="light" disabled={skip + pageSize >= total} onClick={() => setSkip(skip + pageSize)}>
              Next Page
            </Button>
          </Group>
        )}
      </Stack>
      <Stack gap="sm">
        <BuddyPanel />
        <PlayerSearch />
      </Stack>
    </SimpleGrid>
  );
}

import { Badge, Button, Group, Paper, Stack, Text } from '@mantine/core';
import { showSuccess } from '../../lib/toast';
import { PlayerName } from '../../components/player/player-name';
import { usePlayerUi } from '../../components/player/player-ui-store';
import { conversations, useMessageActions, type Folder, type MessageItem } from './use-messages';

const timeOf = (iso: string) => new Date(iso).toLocaleString('en-US', { hour12: false });

function MessageCard({ message, folder }: { message: MessageItem; folder: Folder }) {
  const actions = useMessageActions();
  const openCompose = usePlayerUi((s) => s.openCompose);
  const unread = folder === 'inbox' && !message.is_read;
  return (
    <Paper p="sm" withBorder className="bs-glass" data-testid="message" data-unread={unread || undefined} style={{ opacity: unread || folder === 'sent' ? 1 : 0.75 }}>
      <Stack gap={4}>
        <Group justify="space-between" wrap="nowrap" gap="xs">
          <Text fw={unread ? 700 : 500} truncate data-testid="message-subject">
            {message.subject}
          </Text>
          <Group gap={4} wrap="nowrap">
            {message.is_circular && <Badge size="xs" variant="light" color="grape">Circular</Badge>}
            {unread && <Badge size="xs" color="red">New</Badge>}
          </Group>
        </Group>
        <Text fz="xs" c="dimmed">
          {folder === 'inbox' ? 'From' : 'To'} {folder === 'inbox' ? message.sender_username : message.recipient_username} · {timeOf(message.created_at)}
        </Text>
        {/* Plain text: React escapes it, and a link stays text (never an anchor). */}
        <Text fz="sm" style={{ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' }} data-testid="message-body">
          {message.body}
        </Text>
        <Group gap="xs">
          {unread && (
            <Button size="compact-xs" variant="light" onClick={() => actions.read.mutate({ id: message.id })} data-testid="message-read">
              Mark read
            </Button>
          )}
          {folder === 'inbox' && message.sender_id !== null && (
            <Button size="compact-xs" variant="light" onClick={() => openCompose(message.sender_username)}>
              Reply
            </Button>
          )}
          {folder === 'inbox' && (
            <Button
              size="compact-xs"
              variant="subtle"
              color="orange"
              onClick={() => actions.report.mutate({ id: message.id }, { onSuccess: () => showSuccess('Message reported to the operators.') })}
              data-testid="message-report"
            >
              Report
            </Button>
          )}
          <Button size="compact-xs" variant="subtle" color="red" onClick={() => actions.remove.mutate({ id: message.id })} data-testid="message-delete">
            Delete
          </Button>
        </Group>
      </Stack>
    </Paper>
  );
}

/** A page of a folder, grouped by the other player (newest conversation first). */
export function MessageList({ messages, folder }: { messages: readonly MessageItem[]; folder: Folder }) {
  return (
    <Stack gap="md">
      {conversations(messages, folder).map((c) => (
        <Stack key={c.otherId ?? 'deleted'} gap={6} data-testid="conversation">
          <Text fw={600} fz="sm">
            {c.otherId === null ? c.otherName : <PlayerName id={c.otherId} name={c.otherName} />} <Text span c="dimmed" fz="xs">({c.messages.length})</Text>
          </Text>
          {c.messages.map((m) => (
            <MessageCard key={m.id} message={m} folder={folder} />
          ))}
        </Stack>
      ))}
    </Stack>
  );
}

import { ActionIcon, Box, Group, Paper, Text, ThemeIcon, Tooltip } from '@mantine/core';
import { IconCheck } from '@tabler/icons-react';
import { formatDate, formatTimeAgo } from '../../lib/format';
import { cssColour } from './card-parts';
import { NotificationBody } from './notification-body';
import { iconFor } from './notification-icon';
import { GROUP_COLOUR, colourGroup, refText, type NotificationItem } from './notification-types';

export interface NotificationCardProps {
  notification: NotificationItem;
  /** The per-card 'mark as read' action (shown on unread cards). */
  onMarkRead?: (n: NotificationItem) => void;
  /** Clicking the card (the page marks it read). */
  onClick?: (n: NotificationItem) => void;
  now?: number;
}

/** One notification: icon, title, 'time ago', 'Ref:', and a body chosen by type. Unread is bright, read is dimmed and neutral. */
export function NotificationCard({ notification: n, onMarkRead, onClick, now }: NotificationCardProps) {
  const colour = GROUP_COLOUR[colourGroup(n.message_type)];
  const Icon = iconFor(n.message_type);
  const ref = refText(n.message_type, n.related_object_id);
  const markRead = onMarkRead ? () => onMarkRead(n) : undefined;
  return (
    <Paper
      p="sm"
      radius="md"
      withBorder
      data-testid="notification-card"
      data-notification-id={n.id}
      data-read={n.is_read}
      data-colour={colour}
      onClick={onClick ? () => onClick(n) : undefined}
      style={{
        cursor: onClick ? 'pointer' : undefined,
        borderLeft: `4px solid ${n.is_read ? cssColour('dark.3') : cssColour(`${colour}.6`)}`,
        background: n.is_read ? 'var(--bs-glass)' : `color-mix(in srgb, ${cssColour(`${colour}.9`)} 28%, var(--bs-glass-strong))`,
        opacity: n.is_read ? 0.62 : 1,
      }}
    >
      <Group align="flex-start" wrap="nowrap" gap="sm">
        <ThemeIcon variant={n.is_read ? 'default' : 'light'} color={n.is_read ? 'gray' : colour} radius="xl" size="lg">
          <Icon size={18} />
        </ThemeIcon>
        <Box style={{ flex: 1, minWidth: 0 }}>
          <Group justify="space-between" wrap="nowrap" gap="xs" align="flex-start">
            <Text component="div" fw={n.is_read ? 500 : 700} size="sm" style={{ wordBreak: 'break-word' }}>
              {n.title}
            </Text>
            <Group gap={4} wrap="nowrap">
              <Tooltip label={formatDate(n.created_at)}>
                <Text component="div" size="xs" c="dimmed" style={{ whiteSpace: 'nowrap' }}>
                  {formatTimeAgo(n.created_at, now)}
                </Text>
              </Tooltip>
              {markRead && !n.is_read && (
                <Tooltip label="Mark as read">
                  <ActionIcon
                    size="sm"
                    variant="subtle"
                    color="acid"
                    aria-label="Mark as read"
                    onClick={(event) => {
                      event.stopPropagation();
                      markRead();
                    }}
                  >
                    <IconCheck size={14} />
                  </ActionIcon>
                </Tooltip>
              )}
            </Group>
          </Group>
          <Box mt={4}>
            <NotificationBody n={n} {...(markRead ? { onMarkRead: markRead } : onClick ? { onMarkRead: () => onClick(n) } : {})} />
          </Box>
          {ref && (
            <Text component="div" size="xs" c="dimmed" ff="monospace" mt={4}>
              {ref}
            </Text>
          )}
        </Box>
      </Group>
    </Paper>
  );
}

import { Alert, Button, Center, Loader, Stack, Text } from '@mantine/core';
import { errorDetail } from '../../lib/api-errors';
import { NotificationCard } from './notification-card';
import type { NotificationItem } from './notification-types';

export interface NotificationListProps {
  items: NotificationItem[];
  isLoading: boolean;
  error: unknown;
  emptyText: string;
  onRetry: () => void;
  onMarkRead?: (n: NotificationItem) => void;
  onCardClick?: (n: NotificationItem) => void;
}

/** Cards, or the loading, error ('Error loading notifications: ...' with 'Try Again') and empty states. */
export function NotificationList({ items, isLoading, error, emptyText, onRetry, onMarkRead, onCardClick }: NotificationListProps) {
  if (isLoading) {
    return (
      <Center py="xl">
        <Loader size="sm" color="acid" />
      </Center>
    );
  }
  if (error) {
    return (
      <Alert color="red" variant="light" title="Could not load notifications">
        <Text component="div" size="sm">Error loading notifications: {errorDetail(error)}</Text>
        <Button size="xs" mt="xs" variant="light" color="red" onClick={onRetry}>
          Try Again
        </Button>
      </Alert>
    );
  }
  if (items.length === 0) {
    return (
      <Text component="div" c="dimmed" ta="center" py="xl" data-testid="notifications-empty">
        {emptyText}
      </Text>
    );
  }
  const now = Date.now();
  return (
    <Stack gap="xs">
      {items.map((n) => (
        <NotificationCard
          key={n.id}
          notification={n}
          now={now}
          {...(onMarkRead ? { onMarkRead } : {})}
          {...(onCardClick ? { onClick: onCardClick } : {})}
        />
      ))}
    </Stack>
  );
}

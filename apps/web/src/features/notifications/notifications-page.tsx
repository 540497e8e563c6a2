import { useState } from 'react';
import { Button, Checkbox, Group, Stack, Title } from '@mantine/core';
import { navigateTo } from '../../lib/navigation';
import { CardEnvironmentContext } from './card-context';
import { NotificationList } from './notification-list';
import { PAGE_FILTERS, PAGE_SIZE, emptyPageText, listInput, type NotificationItem, type PageFilterKey } from './notification-types';
import { useMarkRead, useNotificationPage } from './use-notifications';

const FILTER_KEYS = Object.keys(PAGE_FILTERS) as PageFilterKey[];
const toDashboard = { onNavigate: () => navigateTo('/dashboard') };

/**
 * The /notifications page body: filters, 'Show Read', newest first, offset paging. The route
 * (routes/notifications.tsx) supplies the header, the back link and the signed-in check.
 */
export function NotificationsPage() {
  const [filterKey, setFilterKey] = useState<PageFilterKey>('all');
  const [showRead, setShowRead] = useState(false);
  const [page, setPage] = useState(0);
  const filter = PAGE_FILTERS[filterKey];
  const query = useNotificationPage(listInput(filter, showRead), page);
  const markRead = useMarkRead();
  const items = query.data ?? [];
  const open = (n: NotificationItem) => {
    if (!n.is_read) markRead.mutate({ id: n.id });
  };
  const choose = (key: PageFilterKey) => {
    setFilterKey(key);
    setPage(0);
  };

  return (
    <Stack gap="md">
      <Group justify="space-between" align="flex-end">
        <Title order={2}>Notifications</Title>
        <Checkbox
          label="Show Read"
          checked={showRead}
          onChange={(e) => {
            setShowRead(e.currentTarget.checked);
            setPage(0);
          }}
        />
      </Group>
      <Group gap={6} role="group" aria-label="Filter notifications">
        {FILTER_KEYS.map((key) => (
          <Button key={key} size="xs" radius="xl" variant={key === filterKey ? 'filled' : 'default'} color="acid" onClick={() => choose(key)} aria-pressed={key === filterKey}>
            {PAGE_FILTERS[key].label}
          </Button>
        ))}
      </Group>
      <CardEnvironmentContext.Provider value={toDashboard}>
        <NotificationList
          items={items}
          isLoading={query.isLoading}
          error={query.error}
          emptyText={emptyPageText(filter, showRead)}
          onRetry={() => void query.refetch()}
          onCardClick={open}
        />
      </CardEnvironmentContext.Provider>
      <Group justify="center">
        {page > 0 && (
          <Button variant="default" onClick={() => setPage((p) => Math.max(0, p - 1))}>
            Previous Page
          </Button>
        )}
        {items.length === PAGE_SIZE && (
          <Button variant="light" color="brood" loading={query.isFetching && query.isPlaceholderData} onClick={() => setPage((p) => p + 1)}>
            Load More Notifications
          </Button>
        )}
      </Group>
    </Stack>
  );
}

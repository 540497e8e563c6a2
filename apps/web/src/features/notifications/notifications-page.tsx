import { useState } from 'react';
import { Button, Checkbox, Group, Stack, Title } from '@mantine/core';
import { navigateTo } from '../../lib/navigation';
import { CardEnvironmentContext } from './card-context';
import { NotificationList } from './notification-list';
import { PAGE_FILTERS, emptyPageText, listInput, type NotificationItem, type PageFilterKey } from './notification-types';
import { useMarkRead, useNotificationFeed } from './use-notifications';

const FILTER_KEYS = Object.keys(PAGE_FILTERS) as PageFilterKey[];
const toDashboard = { onNavigate: () => navigateTo('/dashboard') };

/**
 * The /notifications page body: filters, 'Show Read', newest first. 'Load More Notifications' adds
 * the next 20 under those shown; 'Previous Page' takes the last 20 added away again. The route
 * (routes/notifications.tsx) supplies the header, the back link and the signed-in check.
 */
export function NotificationsPage() {
  const [filterKey, setFilterKey] = useState<PageFilterKey>('all');
  const [showRead, setShowRead] = useState(false);
  /** How many loaded pages are shown. */
  const [shown, setShown] = useState(1);
  const filter = PAGE_FILTERS[filterKey];
  const query = useNotificationFeed(listInput(filter, showRead), true, 'page');
  const markRead = useMarkRead();
  const pages = query.data?.pages ?? [];
  const items = pages.slice(0, shown).flat();
  const more = pages.length > shown || query.hasNextPage;
  const loadMore = () => {
    if (pages.length <= shown) void query.fetchNextPage();
    setShown(shown + 1);
  };
  const open = (n: NotificationItem) => {
    if (!n.is_read) markRead.mutate({ id: n.id });
  };
  const choose = (key: PageFilterKey) => {
    setFilterKey(key);
    setShown(1);
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
            setShown(1);
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
        {shown > 1 && (
          <Button variant="default" onClick={() => setShown(shown - 1)}>
            Previous Page
          </Button>
        )}
        {more && (
          <Button variant="light" color="brood" loading={query.isFetchingNextPage} onClick={loadMore}>
            Load More Notifications
          </Button>
        )}
      </Group>
    </Stack>
  );
}

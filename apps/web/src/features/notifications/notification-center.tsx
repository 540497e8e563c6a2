import { useState } from 'react';
import { ActionIcon, Button, Checkbox, Chip, Group, Modal, Stack, Tooltip } from '@mantine/core';
import { IconChecks, IconExternalLink, IconRefresh } from '@tabler/icons-react';
import { useIsMobile } from '../../components/shell/breakpoints';
import { navigateTo } from '../../lib/navigation';
import { CardEnvironmentContext } from './card-context';
import { NotificationList } from './notification-list';
import { CENTRE_FILTERS, listInput, type CentreFilterKey } from './notification-types';
import { useMarkAllRead, useMarkRead, useNotificationFeed } from './use-notifications';

const FILTER_KEYS = Object.keys(CENTRE_FILTERS) as CentreFilterKey[];

/** The notification centre: filters, 'Show Read', refresh, 'Load More', and mark-as-read per card. */
export function NotificationCenter({ opened, onClose }: { opened: boolean; onClose: () => void }) {
  const [filterKey, setFilterKey] = useState<CentreFilterKey>('all');
  const [showRead, setShowRead] = useState(false);
  const filter = CENTRE_FILTERS[filterKey];
  const feed = useNotificationFeed(listInput(filter, showRead), opened);
  const markRead = useMarkRead();
  const markAll = useMarkAllRead();
  const items = feed.data?.pages.flat() ?? [];
  const isMobile = useIsMobile();

  return (
    <Modal opened={opened} onClose={onClose} title="Notifications" size="lg" fullScreen={isMobile} data-testid="notification-center">
      <CardEnvironmentContext.Provider value={{ onNavigate: onClose }}>
        <Stack gap="sm">
          <Chip.Group multiple={false} value={filterKey} onChange={(v) => setFilterKey(v as CentreFilterKey)}>
            <Group gap={6} wrap="wrap" role="radiogroup" aria-label="Filter notifications">
              {FILTER_KEYS.map((key) => (
                <Chip key={key} value={key} size="xs" color="acid" variant="outline">
                  {CENTRE_FILTERS[key].label}
                </Chip>
              ))}
            </Group>
          </Chip.Group>
          <Group justify="space-between">
            <Checkbox
              label="Show Read"
              checked={filterKey === 'unread' ? false : showRead}
              disabled={filterKey === 'unread'}
              onChange={(e) => setShowRead(e.currentTarget.checked)}
            />
            <Group gap={6}>
              <Tooltip label="Mark all as read">
                <ActionIcon variant="subtle" aria-label="Mark all as read" loading={markAll.isPending} onClick={() => markAll.mutate()}>
                  <IconChecks size={18} />
                </ActionIcon>
              </Tooltip>
              <Tooltip label="Refresh">
                <ActionIcon variant="subtle" aria-label="Refresh" loading={feed.isRefetching} onClick={() => void feed.refetch()}>
                  <IconRefresh size={18} />
                </ActionIcon>
              </Tooltip>
              <Tooltip label="Open the notifications page">
                <ActionIcon
                  variant="subtle"
                  aria-label="Open the notifications page"
                  onClick={() => {
                    onClose();
                    navigateTo('/notifications');
                  }}
                >
                  <IconExternalLink size={18} />
                </ActionIcon>
              </Tooltip>
            </Group>
          </Group>
          <NotificationList
            items={items}
            isLoading={feed.isLoading}
            error={feed.error}
            emptyText="No notifications found."
            onRetry={() => void feed.refetch()}
            onMarkRead={(n) => markRead.mutate({ id: n.id })}
          />
          {feed.hasNextPage && (
            <Button variant="light" color="brood" loading={feed.isFetchingNextPage} onClick={() => void feed.fetchNextPage()}>
              Load More
            </Button>
          )}
        </Stack>
      </CardEnvironmentContext.Provider>
    </Modal>
  );
}

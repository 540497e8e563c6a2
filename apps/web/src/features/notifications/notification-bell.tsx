import { useState } from 'react';
import { ActionIcon, Indicator, Tooltip } from '@mantine/core';
import { IconBell } from '@tabler/icons-react';
import { NotificationCenter } from './notification-center';
import { badgeLabel, useUnreadCount } from './use-notifications';

/** The navbar bell: unread count as a badge ('9+' over nine); opens the notification centre. */
export function NotificationBell() {
  const [opened, setOpened] = useState(false);
  const { data } = useUnreadCount();
  const label = badgeLabel(data?.unread_count);
  return (
    <>
      <Tooltip label="Notifications">
        <Indicator
          label={label ? <span data-testid="notification-badge">{label}</span> : null}
          disabled={!label}
          size={18}
          offset={4}
          color="red"
          inline
        >
          <ActionIcon variant="subtle" size="lg" aria-label="Notifications" data-testid="notification-bell" onClick={() => setOpened(true)}>
            <IconBell size={22} />
          </ActionIcon>
        </Indicator>
      </Tooltip>
      <NotificationCenter opened={opened} onClose={() => setOpened(false)} />
    </>
  );
}

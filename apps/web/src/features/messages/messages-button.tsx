import { ActionIcon, Indicator, Tooltip } from '@mantine/core';
import { Link } from '@tanstack/react-router';
import { IconMail } from '@tabler/icons-react';
import { badgeLabel } from '../notifications';
import { useUnreadMessages } from './use-messages';

/** Beside the bell: the unread messages count ('9+' over nine), opening /messages. */
export function MessagesButton() {
  const { data } = useUnreadMessages();
  const label = badgeLabel(data?.count);
  return (
    <Tooltip label="Messages">
      <Indicator label={label ? <span data-testid="messages-badge">{label}</span> : null} disabled={!label} size={18} offset={4} color="red" inline>
        <ActionIcon component={Link} to="/messages" variant="subtle" size="lg" aria-label="Messages" data-testid="messages-button">
          <IconMail size={22} />
        </ActionIcon>
      </Indicator>
    </Tooltip>
  );
}

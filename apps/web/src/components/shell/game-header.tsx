import { Box, Button, Group, Stack, UnstyledButton } from '@mantine/core';
import { Link } from '@tanstack/react-router';
import { TerritoryPicker } from '../../features/territories';
import { NotificationBell } from '../../features/notifications';
import { ComposeModal, MessagesButton, PlayerCardModal } from '../../features/messages';
import { QueueButton } from '../../features/queue';
import { useAuthStore } from '../../stores/auth-store';
import { BroodLogo } from '../brand';
import { AccountModals, useAccountModals } from '../account/account-modals';
import { ExpiryCountdown } from '../account/expiry-countdown';
import { UserMenu } from '../account/user-menu';
import { useIsMobile } from './breakpoints';

const BAR = 60;
const GUEST_STRIP = 36;

/** Header height for AppShell: phones give a guest's countdown its own strip under the bar. */
export function useHeaderHeight(): number {
  const isMobile = useIsMobile();
  const isGuest = useAuthStore((s) => s.currentUser?.is_test_account === true);
  return isMobile && isGuest ? BAR + GUEST_STRIP : BAR;
}

/** Phones: 'Expires in ...' and a Claim button on a strip of their own. */
function GuestStrip() {
  const expiresAt = useAuthStore((s) => s.currentUser?.expires_at);
  const openClaim = useAccountModals((s) => s.openClaim);
  return (
    <Group h={GUEST_STRIP} px="xs" justify="space-between" wrap="nowrap" style={{ borderTop: '1px solid var(--bs-edge)' }}>
      <ExpiryCountdown expiresAt={expiresAt} onClick={openClaim} />
      <Button size="compact-xs" variant="light" onClick={openClaim}>
        Claim Account
      </Button>
    </Group>
  );
}

/**
 * Top bar of every signed-in screen: logo, territory picker, bell, guest countdown and user menu; with
 * `queueButton`, also the queue button (where the queue panel is not beside the tab).
 */
export function GameHeader({ queueButton = false }: { queueButton?: boolean }) {
  const isMobile = useIsMobile();
  const isGuest = useAuthStore((s) => s.currentUser?.is_test_account === true);
  return (
    <Stack gap={0} h="100%">
      <Group h={BAR} px={{ base: 'xs', sm: 'md' }} gap={isMobile ? 8 : 'lg'} wrap="nowrap" justify="space-between">
        <Group gap={isMobile ? 8 : 'xl'} wrap="nowrap" miw={0} style={{ flex: 1 }}>
          <UnstyledButton component={Link} to="/dashboard" aria-label="Broodspace dashboard">
            <BroodLogo size={isMobile ? 30 : 32} compact={isMobile} />
          </UnstyledButton>
          <Box miw={0} style={{ flex: 1, maxWidth: 360 }}>
            <TerritoryPicker />
          </Box>
        </Group>
        <Group gap={isMobile ? 6 : 'md'} wrap="nowrap">
          {queueButton && <QueueButton />}
          <MessagesButton />
          <NotificationBell />
          <UserMenu compact={isMobile} showExpiry={!isMobile} />
        </Group>
      </Group>
      {isMobile && isGuest && <GuestStrip />}
      <AccountModals />
      <PlayerCardModal />
      <ComposeModal />
    </Stack>
  );
}

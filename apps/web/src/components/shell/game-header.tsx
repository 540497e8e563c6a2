import { Box, Group, UnstyledButton } from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import { Link } from '@tanstack/react-router';
import { TerritoryPicker } from '../../features/territories';
import { NotificationBell } from '../../features/notifications';
import { BroodLogo } from '../brand';
import { UserMenu } from '../account/user-menu';
import { MOBILE_QUERY } from './breakpoints';

/** Top bar of every signed-in screen: logo, territory picker, bell, guest countdown and user menu. */
export function GameHeader() {
  const isMobile = useMediaQuery(MOBILE_QUERY) ?? false;
  return (
    <Group h="100%" px={{ base: 'xs', sm: 'md' }} gap={isMobile ? 8 : 'lg'} wrap="nowrap" justify="space-between">
      <Group gap={isMobile ? 8 : 'xl'} wrap="nowrap" miw={0} style={{ flex: 1 }}>
        <UnstyledButton component={Link} to="/dashboard" aria-label="Broodspace dashboard">
          <BroodLogo size={isMobile ? 30 : 32} compact={isMobile} />
        </UnstyledButton>
        <Box miw={0} style={{ flex: 1, maxWidth: 320 }}>
          <TerritoryPicker />
        </Box>
      </Group>
      <Group gap={isMobile ? 6 : 'md'} wrap="nowrap">
        <NotificationBell />
        <UserMenu compact={isMobile} />
      </Group>
    </Group>
  );
}

import { useState } from 'react';
import { Group, Menu, Skeleton, Stack, Text, UnstyledButton } from '@mantine/core';
import { IconChevronDown, IconDownload, IconLogout, IconPhotoEdit, IconSettings, IconShieldCheck, IconShieldLock, IconTrash, IconTrophy } from '@tabler/icons-react';
import { useQueryClient } from '@tanstack/react-query';
import { useNavigate } from '@tanstack/react-router';
import { formatLargeNumber, formatRank } from '../../lib/format';
import { useOverallRank } from '../../features/rank/rank-queries';
import { logout } from '../../lib/session';
import { useAuthStore } from '../../stores/auth-store';
import { useUiStore } from '../../stores/ui-store';
import { BroodAvatar } from '../avatar/brood-avatar';
import { useIsOperator } from '../../features/admin/admin-queries';
import { useAccountModals } from './account-modals';
import { ExpiryCountdown } from './expiry-countdown';
import { useDownloadMyData } from './download-data';
import { VacationBadge, VacationMenuItem } from '../../features/fair-play';

export interface UserMenuProps {
  /** Hide name and score next to the avatar (phones). */
  compact?: boolean;
  /** The player's overall rank (read from the highscores when not given). */
  rank?: number | null;
  /** Show a guest's expiry countdown beside the avatar (click: claim). */
  showExpiry?: boolean;
}

/** Avatar, name and score; the menu changes avatar, claims a guest account, downloads the player's data, deletes the account and logs out. */
export function UserMenu({ compact = false, rank: givenRank, showExpiry = true }: UserMenuProps) {
  const user = useAuthStore((s) => s.currentUser);
  const overallRank = useOverallRank();
  const rank = givenRank ?? overallRank;
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  const { openAvatar, openClaim, openDelete } = useAccountModals();
  const downloadMyData = useDownloadMyData();
  const [menuOpened, setMenuOpened] = useState(false);
  const { isOperator } = useIsOperator();

  if (!user) {
    return (
      <Group gap="xs" wrap="nowrap" aria-label="Loading profile">
        <Skeleton circle height={36} />
        {!compact && <Skeleton height={12} width={90} radius="sm" />}
      </Group>
    );
  }

  const scoreLine = `Score ${formatLargeNumber(user.score)} · Rank ${formatRank(rank)}`;
  const openRank = () => {
    useUiStore.getState().requestMainTab('RANK');
    void navigate({ to: '/dashboard' });
  };

  return (
    <Group gap={compact ? 8 : 'md'} wrap="nowrap">
      {showExpiry && user.is_test_account && <ExpiryCountdown expiresAt={user.expires_at} compact={compact} onClick={openClaim} />}
      <VacationBadge user={user} compact={compact} />
      <Menu opened={menuOpened} onChange={setMenuOpened} position="bottom-end" width={260} offset={8}>
        {/* Named by its visible text where it shows some (the name must hold what is seen); by a label when compact. */}
        <Menu.Target>
          <UnstyledButton aria-label={compact ? `Account menu for ${user.username}` : undefined} data-testid="user-menu">
            <Group gap={10} wrap="nowrap">
              <BroodAvatar avatarId={user.avatar_id} size={36} label={`${user.username}'s avatar`} />
              {!compact && (
                <Stack gap={0} miw={0}>
                  <Text fw={700} fz="sm" truncate maw={150}>
                    {user.username}
                  </Text>
                  <Text fz="xs" c="dimmed" truncate maw={150}>
                    {scoreLine}
                  </Text>
                </Stack>
              )}
              {!compact && <IconChevronDown size={14} color="var(--mantine-color-dark-2)" />}
            </Group>
          </UnstyledButton>
        </Menu.Target>
        <Menu.Dropdown className="bs-glass">
          <Menu.Label>
            <Group gap="sm" wrap="nowrap">
              <BroodAvatar avatarId={user.avatar_id} size={40} />
              <Stack gap={0} miw={0}>
                <Text fw={700} c="bright" truncate>
                  {user.username}
                </Text>
                <Text fz="xs" c="dimmed" truncate>
                  {user.is_test_account ? 'Guest commander' : 'Commander'}
                  {user.alliance_membership ? ` · [${user.alliance_membership.alliance_tag}] ${user.alliance_membership.alliance_name}` : ''}
                </Text>
              </Stack>
            </Group>
          </Menu.Label>
          <Menu.Item leftSection={<IconTrophy size={16} />} onClick={openRank}>
            {scoreLine}
          </Menu.Item>
          {user.is_test_account && (
            <Menu.Label>
              <ExpiryCountdown expiresAt={user.expires_at} />
            </Menu.Label>
          )}
          <Menu.Divider />
          <Menu.Item leftSection={<IconPhotoEdit size={16} />} onClick={openAvatar}>
            Change Avatar
          </Menu.Item>
          {user.is_test_account && (
            <Menu.Item leftSection={<IconShieldCheck size={16} />} color="acid" onClick={openClaim}>
              Claim Account
            </Menu.Item>
          )}
          <Menu.Item leftSection={<IconSettings size={16} />} onClick={() => void navigate({ to: '/settings' })} data-testid="settings-link">
            Settings
          </Menu.Item>
          <VacationMenuItem user={user} />
          {isOperator && (
            <Menu.Item leftSection={<IconShieldLock size={16} />} onClick={() => void navigate({ to: '/admin' })} data-testid="admin-link">
              Admin
            </Menu.Item>
          )}
          <Menu.Item leftSection={<IconDownload size={16} />} onClick={() => void downloadMyData(user.username)} data-testid="download-data">
            Download My Data
          </Menu.Item>
          {!user.is_test_account && (
            <Menu.Item leftSection={<IconTrash size={16} />} color="red" onClick={openDelete} data-testid="delete-account">
              Delete Account
            </Menu.Item>
          )}
          <Menu.Divider />
          <Menu.Item leftSection={<IconLogout size={16} />} color="red" onClick={() => logout(queryClient)}>
            Logout
          </Menu.Item>
        </Menu.Dropdown>
      </Menu>
    </Group>
  );
}

import { AppShell, Anchor, Container, Group, Stack, Text } from '@mantine/core';
import { IconArrowLeft } from '@tabler/icons-react';
import { useDocumentTitle } from '@mantine/hooks';
import { Link } from '@tanstack/react-router';
import { NotificationsPage } from '../features/notifications';
import { GameHeader, useHeaderHeight } from '../components/shell/game-header';
import { PanelBoundary } from '../components/shell/panel-boundary';
import { useAuthStore } from '../stores/auth-store';

export const LOGIN_REQUIRED = 'Please log in to view this page.';

/** /notifications: the signed-in player's notifications page under the common header. */
export function NotificationsRoutePage() {
  const signedIn = useAuthStore((s) => s.isAuthenticated);
  const headerHeight = useHeaderHeight();
  useDocumentTitle('Notifications · Broodspace');
  return (
    <AppShell
      header={{ height: headerHeight }}
      padding={{ base: 'xs', sm: 'md' }}
      styles={{ header: { background: 'var(--bs-glass-strong)', borderColor: 'var(--bs-edge)' } }}
    >
      <AppShell.Header>
        <GameHeader />
      </AppShell.Header>
      <AppShell.Main>
        <Container size="lg" px={0}>
          <Stack gap="md">
            <Group>
              <Anchor component={Link} to="/dashboard" fz="sm" c="dimmed">
                <Group gap={4}>
                  <IconArrowLeft size={14} /> Back to dashboard
                </Group>
              </Anchor>
            </Group>
            {signedIn ? (
              <PanelBoundary name="Notifications">
                <NotificationsPage />
              </PanelBoundary>
            ) : (
              <Text>{LOGIN_REQUIRED}</Text>
            )}
          </Stack>
        </Container>
      </AppShell.Main>
    </AppShell>
  );
}

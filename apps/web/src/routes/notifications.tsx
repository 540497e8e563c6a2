import '../no-eval';
import { AppShell, Anchor, Button, Center, Container, Group, Paper, Stack, Text } from '@mantine/core';
import { IconArrowLeft, IconLogin } from '@tabler/icons-react';
import { useDocumentTitle } from '@mantine/hooks';
import { Link } from '@tanstack/react-router';
import { NotificationsPage } from '../features/notifications';
import { BroodLogo } from '../components/brand';
import { GameHeader, useHeaderHeight } from '../components/shell/game-header';
import { PanelBoundary } from '../components/shell/panel-boundary';
import { SHELL_STYLES } from '../components/shell/shell-styles';
import { useAuthStore } from '../stores/auth-store';
import { AuthenticatedLayout } from './authenticated-layout';

export const LOGIN_REQUIRED = 'Please log in to view this page.';
const HERE = '/notifications';

/** /notifications: the page for a signed-in player; a visitor reads 'Please log in to view this page.' and a login link (social 2.1). */
export function NotificationsRoute() {
  const signedIn = useAuthStore((s) => s.isAuthenticated);
  useDocumentTitle('Notifications · Broodspace');
  if (!signedIn) return <LoginRequired />;
  return (
    <AuthenticatedLayout>
      <NotificationsRoutePage />
    </AuthenticatedLayout>
  );
}

/** The visitor's view: the spec's sentence and the way in, which brings them back here after signing in. */
export function LoginRequired() {
  return (
    <Center mih="100dvh" p="md">
      <Paper className="bs-glass" p="xl" maw={440} w="100%">
        <Stack align="center" gap="md" ta="center">
          <BroodLogo size={40} />
          <Text fw={600} data-testid="login-required">
            {LOGIN_REQUIRED}
          </Text>
          <Button renderRoot={(props) => <Link to="/login" search={{ redirect: HERE }} {...props} />} leftSection={<IconLogin size={16} />}>
            Log in
          </Button>
        </Stack>
      </Paper>
    </Center>
  );
}

/** The signed-in player's notifications page under the common header. */
export function NotificationsRoutePage() {
  const headerHeight = useHeaderHeight();
  return (
    <AppShell
      header={{ height: headerHeight }}
      padding={{ base: 'xs', sm: 'md' }}
      styles={{ header: SHELL_STYLES.header }}
    >
      <AppShell.Header>
        <GameHeader queueButton />
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
            <PanelBoundary name="Notifications">
              <NotificationsPage />
            </PanelBoundary>
          </Stack>
        </Container>
      </AppShell.Main>
    </AppShell>
  );
}

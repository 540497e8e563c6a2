// First: zod's eval probe is switched off before any game module builds a schema (see no-eval.ts).
import '../no-eval';
import '../full-styles';
import { ModalsProvider } from '@mantine/modals';
import { Button, Center, Group, Paper, Stack, Text, Title } from '@mantine/core';
import { IconLogout, IconRefresh, IconAlertTriangle } from '@tabler/icons-react';
import { useQueryClient } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { Navigate, Outlet } from '@tanstack/react-router';
import { useSessionLoader } from '../hooks/use-session';
import { logout } from '../lib/session';
import { SessionServices } from '../components/session/session-services';

/**
 * The guarded part of the app: loads the profile and shows its error phase with Retry and Logout; renders
 * `children` when given (a page outside the guarded routes), else the child route.
 */
export function AuthenticatedLayout({ children }: { children?: ReactNode }) {
  const session = useSessionLoader();
  const queryClient = useQueryClient();

  if (session.phase === 'unauthenticated') return <Navigate to="/login" replace />;

  if (session.phase === 'error') {
    return (
      <Center mih="100dvh" p="md">
        <Paper className="bs-glass" p="xl" maw={480} w="100%">
          <Stack align="center" gap="md" ta="center">
            <IconAlertTriangle size={44} color="var(--mantine-color-red-5)" />
            <Title order={3}>Connection to the hive lost</Title>
            <Text role="alert">Error loading user data: {session.errorMessage}</Text>
            <Group justify="center">
              <Button leftSection={<IconRefresh size={16} />} onClick={session.retry} loading={session.isFetching}>
                Retry
              </Button>
              <Button variant="default" leftSection={<IconLogout size={16} />} onClick={() => logout(queryClient)}>
                Logout
              </Button>
            </Group>
          </Stack>
        </Paper>
      </Center>
    );
  }

  return (
    <ModalsProvider>
      <SessionServices />
      {children ?? <Outlet />}
    </ModalsProvider>
  );
}

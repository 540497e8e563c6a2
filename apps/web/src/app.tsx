import { MantineProvider } from '@mantine/core';
import { ModalsProvider } from '@mantine/modals';
import { Notifications } from '@mantine/notifications';
import { QueryClientProvider } from '@tanstack/react-query';
import { RouterProvider } from '@tanstack/react-router';
import { router } from './router';
import { cssVariablesResolver, theme } from './theme';
import { queryClient, TRPCProvider, vanilla } from './trpc';
import { TOAST_LIMIT } from './lib/toast';

/** Providers in dependency order: theme, data (React Query + tRPC), then the routes. */
export function App() {
  return (
    <MantineProvider theme={theme} forceColorScheme="dark" cssVariablesResolver={cssVariablesResolver}>
      <Notifications limit={TOAST_LIMIT} position="top-right" zIndex={4000} />
      <QueryClientProvider client={queryClient}>
        <TRPCProvider queryClient={queryClient} trpcClient={vanilla}>
          <ModalsProvider>
            <RouterProvider router={router} />
          </ModalsProvider>
        </TRPCProvider>
      </QueryClientProvider>
    </MantineProvider>
  );
}

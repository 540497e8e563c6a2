import { MantineProvider } from '@mantine/core';
import { QueryClientProvider } from '@tanstack/react-query';
import { RouterProvider } from '@tanstack/react-router';
import { router } from './router';
import { cssVariablesResolver, theme } from './theme';
import { queryClient, TRPCProvider, vanilla } from './trpc';
import { Toasts } from './components/shell/toasts';

/** Providers in dependency order: theme, data (React Query + tRPC), then the routes. */
export function App() {
  return (
    <MantineProvider theme={theme} forceColorScheme="dark" cssVariablesResolver={cssVariablesResolver}>
      <Toasts />
      <QueryClientProvider client={queryClient}>
        <TRPCProvider queryClient={queryClient} trpcClient={vanilla}>
          {/* Modals belong to the signed-in pages: AuthenticatedLayout provides them (so /login loads no Modal). */}
          <RouterProvider router={router} />
        </TRPCProvider>
      </QueryClientProvider>
    </MantineProvider>
  );
}

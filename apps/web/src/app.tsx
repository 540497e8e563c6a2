import { lazy, Suspense } from 'react';
import { MantineProvider } from '@mantine/core';
import { QueryClientProvider } from '@tanstack/react-query';
import { RouterProvider } from '@tanstack/react-router';
import { router } from './router';
import { cssVariablesResolver, theme } from './theme';
import { queryClient, TRPCProvider, vanilla } from './trpc';

// The toasts (Mantine's notifications and their transitions) load after the first page: a toast shown
// before they mount waits in the notifications store and appears when they do.
const Toasts = lazy(() => import('./components/shell/toasts').then((m) => ({ default: m.Toasts })));

/** Providers in dependency order: theme, data (React Query + tRPC), then the routes. */
export function App() {
  return (
    <MantineProvider theme={theme} forceColorScheme="dark" cssVariablesResolver={cssVariablesResolver}>
      <Suspense fallback={null}>
        <Toasts />
      </Suspense>
      <QueryClientProvider client={queryClient}>
        <TRPCProvider queryClient={queryClient} trpcClient={vanilla}>
          {/* Modals belong to the signed-in pages: AuthenticatedLayout provides them (so /login loads no Modal). */}
          <RouterProvider router={router} />
        </TRPCProvider>
      </QueryClientProvider>
    </MantineProvider>
  );
}

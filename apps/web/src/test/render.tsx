import type { ReactElement, ReactNode } from 'react';
import { MantineProvider } from '@mantine/core';
import { Notifications } from '@mantine/notifications';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { TRPCClientError, createTRPCClient, type TRPCLink } from '@trpc/client';
import { observable } from '@trpc/server/observable';
import { render } from '@testing-library/react';
import type { AppRouter } from '@brood/api';
import { TRPCProvider } from '../trpc';
import { theme } from '../theme';

export type Answer = (path: string, input: unknown) => unknown;

/**
 * A tRPC client whose link answers calls in-process: `answer(path, input)` returns the result or
 * throws; every call is recorded. Component tests use it instead of a server. A query the test does
 * not answer (undefined) fails as a server error would, which is what TanStack Query made of an
 * undefined answer anyway, without its console warning in every test that leaves one unanswered.
 */
export function answeringClient(answer: Answer) {
  const calls: { path: string; input: unknown }[] = [];
  const link: TRPCLink<AppRouter> = () => ({ op }) =>
    observable((observer) => {
      calls.push({ path: op.path, input: op.input });
      Promise.resolve()
        .then(() => answer(op.path, op.input))
        .then((data) => {
          if (data === undefined && op.type === 'query') throw unanswered(op.path);
          observer.next({ result: { type: 'data', data } });
          observer.complete();
        })
        .catch((error: unknown) => observer.error(error as never));
      return () => undefined;
    });
  return { client: createTRPCClient<AppRouter>({ links: [link] }), calls };
}

/** What an unanswered query gets: a 500 naming it. */
const unanswered = (path: string) =>
  TRPCClientError.from({ error: { code: -32603, message: `This test does not answer ${path}.`, data: { code: 'INTERNAL_SERVER_ERROR', httpStatus: 500, path } } } as never);

export function renderWithProviders(ui: ReactElement, answer: Answer = () => undefined) {
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false }, mutations: { retry: false } } });
  const { client, calls } = answeringClient(answer);
  const wrapper = ({ children }: { children: ReactNode }) => (
    <MantineProvider theme={theme} forceColorScheme="dark" env="test">
      <Notifications />
      <QueryClientProvider client={queryClient}>
        <TRPCProvider queryClient={queryClient} trpcClient={client}>
          {children}
        </TRPCProvider>
      </QueryClientProvider>
    </MantineProvider>
  );
  return { ...render(ui, { wrapper }), calls, queryClient };
}

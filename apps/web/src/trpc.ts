import { createTRPCClient, httpBatchLink } from '@trpc/client';
import { createTRPCContext, createTRPCOptionsProxy } from '@trpc/tanstack-react-query';
import { MutationCache, QueryCache, QueryClient } from '@tanstack/react-query';
import superjson from 'superjson';
import type { AppRouter } from '@brood/api';
import { errorStatus, handleApiError, pathFromKey, statusAwareFetch } from './lib/api-errors';
import { expireSession } from './lib/session';
import { useAuthStore } from './stores/auth-store';

/** React bindings: `const trpc = useTRPC(); useQuery(trpc.users.me.queryOptions())`. */
export const { TRPCProvider, useTRPC, useTRPCClient } = createTRPCContext<AppRouter>();

const onSessionExpired = () => expireSession(queryClient);

/** Client errors (4xx) will not change on a second try; network and server errors might. */
function isRetryable(error: unknown): boolean {
  const status = errorStatus(error);
  return status === null || status >= 500 || status === 408 || status === 429;
}

export const queryClient: QueryClient = new QueryClient({
  queryCache: new QueryCache({
    onError: (error, query) => {
      handleApiError(error, { path: pathFromKey(query.queryKey), meta: query.meta, onSessionExpired });
    },
  }),
  mutationCache: new MutationCache({
    onError: (error, _variables, _result, mutation) => {
      handleApiError(error, { path: pathFromKey(mutation.options.mutationKey), meta: mutation.meta, onSessionExpired });
    },
  }),
  defaultOptions: {
    // core §7: default data queries retry once and do not refetch on window focus.
    queries: {
      retry: (failureCount, error) => failureCount < 1 && isRetryable(error),
      refetchOnWindowFocus: false,
    },
    mutations: { retry: false },
  },
});

/** The plain client (outside React: route guards, stores, one-off calls). Bearer token on every call. */
export const vanilla = createTRPCClient<AppRouter>({
  links: [
    httpBatchLink({
      url: '/trpc',
      transformer: superjson,
      fetch: statusAwareFetch,
      headers() {
        const token = useAuthStore.getState().token;
        return token ? { Authorization: `Bearer ${token}` } : {};
      },
    }),
  ],
});

/** Query/mutation options outside React (prefetching, cache updates in non-component code). */
export const trpc = createTRPCOptionsProxy<AppRouter>({ client: vanilla, queryClient });

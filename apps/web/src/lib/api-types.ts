import type { inferRouterInputs, inferRouterOutputs } from '@trpc/server';
import type { AppRouter } from '@brood/api';

/** Every call's payload and answer, straight from the api's routers (never hand-copied). */
export type RouterInputs = inferRouterInputs<AppRouter>;
export type RouterOutputs = inferRouterOutputs<AppRouter>;

/** The signed-in player as users.me returns it. */
export type CurrentUser = RouterOutputs['users']['me'];

import { createRootRoute, createRoute, createRouter, lazyRouteComponent, Outlet, redirect } from '@tanstack/react-router';
import { registerNavigator, safeRedirect } from './lib/navigation';
import { dashboardLanding, tabOfPath } from './lib/tab-paths';
import { useAuthStore } from './stores/auth-store';
import { LoginPage, parseLoginSearch } from './routes/login';
import { RegisterPage } from './routes/register';
import { NotFoundPage } from './routes/not-found';
import { RoutePending } from './routes/route-pending';

const isSignedIn = () => useAuthStore.getState().isAuthenticated;
/** An auth error shown on /login or /register belongs to that visit: leaving the page forgets it. */
const forgetAuthError = () => useAuthStore.getState().setError(null);

const rootRoute = createRootRoute({
  component: Outlet,
  notFoundComponent: NotFoundPage,
});

const loginRoute = createRoute({
  getParentRoute: () => rootRoute,
  path: '/login',
  validateSearch: parseLoginSearch,
  beforeLoad: ({ search }) => {
    if (isSignedIn()) throw redirect({ href: safeRedirect(search.redirect), replace: true });
  },
  onLeave: forgetAuthError,
  component: LoginPage,
});

const registerRoute = createRoute({
  getParentRoute: () => rootRoute,
  path: '/register',
  beforeLoad: () => {
    if (isSignedIn()) throw redirect({ to: '/', replace: true });
  },
  onLeave: forgetAuthError,
  component: RegisterPage,
});

/** Everything below needs a session; the requested location rides along to /login. */
const authenticatedRoute = createRoute({
  getParentRoute: () => rootRoute,
  id: 'authenticated',
  beforeLoad: ({ location }) => {
    if (!isSignedIn()) throw redirect({ to: '/login', search: { redirect: location.href }, replace: true });
  },
  // The session services (real-time socket, game features) load with it: /login and /register stay small.
  component: lazyRouteComponent(() => import('./routes/authenticated-layout'), 'AuthenticatedLayout'),
});

const indexRoute = createRoute({
  getParentRoute: () => authenticatedRoute,
  path: '/',
  beforeLoad: () => {
    throw redirect({ to: '/dashboard', replace: true });
  },
});

/** Plain /dashboard opens the tab last open (or the one a notification's link asked for). */
const dashboardRoute = createRoute({
  getParentRoute: () => authenticatedRoute,
  path: '/dashboard',
  beforeLoad: () => {
    throw redirect({ href: dashboardLanding(), replace: true });
  },
});

/** Each tab its own address (/dashboard/research, ...); a path that names no tab leads to the last one open. */
const dashboardTabRoute = createRoute({
  getParentRoute: () => authenticatedRoute,
  path: '/dashboard/$tab',
  beforeLoad: ({ params }) => {
    if (tabOfPath(params.tab) === null) throw redirect({ href: dashboardLanding(), replace: true });
  },
  // The game screens load on demand: the sign-in pages stay small.
  component: lazyRouteComponent(() => import('./routes/dashboard'), 'DashboardPage'),
});

/** The moderation console: operators only (the page says so to anyone else; the server refuses them). */
const adminRoute = createRoute({
  getParentRoute: () => authenticatedRoute,
  path: '/admin',
  component: lazyRouteComponent(() => import('./routes/admin'), 'AdminPage'),
});

/** The player's settings (push notifications), from the user menu. */
const settingsRoute = createRoute({
  getParentRoute: () => authenticatedRoute,
  path: '/settings',
  component: lazyRouteComponent(() => import('./routes/settings'), 'SettingsPage'),
});

/** A stored battle's report, where a shared battle link leads (its participants only). */
const battleRoute = createRoute({
  getParentRoute: () => authenticatedRoute,
  path: '/battles/$battleId',
  component: lazyRouteComponent(() => import('./routes/battle'), 'BattleRoute'),
});

/** Signed-in players only; a visitor is told to log in there (social spec 2.1), not sent away. */
const notificationsRoute = createRoute({
  getParentRoute: () => rootRoute,
  path: '/notifications',
  component: lazyRouteComponent(() => import('./routes/notifications'), 'NotificationsRoute'),
});

/** A Hall of Fame entry's report, where a shared entry link leads: readable by anyone (social spec 8). */
const hallOfFameEntryRoute = createRoute({
  getParentRoute: () => rootRoute,
  path: '/hall-of-fame/$entryId',
  component: lazyRouteComponent(() => import('./routes/hall-of-fame-entry'), 'HallOfFameEntryRoute'),
});

/** Messages, buddies and the player search (issue 28). */
const messagesRoute = createRoute({
  getParentRoute: () => authenticatedRoute,
  path: '/messages',
  component: lazyRouteComponent(() => import('./routes/messages'), 'MessagesRoute'),
});

const routeTree = rootRoute.addChildren([
  loginRoute,
  registerRoute,
  notificationsRoute,
  hallOfFameEntryRoute,
  authenticatedRoute.addChildren([indexRoute, dashboardRoute, dashboardTabRoute, adminRoute, battleRoute, settingsRoute, messagesRoute]),
]);

export const router = createRouter({
  routeTree,
  defaultPreload: false,
  defaultNotFoundComponent: NotFoundPage,
  defaultPendingComponent: RoutePending,
  scrollRestoration: true,
});

registerNavigator((to) => {
  void router.navigate({ href: to, replace: to === '/login' });
});

declare module '@tanstack/react-router' {
  interface Register {
    router: typeof router;
  }
}

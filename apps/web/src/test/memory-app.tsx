import { createMemoryHistory, createRootRoute, createRoute, createRouter, Outlet, RouterProvider, type RouteComponent } from '@tanstack/react-router';

/**
 * A page's route and a /login that shows where it would return to (its `redirect`), in memory,
 * opened at `path`: for tests of a page's way to the login and back.
 */
export function appWithLogin(routePath: string, component: RouteComponent, path: string = routePath) {
  const root = createRootRoute({ component: Outlet });
  const page = createRoute({ getParentRoute: () => root, path: routePath, component });
  const login = createRoute({
    getParentRoute: () => root,
    path: '/login',
    validateSearch: (search: Record<string, unknown>) => ({ redirect: typeof search.redirect === 'string' ? search.redirect : undefined }),
    component: function Login() {
      return <p data-testid="login-page">{login.useSearch().redirect}</p>;
    },
  });
  const router = createRouter({ routeTree: root.addChildren([page, login]), history: createMemoryHistory({ initialEntries: [path] }) });
  return { router, ui: <RouterProvider router={router} /> };
}

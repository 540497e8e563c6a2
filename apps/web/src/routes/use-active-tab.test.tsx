import { beforeEach, describe, expect, it } from 'vitest';
import { act, fireEvent, screen } from '@testing-library/react';
import { createMemoryHistory, createRootRoute, createRoute, createRouter, Outlet, redirect, RouterProvider } from '@tanstack/react-router';
import { dashboardLanding, tabOfPath } from '../lib/tab-paths';
import { useUiStore } from '../stores/ui-store';
import { renderWithProviders } from '../test/render';
import { useActiveTab } from './use-active-tab';

beforeEach(() => useUiStore.getState().resetUi());

function Tabs() {
  const [tab, select] = useActiveTab();
  return (
    <div>
      <p data-testid="active">{tab}</p>
      <button onClick={() => select('RESEARCH')}>Research</button>
      <button onClick={() => select('MOVEMENT')}>Army</button>
    </div>
  );
}

/** The app's two dashboard routes (plain /dashboard leads to a tab), in memory. */
function dashboardAt(path: string) {
  const root = createRootRoute({ component: Outlet });
  const plain = createRoute({ getParentRoute: () => root, path: '/dashboard', beforeLoad: () => { throw redirect({ href: dashboardLanding(), replace: true }); } });
  const tab = createRoute({
    getParentRoute: () => root,
    path: '/dashboard/$tab',
    beforeLoad: ({ params }) => {
      if (tabOfPath(params.tab) === null) throw redirect({ href: dashboardLanding(), replace: true });
    },
    component: Tabs,
  });
  const history = createMemoryHistory({ initialEntries: [path] });
  const router = createRouter({ routeTree: root.addChildren([plain, tab]), history });
  renderWithProviders(<RouterProvider router={router} />);
  return { router, history };
}

const active = () => screen.findByTestId('active').then((e) => e.textContent);

describe('dashboard tabs you can link to', () => {
  it('a tab address opens that tab; choosing another is a new address, and Back and Forward move between them', async () => {
    const { router, history } = dashboardAt('/dashboard/research');
    expect(await active()).toBe('RESEARCH');
    fireEvent.click(screen.getByText('Army'));
    await screen.findByText('MOVEMENT');
    expect(router.state.location.pathname).toBe('/dashboard/army');
    expect(useUiStore.getState().lastActiveMainTab).toBe('MOVEMENT');
    act(() => history.back());
    await screen.findByText('RESEARCH');
    expect(router.state.location.pathname).toBe('/dashboard/research');
    act(() => history.forward());
    await screen.findByText('MOVEMENT');
  });

  it('plain /dashboard (a reload of it, a sign-in) opens the tab last open; an unknown tab path does the same', async () => {
    useUiStore.getState().setLastActiveMainTab('ALLIANCE');
    const { router } = dashboardAt('/dashboard');
    expect(await active()).toBe('ALLIANCE');
    expect(router.state.location.pathname).toBe('/dashboard/alliance');
    await act(() => router.navigate({ href: '/dashboard/no-such-tab' }));
    expect(router.state.location.pathname).toBe('/dashboard/alliance');
  });

  it("a request from elsewhere (a notification's link, the map's focus) opens its tab as a new history entry", async () => {
    const { router, history } = dashboardAt('/dashboard/map');
    expect(await active()).toBe('MAP');
    act(() => useUiStore.getState().requestMainTab('MOVEMENT'));
    await screen.findByText('MOVEMENT');
    expect(router.state.location.pathname).toBe('/dashboard/army');
    expect(useUiStore.getState().requestedMainTab).toBeNull();
    act(() => history.back());
    await screen.findByText('MAP');
  });

  it('a link opened from outside the dashboard (the notification centre) lands on the tab it asked for', async () => {
    useUiStore.getState().setLastActiveMainTab('MAP');
    useUiStore.getState().requestMainTab('HALL_OF_FAME');
    const { router } = dashboardAt('/dashboard');
    expect(await active()).toBe('HALL_OF_FAME');
    expect(router.state.location.pathname).toBe('/dashboard/hall-of-fame');
  });
});

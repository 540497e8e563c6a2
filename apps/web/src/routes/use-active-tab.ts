import { useEffect } from 'react';
import { useNavigate, useParams } from '@tanstack/react-router';
import { TAB_PATHS, tabOfPath } from '../lib/tab-paths';
import { useUiStore, type MainTab } from '../stores/ui-store';

/**
 * The dashboard's active tab lives in the address (/dashboard/<tab>): choosing a tab, or a request from
 * elsewhere (map focus, movement orders, a notification's link), is a new history entry, so Back and
 * Forward move between tabs and a reload keeps the tab. The store remembers the last one for plain /dashboard.
 */
export function useActiveTab(): [MainTab, (tab: MainTab) => void] {
  const params = useParams({ strict: false });
  const remembered = useUiStore((s) => s.lastActiveMainTab);
  const requested = useUiStore((s) => s.requestedMainTab);
  const navigate = useNavigate();
  const active = tabOfPath(params.tab) ?? remembered;
  const select = (tab: MainTab) => {
    if (tab !== active) void navigate({ to: '/dashboard/$tab', params: { tab: TAB_PATHS[tab] } });
  };

  useEffect(() => {
    if (useUiStore.getState().lastActiveMainTab !== active) useUiStore.getState().setLastActiveMainTab(active);
  }, [active]);
  useEffect(() => {
    if (!requested) return;
    useUiStore.getState().clearRequestedMainTab();
    if (requested !== active) void navigate({ to: '/dashboard/$tab', params: { tab: TAB_PATHS[requested] } });
    // Only a new request moves the tab; `active` is read as it is when the request comes.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [requested]);
  return [active, select];
}

import { useUiStore, type MainTab } from '../stores/ui-store';

/**
 * Each dashboard tab's own address, /dashboard/<path> (the spec's internal tab names stay as they are):
 * a tab can be linked to, reloaded, and reached with Back and Forward.
 */
export const TAB_PATHS = {
  EMPIRE: 'empire',
  MAP: 'map',
  BUILDING: 'buildings',
  RESEARCH: 'research',
  UNITS: 'units',
  MOVEMENT: 'army',
  RANK: 'rank',
  HALL_OF_FAME: 'hall-of-fame',
  ALLIANCE: 'alliance',
} as const satisfies Record<MainTab, string>;

const TAB_OF_PATH = new Map<string, MainTab>(Object.entries(TAB_PATHS).map(([tab, path]) => [path, tab as MainTab]));

/** The tab a /dashboard/<path> names, or null for a path that names none. */
export function tabOfPath(path: string | undefined): MainTab | null {
  return path === undefined ? null : (TAB_OF_PATH.get(path) ?? null);
}

export const tabHref = (tab: MainTab) => `/dashboard/${TAB_PATHS[tab]}`;

/** Where plain /dashboard leads: a tab another screen asked for (a notification's link), else the last one open. */
export function dashboardLanding(): string {
  const ui = useUiStore.getState();
  return tabHref(ui.requestedMainTab ?? ui.lastActiveMainTab);
}

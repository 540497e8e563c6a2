import { IconBuildingFactory2, IconCrown, IconDna2, IconMap2, IconPlanet, IconRocket, IconSpider, IconTrophy, IconUsersGroup, type Icon } from '@tabler/icons-react';
import type { MainTab } from '../../stores/ui-store';

export interface MainTabDef {
  tab: MainTab;
  label: string;
  icon: Icon;
  /** Buildings, Units and Army act on one territory. */
  needsTerritory: boolean;
  /** Empire and Alliance use the whole width (no queue panel). */
  fullWidth: boolean;
}

/** The dashboard's nine tabs, in the spec's order (core §2 "Dashboard shell"). */
export const MAIN_TAB_DEFS: readonly MainTabDef[] = [
  { tab: 'EMPIRE', label: 'Empire', icon: IconPlanet, needsTerritory: false, fullWidth: true },
  { tab: 'MAP', label: 'Map', icon: IconMap2, needsTerritory: false, fullWidth: false },
  { tab: 'BUILDING', label: 'Buildings', icon: IconBuildingFactory2, needsTerritory: true, fullWidth: false },
  { tab: 'RESEARCH', label: 'Research', icon: IconDna2, needsTerritory: false, fullWidth: false },
  { tab: 'UNITS', label: 'Units', icon: IconSpider, needsTerritory: true, fullWidth: false },
  { tab: 'MOVEMENT', label: 'Army', icon: IconRocket, needsTerritory: true, fullWidth: false },
  { tab: 'RANK', label: 'Rank', icon: IconTrophy, needsTerritory: false, fullWidth: false },
  { tab: 'HALL_OF_FAME', label: 'HoF', icon: IconCrown, needsTerritory: false, fullWidth: false },
  { tab: 'ALLIANCE', label: 'Alliance', icon: IconUsersGroup, needsTerritory: false, fullWidth: true },
];

/** Before the profile has loaded only these tabs can be opened. */
export const TABS_BEFORE_PROFILE: ReadonlySet<MainTab> = new Set<MainTab>(['MAP', 'RANK', 'HALL_OF_FAME', 'RESEARCH', 'EMPIRE', 'ALLIANCE']);

export function mainTabDef(tab: MainTab): MainTabDef {
  return MAIN_TAB_DEFS.find((def) => def.tab === tab) ?? (MAIN_TAB_DEFS[1] as MainTabDef);
}

export function isTabEnabled(tab: MainTab, profileLoaded: boolean): boolean {
  return profileLoaded || TABS_BEFORE_PROFILE.has(tab);
}

/** Buildings, Units and Army without a selected territory show 'No Territory Selected'. */
export function needsTerritorySelection(tab: MainTab, selectedTerritoryId: number | null): boolean {
  return mainTabDef(tab).needsTerritory && selectedTerritoryId === null;
}

export function isFullWidthTab(tab: MainTab): boolean {
  return mainTabDef(tab).fullWidth;
}

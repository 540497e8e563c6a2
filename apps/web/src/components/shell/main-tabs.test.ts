import { describe, expect, it } from 'vitest';
import { MAIN_TAB_DEFS, isFullWidthTab, isTabEnabled, needsTerritorySelection } from './main-tabs';

describe('dashboard tabs', () => {
  it('are the nine tabs in the spec order with their labels', () => {
    expect(MAIN_TAB_DEFS.map((d) => d.label)).toEqual(['Empire', 'Map', 'Buildings', 'Research', 'Units', 'Army', 'Rank', 'HoF', 'Alliance']);
    expect(MAIN_TAB_DEFS.map((d) => d.tab)).toEqual(['EMPIRE', 'MAP', 'BUILDING', 'RESEARCH', 'UNITS', 'MOVEMENT', 'RANK', 'HALL_OF_FAME', 'ALLIANCE']);
  });

  it('before the profile loads only Map, Rank, HoF, Research, Empire and Alliance are enabled', () => {
    const enabled = MAIN_TAB_DEFS.filter((d) => isTabEnabled(d.tab, false)).map((d) => d.tab);
    expect(enabled.sort()).toEqual(['ALLIANCE', 'EMPIRE', 'HALL_OF_FAME', 'MAP', 'RANK', 'RESEARCH']);
    expect(MAIN_TAB_DEFS.every((d) => isTabEnabled(d.tab, true))).toBe(true);
  });

  it('Buildings, Units and Army need a selected territory', () => {
    const needing = MAIN_TAB_DEFS.filter((d) => needsTerritorySelection(d.tab, null)).map((d) => d.tab);
    expect(needing).toEqual(['BUILDING', 'UNITS', 'MOVEMENT']);
    expect(MAIN_TAB_DEFS.some((d) => needsTerritorySelection(d.tab, 4))).toBe(false);
  });

  it('Empire and Alliance take the full width', () => {
    expect(MAIN_TAB_DEFS.filter((d) => isFullWidthTab(d.tab)).map((d) => d.tab)).toEqual(['EMPIRE', 'ALLIANCE']);
  });
});

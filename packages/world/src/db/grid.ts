import { loadCatalogue } from '@brood/game-data';

/**
 * The galaxy grid of universe.json (social spec 9: 31 x 31 regions, 31 x 31 sub-regions in each,
 * 5 x 5 positions in each). Code reads the grid from here or from a catalogue, never as a literal.
 * UNIVERSE_OVERRIDES may not change it (db/env.ts): the database's CHECK constraints are written for
 * it, and grid.test.ts fails when a table's checks and universe.json disagree.
 */
export const GRID = loadCatalogue().universe.map;

/** The bound of each grid column (a column named `*region`, `*sub_region` or `*position`). */
export const GRID_BOUNDS = { region: GRID.regions, sub_region: GRID.sub_regions, position: GRID.positions } as const;
export type GridColumn = keyof typeof GRID_BOUNDS;

/**
 * The CHECK a new migration puts on a grid column, built from universe.json:
 * `origin_region integer not null ${gridCheck('origin_region', 'region')}`.
 */
export function gridCheck(column: string, kind: GridColumn): string {
  return `check (${column} between 1 and ${GRID_BOUNDS[kind]})`;
}

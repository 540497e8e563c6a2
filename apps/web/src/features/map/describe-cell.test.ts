import { describe, expect, it } from 'vitest';
import { loadCatalogue } from '@brood/game-data';
import { namesFrom } from '../notifications';
import { describeCell, wreckageCargo } from './describe-cell';
import type { MapData, MapTerritory, ResourceNames, WreckageField } from './map-data';

const territory = (position: number, owner: { id: number; name: string } | null, name = 'Spawnpool', owner_status: MapTerritory['owner_status'] = []): MapTerritory => ({
  id: position,
  name,
  region: 5,
  sub_region: 6,
  position,
  owner: owner ? { id: owner.id } : null,
  owner_id: owner?.id ?? null,
  owner_status,
  owner_username: owner?.name ?? null,
});

const field: WreckageField = { id: 1, region: 5, sub_region: 6, position: 7, resources: { fiber: 12_500, chitin: 0, crystal: 800.9 }, expires_at: new Date() };

const catalogue = loadCatalogue();
const resourceNames: ResourceNames = { order: catalogue.orderedResourceKeys, nameOf: namesFrom(catalogue.resources) };

const data: Pick<MapData, 'regionPresence' | 'subregionPresence' | 'subregionsOf' | 'territoriesByPosition' | 'wreckage' | 'resourceNames'> = {
  regionPresence: new Map([[5, 'contested']]),
  subregionPresence: new Map([[6, 'enemy']]),
  subregionsOf: 5,
  territoriesByPosition: new Map([
    [1, territory(1, { id: 2, name: 'Overmind_Zerathul_the_Vast' }, 'Devourer Spire Of Ashen Night')],
    [2, territory(2, { id: 9, name: 'me' })],
    [3, territory(3, null, 'Husk')],
    [4, territory(4, { id: 12, name: 'Nell' }, 'Nursery', ['n', 'i'])],
  ]),
  wreckage: { byRegion: new Map([[5, 1]]), bySubRegion: new Map([['5:6', 1]]), byPosition: new Map([['5:6:7', field]]) },
  resourceNames,
};

const text = (content: { title: string; lines: { text: string }[] }) => [content.title, ...content.lines.map((l) => l.text)];

describe('the hover card', () => {
  it('describes a region and a sub-region by presence and wreckage', () => {
    expect(text(describeCell({ r: 5, s: null, p: null }, data, 9, false))).toEqual([
      'Region 5',
      'Contested: yours and other players\u2019',
      '1 wreckage field',
      'Double-click to open',
    ]);
    expect(text(describeCell({ r: 5, s: 6, p: null }, data, 9, true))).toEqual(['Sector 5:6', 'Other players hold territories here', '1 wreckage field', 'Double-tap to open']);
    expect(text(describeCell({ r: 4, s: 1, p: null }, data, 9, false))[1]).toBe('Loading...');
  });

  it('names a position\u2019s territory (20 characters) and owner (18), or says it is empty, with its wreckage', () => {
    expect(text(describeCell({ r: 5, s: 6, p: 1 }, data, 9, false))).toEqual([
      '5:6:1',
      'Devourer Spire Of A\u2026',
      'Owner: Overmind_Zerathul\u2026',
      "Right-click for fleet actions or 'Write message'",
    ]);
    expect(text(describeCell({ r: 5, s: 6, p: 2 }, data, 9, false))[2]).toBe('Owner: me (you)');
    expect(text(describeCell({ r: 5, s: 6, p: 3 }, data, 9, true))).toEqual(['5:6:3', 'Husk', 'Unclaimed territory', 'Long-press for fleet actions']);
    expect(text(describeCell({ r: 5, s: 6, p: 7 }, data, 9, false))).toEqual([
      '5:6:7',
      'Empty position',
      'Wreckage: Fiber 12.50k, Crystal 800',
      'Right-click for fleet actions',
    ]);
  });
});

describe('fair play on the hover card', () => {
  it('shows the owner\u2019s markers after their name, each with its legend', () => {
    expect(text(describeCell({ r: 5, s: 6, p: 4 }, data, 9, false))).toEqual([
      '5:6:4',
      'Nursery',
      'Owner: Nell (n i)',
      'n: newcomer: protected from you (too weak)',
      'i: inactive',
      "Right-click for fleet actions or 'Write message'",
    ]);
  });
});

describe('a wreckage field\u2019s resources', () => {
  it('names them in the catalogue\u2019s order whatever order the server sent, unknown keys last and humanised', () => {
    expect(wreckageCargo({ resources: { voidium_shard: 2, chitin: 5, fiber: 3_456 } }, resourceNames)).toBe('Fiber 3.45k, Chitin 5, Voidium Shard 2');
  });

  it('leaves out less than one of a resource, and says when nothing is left', () => {
    expect(wreckageCargo({ resources: { fiber: 0.6, crystal: 1 } }, resourceNames)).toBe('Crystal 1');
    expect(wreckageCargo({ resources: { fiber: 0 } }, resourceNames)).toBe('nothing left');
  });

  it('uses the keys, humanised, until the catalogue has loaded', () => {
    expect(wreckageCargo({ resources: { chitin: 5, fiber: 7 } }, { order: [], nameOf: namesFrom(undefined) })).toBe('Chitin 5, Fiber 7');
  });
});

import { MARKER_LEGEND } from '@brood/game-core';
import { formatCoordinates, formatResourceAmount } from '../../lib/format';
import { markerSuffix } from '../fair-play';
import type { PickedCell } from './geometry';
import { TRUNCATE, truncate } from './labels';
import type { MapData, Presence, ResourceNames, WreckageField } from './map-data';
import type { TooltipContent } from './map-tooltip';

const PRESENCE_LINE: Record<Presence, TooltipContent['lines'][number]> = {
  own: { text: 'Your territories are here', tone: 'own' },
  enemy: { text: 'Other players hold territories here', tone: 'enemy' },
  contested: { text: 'Contested: yours and other players\u2019', tone: 'enemy' },
  empty: { text: 'No claimed territories', tone: 'dim' },
};

/** 'Fiber 12.50k, Chitin 800': the field's resources by name, in the catalogue's order (unknown keys last). */
export function wreckageCargo(field: Pick<WreckageField, 'resources'>, names: ResourceNames): string {
  const rank = (key: string) => {
    const i = names.order.indexOf(key);
    return i === -1 ? names.order.length : i;
  };
  const parts = Object.entries(field.resources)
    .filter(([, amount]) => amount >= 1)
    .sort(([a], [b]) => rank(a) - rank(b))
    .map(([key, amount]) => `${names.nameOf(key)} ${formatResourceAmount(amount)}`);
  return parts.length > 0 ? parts.join(', ') : 'nothing left';
}

function wreckageLine(count: number): TooltipContent['lines'][number] | null {
  if (count === 0) return null;
  return { text: count === 1 ? '1 wreckage field' : `${count} wreckage fields`, tone: 'wreckage' };
}

/** What the hover card (or a tap on a phone) says about a cell. */
export function describeCell(cell: PickedCell, data: Pick<MapData, 'regionPresence' | 'subregionPresence' | 'subregionsOf' | 'territoriesByPosition' | 'wreckage' | 'resourceNames'>, me: number | null, touch: boolean): TooltipContent {
  const drill = { text: touch ? 'Double-tap to open' : 'Double-click to open', tone: 'dim' as const };
  if (cell.s === null) {
    const lines = [PRESENCE_LINE[data.regionPresence.get(cell.r) ?? 'empty'], wreckageLine(data.wreckage.byRegion.get(cell.r) ?? 0), drill];
    return { title: `Region ${cell.r}`, lines: lines.filter((l) => l !== null) };
  }
  if (cell.p === null) {
    const presence = data.subregionsOf === cell.r ? (data.subregionPresence.get(cell.s) ?? 'empty') : null;
    const lines = [
      presence ? PRESENCE_LINE[presence] : { text: 'Loading...', tone: 'dim' as const },
      wreckageLine(data.wreckage.bySubRegion.get(`${cell.r}:${cell.s}`) ?? 0),
      drill,
    ];
    return { title: `Sector ${cell.r}:${cell.s}`, lines: lines.filter((l) => l !== null) };
  }
  const territory = data.territoriesByPosition.get(cell.p);
  const field = data.wreckage.byPosition.get(`${cell.r}:${cell.s}:${cell.p}`);
  const lines: TooltipContent['lines'] = [];
  if (territory) {
    lines.push({ text: truncate(territory.name, TRUNCATE.territoryName), tone: territory.owner_id === me ? 'own' : territory.owner_id === null ? 'neutral' : 'enemy' });
    lines.push(
      territory.owner_username
        ? { text: `Owner: ${truncate(territory.owner_username, TRUNCATE.ownerInTooltip)}${territory.owner_id === me ? ' (you)' : markerSuffix(territory.owner_status)}` }
        : { text: 'Unclaimed territory', tone: 'dim' },
    );
    // Fair play's markers, each with its legend (the same letters as the cell's label).
    for (const m of territory.owner_status) lines.push({ text: `${m}: ${MARKER_LEGEND[m]}`, tone: 'dim' });
  } else {
    lines.push({ text: 'Empty position', tone: 'dim' });
  }
  if (field) lines.push({ text: `Wreckage: ${wreckageCargo(field, data.resourceNames)}`, tone: 'wreckage' });
  // Another player's territory: the menu also names the owner (their profile) and offers 'Write message'.
  const foreign = territory !== undefined && territory.owner_id !== null && territory.owner_id !== me;
  lines.push({ text: `${touch ? 'Long-press' : 'Right-click'} for fleet actions${foreign ? " or 'Write message'" : ''}`, tone: 'dim' });
  return { title: formatCoordinates([cell.r, cell.s, cell.p]), lines };
}

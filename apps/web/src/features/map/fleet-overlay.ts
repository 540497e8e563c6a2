import { formatCoordinates, formatCountdown, formatDate, formatNumber } from '../../lib/format';
import {
  MOVEMENT_TEXT,
  TONE_COLORS,
  groupSize,
  isAtTarget,
  isStationed,
  missionLabel,
  missionTone,
  movementProgress,
  quantityText,
  routeOf,
  type MovementLike,
} from '../movements';
import { MARKER_LEGEND, type PlayerMarker } from '@brood/game-core';
import { markerSuffix } from '../fair-play';
import { positionCentre, type Point } from './geometry';
import { TRUNCATE, truncate } from './labels';
import type { TooltipContent } from './map-tooltip';

/** One fleet on the map (social 2.5): its route, where it is now, and its mission colour. */
export interface FleetMarker {
  id: string;
  from: Point;
  to: Point;
  at: Point;
  color: string;
  hostile: boolean;
}

const centreOf = ([r, s, p]: readonly [number, number, number]) => positionCentre(r, s, p);

/**
 * Fleets placed along their routes at `now` (progress from start to arrival, social 4.6); an allied
 * stationed fleet, or one exploring there, sits at its destination.
 */
export function fleetMarkers(movements: readonly MovementLike[], now: number): FleetMarker[] {
  return movements.map((m) => {
    const route = routeOf(m);
    const from = centreOf(route.from);
    const to = centreOf(route.to);
    const t = isAtTarget(m) ? 1 : movementProgress(m, now) / 100;
    return {
      id: m.id,
      from,
      to,
      at: { x: from.x + (to.x - from.x) * t, y: from.y + (to.y - from.y) * t },
      color: TONE_COLORS[missionTone(m)],
      hostile: m.is_attacking_player,
    };
  });
}

/** The marker within `radius` world units of a point, nearest first. */
export function fleetAt(markers: readonly FleetMarker[], point: Point, radius: number): FleetMarker | null {
  let best: FleetMarker | null = null;
  let bestDistance = radius;
  for (const marker of markers) {
    const d = Math.hypot(marker.at.x - point.x, marker.at.y - point.y);
    if (d <= bestDistance) {
      best = marker;
      bestDistance = d;
    }
  }
  return best;
}

type NameOf = (kind: 'unit' | 'resource', key: string) => string;
/** A player's fair-play markers as the viewer reads them ('n', 's', 'v', 'i', 'I'). */
type MarkersOf = (userId: number) => readonly PlayerMarker[];
const NO_MARKERS: MarkersOf = () => [];

const place = (name: string | null, coords: readonly [number, number, number]) => `${name ?? 'Unclaimed'} (${formatCoordinates(coords)})`;

/**
 * The overlay tooltip (social 2.6): owner, start and target names, departure and arrival, time left,
 * units ('Hidden' for a withheld quantity), resources, and for group attacks the role and group size.
 */
export function describeFleet(m: MovementLike, now: number, nameOf: NameOf, markersOf: MarkersOf = NO_MARKERS): TooltipContent {
  const tone = m.is_attacking_player ? 'enemy' : m.is_own_fleet ? 'own' : 'neutral';
  const start: [number, number, number] = [m.start_region, m.start_sub_region, m.start_position];
  const target: [number, number, number] = [m.target_region, m.target_sub_region, m.target_position];
  const ownerMarks = m.is_own_fleet ? [] : markersOf(m.user_id);
  const targetMarks = m.target_owner_id === null ? [] : markersOf(m.target_owner_id);
  const lines: TooltipContent['lines'] = [
    { text: `Owner: ${truncate(m.username, TRUNCATE.ownerInTooltip)}${markerSuffix(ownerMarks)}`, tone },
    { text: `From: ${place(m.start_territory_name, start)}` },
    { text: `To: ${place(m.target_territory_name, target)}${markerSuffix(targetMarks)}` },
    // each marker shown says what it means, as on the hover card
    ...[...new Set([...ownerMarks, ...targetMarks])].map((k) => ({ text: `${k}: ${MARKER_LEGEND[k]}`, tone: 'dim' as const })),
    { text: `Departure: ${formatDate(m.start_time)}`, tone: 'dim' },
  ];
  if (m.arrival_time === null) {
    lines.push({ text: `Arrival: ${isStationed(m) ? MOVEMENT_TEXT.indefinite : MOVEMENT_TEXT.processing}`, tone: 'dim' });
    lines.push({ text: isStationed(m) ? MOVEMENT_TEXT.stationed : MOVEMENT_TEXT.processing });
  } else {
    lines.push({ text: `Arrival: ${formatDate(m.arrival_time)}`, tone: 'dim' });
    lines.push({ text: `Time left: ${formatCountdown(m.arrival_time, now, MOVEMENT_TEXT.arrived)}` });
  }
  const group = groupSize(m);
  if (group) lines.push({ text: `${m.is_multi_party_initiator ? 'Leader' : 'Participant'} · group ${group}` });
  for (const u of m.units) lines.push({ text: `${nameOf('unit', u.unit_key)}: ${quantityText(u.quantity)}` });
  for (const r of m.resources) lines.push({ text: `${nameOf('resource', r.resource_key)}: ${r.amount === null ? MOVEMENT_TEXT.hidden : formatNumber(r.amount)}`, tone: 'dim' });
  return { title: `${missionLabel(m.mission_type)}${m.is_returning ? ' (returning)' : ''}`, lines };
}

import { describe, expect, it } from 'vitest';
import { render } from '@testing-library/react';
import { FocusRing, HomeMarker, PositionLayer, WreckageLayer } from './map-layers';
import type { MapTerritory } from './map-data';
import { LEGEND, MARK_COLOURS } from './map-colours';

/** [r, g, b] of '#rrggbb' or 'rgb(a)(r, g, b, ...)'. */
function rgb(colour: string): [number, number, number] {
  const hex = /^#([0-9a-f]{2})([0-9a-f]{2})([0-9a-f]{2})$/i.exec(colour);
  if (hex) return [parseInt(hex[1]!, 16), parseInt(hex[2]!, 16), parseInt(hex[3]!, 16)];
  const [r, g, b] = (colour.match(/\d+(\.\d+)?/g) ?? []).map(Number);
  return [r!, g!, b!];
}
const distance = (a: string, b: string) => Math.hypot(...rgb(a).map((v, i) => v - rgb(b)[i]!));

describe('map marks', () => {
  it('ring the focused cell in a colour of its own, far from the wreckage cyan and every legend colour', () => {
    const { container } = render(
      <svg>
        <FocusRing d="M0 0h1" />
        <WreckageLayer cells={[{ key: '1', centre: { x: 0, y: 0 }, pitch: 1 }]} />
      </svg>,
    );
    const focus = (container.querySelector('[data-testid="map-focus"]') as SVGElement).style.stroke;
    const wreckage = (container.querySelector('[data-mark="wreckage"]') as SVGElement).style.stroke;
    expect(rgb(focus)).toEqual(rgb(MARK_COLOURS.focus));
    expect(distance(focus, wreckage)).toBeGreaterThan(90);
    for (const [label, colour] of LEGEND) expect(distance(focus, colour), label).toBeGreaterThan(90);
  });

  it("mark the home with 'Home': a dot from afar, a ring once its sector is open", () => {
    const { container, rerender } = render(
      <svg>
        <HomeMarker home={{ r: 12, s: 30, p: 4 }} level="region" />
      </svg>,
    );
    expect(container.querySelector('[data-testid="map-home"] circle')).not.toBeNull();
    expect(container.querySelector('[data-testid="map-home"]')?.textContent).toBe('Home');
    rerender(
      <svg>
        <HomeMarker home={{ r: 12, s: 30, p: 4 }} level="position" />
      </svg>,
    );
    expect(container.querySelector('[data-testid="map-home"] circle')).toBeNull();
    expect(container.querySelector('[data-testid="map-home"] path')).not.toBeNull();
  });

  it('draw alliance members in a colour of their own, with a legend entry, apart from yours and other players', () => {
    const territory = (id: number, owner: number): MapTerritory => ({ id, name: `T${id}`, owner_id: owner, owner_username: `u${owner}`, owner_status: [] }) as unknown as MapTerritory;
    const { container } = render(
      <svg>
        <PositionLayer region={1} subRegion={1} territories={new Map([[1, territory(1, 7)], [2, territory(2, 8)], [3, territory(3, 9)]])} me={7} allies={new Set([8])} selectedTerritoryId={null} />
      </svg>,
    );
    const state = (p: number) => container.querySelector(`[data-position="${p}"]`)?.getAttribute('data-state');
    expect([state(1), state(2), state(3)]).toEqual(['own', 'ally', 'enemy']);
    const ally = (container.querySelector('[data-position="2"] path') as SVGElement).style.stroke;
    expect(rgb(ally)).toEqual(rgb(MARK_COLOURS.ally));
    expect(LEGEND).toContainEqual(['Alliance members', MARK_COLOURS.ally]);
    for (const [label, colour] of LEGEND.filter(([l]) => l !== 'Alliance members')) expect(distance(ally, colour), label).toBeGreaterThan(80);
  });

  it('ring every wreckage position of an open sector, not only dot it', () => {
    const cells = [{ key: '1:1:4', centre: { x: 10, y: 10 }, pitch: 5 }, { key: '1:1:9', centre: { x: 30, y: 10 }, pitch: 5 }];
    const { container, rerender } = render(
      <svg>
        <WreckageLayer cells={cells} level="position" />
      </svg>,
    );
    const ring = container.querySelector('[data-mark="wreckage-ring"]') as SVGElement;
    expect(ring.getAttribute('d')?.match(/M/g)).toHaveLength(2);
    expect(rgb(ring.style.stroke)).toEqual(rgb(MARK_COLOURS.wreckage));
    rerender(
      <svg>
        <WreckageLayer cells={cells} level="subregion" />
      </svg>,
    );
    expect(container.querySelector('[data-mark="wreckage-ring"]')).toBeNull();
    expect(container.querySelector('[data-mark="wreckage"]')).not.toBeNull();
  });

  it("letter other owners' fair-play markers on their hex, never yours", () => {
    const territory = (id: number, owner: number, owner_status: string[]): MapTerritory =>
      ({ id, name: `T${id}`, owner_id: owner, owner_username: `u${owner}`, owner_status }) as unknown as MapTerritory;
    const { container } = render(
      <svg>
        <PositionLayer region={1} subRegion={1} territories={new Map([[1, territory(1, 7, ['v'])], [2, territory(2, 8, ['n', 'i'])], [3, territory(3, 9, [])]])} me={7} allies={new Set()} selectedTerritoryId={null} />
      </svg>,
    );
    const badge = (p: number) => container.querySelector(`[data-position="${p}"] [data-owner-status]`)?.textContent ?? null;
    expect([badge(1), badge(2), badge(3)]).toEqual([null, 'n i', null]);
  });
});

import { describe, expect, it } from 'vitest';
import { render } from '@testing-library/react';
import { FocusRing, HomeMarker, WreckageLayer } from './map-layers';
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
});

import type { Page } from 'playwright-core';
import { positionCentre } from '../../apps/web/src/features/map/geometry';

/** A position's coordinates: region, sub-region, position. */
export type Coords = [number, number, number];

/** Opens the Map tab on a position by its coordinates and waits for the camera and the sector's data. */
export async function mapAt(page: Page, [r, s, p]: Coords): Promise<void> {
  await page.getByRole('tab', { name: 'Map', exact: true }).first().click();
  await page.getByTestId('map-coord-r').fill(String(r));
  await page.getByTestId('map-coord-s').fill(String(s));
  await page.getByTestId('map-coord-p').fill(String(p));
  await page.getByTestId('map-go').click();
  await page.waitForFunction(
    ({ r, s }) => {
      const stage = document.querySelector('[data-testid=star-map]');
      return stage?.getAttribute('data-level') === 'position' && stage.getAttribute('data-region') === r && stage.getAttribute('data-sub-region') === s && !stage.hasAttribute('data-moving');
    },
    { r: String(r), s: String(s) },
    { timeout: 30_000 },
  );
  await page.getByTestId('map-loading').waitFor({ state: 'detached', timeout: 15_000 });
}

/** Where a position's centre is on screen (through the map's current transform). */
function screenPoint(page: Page, [r, s, p]: Coords): Promise<{ x: number; y: number }> {
  return page.getByTestId('star-map').locator('svg[data-svg=hexes]').evaluate((svg, w) => {
    const m = (svg as SVGSVGElement).getScreenCTM()!;
    return { x: m.a * w.x + m.c * w.y + m.e, y: m.b * w.x + m.d * w.y + m.f };
  }, positionCentre(r, s, p));
}

/**
 * Where a position's centre is on screen, scrolled into view first: the map's window to the middle,
 * then, when the position is still near an edge (a sector's last row on a phone lies under the bottom
 * icon bar), the page by as much as brings it to the middle.
 */
export async function pointAt(page: Page, at: Coords): Promise<{ x: number; y: number }> {
  await page.getByTestId('star-map').locator('..').evaluate((win) => win.scrollIntoView({ block: 'center' }));
  const point = await screenPoint(page, at);
  const height = page.viewportSize()?.height ?? 800;
  if (point.y > 120 && point.y < height - 120) return point;
  await page.evaluate((dy) => window.scrollBy(0, dy), point.y - height / 2);
  return screenPoint(page, at);
}

/**
 * The hover card of a position (a tap on a phone), read again each poll: the pointer comes from
 * aside, so the card opens afresh and shows what the map knows when it opens.
 */
export function cardAt(page: Page, target: Coords, touch = false): () => Promise<string> {
  return async () => {
    const at = await pointAt(page, target);
    if (touch) await page.touchscreen.tap(at.x, at.y);
    else {
      await page.mouse.move(at.x + 40, at.y + 40);
      await page.mouse.move(at.x, at.y);
    }
    return page.getByTestId('map-tooltip').textContent({ timeout: 1000 }).then((t) => t ?? '', () => '');
  };
}

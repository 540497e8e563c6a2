import { describe, expect, it } from 'vitest';
import { loadCatalogue } from './load';
import { balanceReport, defaultScenarios, hoursToAfford } from './balance';
import type { Scenario } from './balance';
import { renderHtml } from './report-html';
import { formatBalance, formatItem } from './report-text';
import { fmtSeconds, roman } from './format';

const c = loadCatalogue();
const scenarios = defaultScenarios(c);
const items = balanceReport(c, scenarios);

describe('balance report', () => {
  it('uses the spec’s cost and time curves for every level up to the max', () => {
    const fiber = items.find((i) => i.key === 'fiber_tangle')!;
    expect(fiber.levels).toHaveLength(30);
    expect(fiber.levels[0]).toMatchObject({ level: 1, cost: { fiber: 60, crystal: 15 }, time: 45 });
    expect(fiber.levels[1]!.cumulativeCost).toEqual({ fiber: 60 + 90, crystal: 15 + 22 });
  });

  it('counts hours of income, and never when income or storage is missing', () => {
    const s: Scenario = { name: 't', stock: { fiber: 100 }, income: { fiber: 50 }, storage: { fiber: 1000 } };
    expect(hoursToAfford({ fiber: 100 }, s)).toBe(0);
    expect(hoursToAfford({ fiber: 600 }, s)).toBe(10);
    expect(hoursToAfford({ fiber: 2000 }, s)).toBe(Number.POSITIVE_INFINITY);
    expect(hoursToAfford({ resin: 1 }, s)).toBe(Number.POSITIVE_INFINITY);
  });

  it('a fresh territory affords its first producers from the starting stock', () => {
    const first = items.filter((i) => ['fiber_tangle', 'crystal_geode', 'biomass_vat'].includes(i.key));
    for (const item of first) expect(item.levels[0]!.hours[0]).toBe(0);
  });

  it('prints a table per kind and every level of one item', () => {
    const text = formatBalance(c, items, scenarios);
    for (const head of ['STRUCTURES', 'TECHNOLOGIES', 'UNITS', 'DEFENSES', 'fiber_tangle', 'void_maw']) expect(text).toContain(head);
    expect(formatItem(items.find((i) => i.key === 'echo_sensing')!, scenarios).split('\n')).toHaveLength(16);
  });

  it('renders a self-contained page with inline SVG charts', () => {
    const html = renderHtml(c, [], items, scenarios);
    expect(html).toContain('<svg');
    expect(html).toContain('id="structures-fiber_tangle"');
    expect(html).not.toMatch(/<script|<link|src=|https?:\/\//);
  });

  it('formats durations and tiers for designers', () => {
    expect([fmtSeconds(45), fmtSeconds(600), fmtSeconds(7200), fmtSeconds(86400 * 3), fmtSeconds(86400 * 200)]).toEqual(['45s', '10m', '2.0h', '3.0d', '200d']);
    expect([1, 4, 5, 9, 14].map(roman)).toEqual(['I', 'IV', 'V', 'IX', 'XIV']);
  });
});

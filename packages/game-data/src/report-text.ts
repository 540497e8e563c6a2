import type { Catalogue } from './schema';
import type { Problem } from './integrity';
import { REPORT_LEVELS, sumAmounts } from './balance';
import type { ItemBalance, LevelRow, Scenario } from './balance';
import { fmtHours, fmtNumber, fmtSeconds, roman } from './format';

export function formatProblems(problems: readonly Problem[]): string {
  const errors = problems.filter((p) => p.level === 'error').length;
  const lines = [`game data: ${errors === 0 ? 'OK' : 'INVALID'} (${errors} errors, ${problems.length - errors} warnings)`];
  for (const p of problems) lines.push(`  ${p.level === 'error' ? 'error  ' : 'warning'} ${p.path}: ${p.message}`);
  return lines.join('\n');
}

const cell = (row: LevelRow | undefined) =>
  row ? `${fmtNumber(sumAmounts(row.cost))} ${fmtSeconds(row.time)} ${row.hours.map(fmtHours).join('/')}` : '';

function levelledTable(title: string, items: readonly ItemBalance[]): string[] {
  const head = [title.padEnd(22), 'tier', ...REPORT_LEVELS.map((l) => `L${l}`.padEnd(22)), 'to max: cost time'];
  const lines = [head.join(' ')];
  for (const item of items) {
    const at = (level: number) => item.levels[Math.min(level, item.maxLevel) - 1];
    const last = item.levels[item.levels.length - 1];
    lines.push([
      item.key.padEnd(22),
      roman(item.tier).padEnd(4),
      ...REPORT_LEVELS.map((l) => (l <= item.maxLevel ? cell(at(l)) : '').padEnd(22)),
      last ? `L${item.maxLevel}: ${fmtNumber(sumAmounts(last.cumulativeCost))} ${fmtSeconds(last.cumulativeTime)}` : '',
    ].join(' '));
  }
  return lines;
}

function combatTable(title: string, items: readonly ItemBalance[], c: Catalogue): string[] {
  const lines = [[title.padEnd(22), 'tier', 'cost'.padEnd(7), 'time'.padEnd(6), 'hours'.padEnd(10), 'atk/k', 'hp/k', 'archetype'].join(' ')];
  for (const item of items) {
    const def = item.kind === 'units' ? c.units[item.key] : c.defenses[item.key];
    const row = item.levels[0];
    if (!def || !row) continue;
    const value = sumAmounts(row.cost) / 1000;
    lines.push([
      item.key.padEnd(22), roman(item.tier).padEnd(4), fmtNumber(sumAmounts(row.cost)).padEnd(7), fmtSeconds(row.time).padEnd(6),
      row.hours.map(fmtHours).join('/').padEnd(10),
      fmtNumber(def.stats.attack / value).padEnd(5), fmtNumber(def.stats.health / value).padEnd(4),
      `${def.archetype}${def.capabilities.length ? ` (${def.capabilities.join(', ')})` : ''}`,
    ].join(' '));
  }
  return lines;
}

/** The balance report as plain text for the terminal. */
export function formatBalance(c: Catalogue, items: readonly ItemBalance[], scenarios: readonly Scenario[]): string {
  const of = (kind: ItemBalance['kind']) => items.filter((i) => i.kind === kind);
  return [
    `Balance at universe speed ${c.universe.universe_speed_factor}. Each level: cost (all resources summed), time (no modifiers),`,
    `hours of income to afford it in: ${scenarios.map((s, i) => `${'AB'[i] ?? i}) ${s.name}`).join(', ')} ('-': never, no income or above storage).`,
    '',
    ...levelledTable('STRUCTURES', of('structures')),
    '',
    ...levelledTable('TECHNOLOGIES', of('technologies')),
    '',
    ...combatTable('UNITS', of('units'), c),
    '',
    ...combatTable('DEFENSES', of('defenses'), c),
    '',
    'atk/k and hp/k: attack and health per 1000 resources of cost.',
  ].join('\n');
}

/** Every level of one entry, resource by resource (check --item <key>). */
export function formatItem(item: ItemBalance, scenarios: readonly Scenario[]): string {
  const lines = [`${item.kind}.${item.key}: ${item.name} (tier ${roman(item.tier)}, max level ${item.maxLevel})`];
  for (const row of item.levels) {
    const cost = Object.entries(row.cost).map(([k, v]) => `${k} ${fmtNumber(v ?? 0)}`).join(', ');
    const hours = row.hours.map((h, i) => `${scenarios[i]?.name ?? i}: ${fmtHours(h)} h`).join('; ');
    lines.push(`  L${row.level}: ${cost} | ${fmtSeconds(row.time)} (total ${fmtSeconds(row.cumulativeTime)}) | ${hours}`);
  }
  return lines.join('\n');
}

import type { Catalogue, ResourceKey } from './schema';
import type { Problem } from './integrity';
import { REPORT_LEVELS, sumAmounts } from './balance';
import type { ItemBalance, Scenario } from './balance';
import { fmtHours, fmtNumber, fmtSeconds, roman } from './format';

const COLORS = ['#2f9e44', '#1971c2', '#e8590c', '#9c36b5', '#c2255c', '#0c8599', '#e67700', '#5c940d', '#3b5bdb', '#862e9c', '#d6336c', '#495057'];
const esc = (s: string) => s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');

interface Series {
  readonly label: string;
  readonly points: readonly (readonly [number, number])[];
}

/** A line chart on a log y axis as inline SVG: no script, no external asset. */
export function lineChart(title: string, series: readonly Series[], format: (v: number) => string, width = 460, height = 240): string {
  const pad = { left: 52, right: 130, top: 24, bottom: 28 };
  const pts = series.flatMap((s) => s.points).filter(([, y]) => y > 0);
  if (pts.length === 0) return '';
  const xMax = Math.max(...pts.map(([x]) => x), 2);
  const lo = Math.floor(Math.log10(Math.min(...pts.map(([, y]) => y))));
  const hi = Math.max(lo + 1, Math.ceil(Math.log10(Math.max(...pts.map(([, y]) => y)))));
  const w = width - pad.left - pad.right;
  const h = height - pad.top - pad.bottom;
  const sx = (x: number) => pad.left + ((x - 1) / (xMax - 1)) * w;
  const sy = (y: number) => pad.top + h - ((Math.log10(y) - lo) / (hi - lo)) * h;
  const grid: string[] = [];
  for (let e = lo; e <= hi; e++) {
    grid.push(`<line x1="${pad.left}" x2="${pad.left + w}" y1="${sy(10 ** e)}" y2="${sy(10 ** e)}" class="grid"/><text x="${pad.left - 6}" y="${sy(10 ** e) + 4}" text-anchor="end">${esc(format(10 ** e))}</text>`);
  }
  for (const x of [1, ...REPORT_LEVELS.filter((l) => l > 1 && l <= xMax), xMax]) {
    grid.push(`<text x="${sx(x)}" y="${pad.top + h + 16}" text-anchor="middle">${x}</text>`);
  }
  const lines = series.map((s, i) => {
    const color = COLORS[i % COLORS.length];
    const d = s.points.filter(([, y]) => y > 0).map(([x, y]) => `${sx(x).toFixed(1)},${sy(y).toFixed(1)}`).join(' ');
    return `<polyline points="${d}" fill="none" stroke="${color}" stroke-width="1.8"><title>${esc(s.label)}</title></polyline>`
      + `<text x="${pad.left + w + 8}" y="${pad.top + 10 + i * 14}" fill="${color}">${esc(s.label)}</text>`;
  });
  return `<svg viewBox="0 0 ${width} ${height}" width="${width}" height="${height}" role="img" aria-label="${esc(title)}">`
    + `<text x="${pad.left}" y="14" class="title">${esc(title)}</text>${grid.join('')}${lines.join('')}</svg>`;
}

function tierCharts(kind: 'structures' | 'technologies', items: readonly ItemBalance[]): string {
  const tiers = [...new Set(items.map((i) => i.tier))].sort();
  return tiers.map((tier) => {
    const inTier = items.filter((i) => i.tier === tier);
    const cost = inTier.map((i) => ({ label: i.name, points: i.levels.map((r) => [r.level, sumAmounts(r.cost)] as const) }));
    const time = inTier.map((i) => ({ label: i.name, points: i.levels.map((r) => [r.level, r.time] as const) }));
    return `<h3>Tier ${roman(tier)} ${kind}</h3><div class="row">${lineChart('cost per level (all resources)', cost, fmtNumber)}${lineChart('time per level', time, fmtSeconds)}</div>`;
  }).join('');
}

function itemCards(items: readonly ItemBalance[], scenarios: readonly Scenario[]): string {
  return items.map((item) => {
    const resources = [...new Set(item.levels.flatMap((r) => Object.keys(r.cost)))] as ResourceKey[];
    const series = resources.map((k) => ({ label: k, points: item.levels.map((r) => [r.level, r.cost[k] ?? 0] as const) }));
    const rows = REPORT_LEVELS.filter((l) => l <= item.maxLevel).map((l) => item.levels[l - 1]!);
    const last = item.levels[item.levels.length - 1]!;
    const table = `<table><tr><th>level</th><th>cost</th><th>time</th>${scenarios.map((s) => `<th>hours: ${esc(s.name)}</th>`).join('')}</tr>`
      + rows.map((r) => `<tr><td>${r.level}</td><td>${Object.entries(r.cost).map(([k, v]) => `${k} ${fmtNumber(v ?? 0)}`).join(', ')}</td><td>${fmtSeconds(r.time)}</td>${r.hours.map((h) => `<td>${fmtHours(h)}</td>`).join('')}</tr>`).join('')
      + `<tr><td>1..${item.maxLevel}</td><td>${fmtNumber(sumAmounts(last.cumulativeCost))} in all</td><td>${fmtSeconds(last.cumulativeTime)}</td></tr></table>`;
    return `<div class="card" id="${item.kind}-${item.key}"><h4>${esc(item.name)} <code>${item.key}</code> <span>tier ${roman(item.tier)}, max ${item.maxLevel}</span></h4>`
      + `${lineChart('cost by resource', series, fmtNumber, 420, 200)}${table}</div>`;
  }).join('');
}

function combatTable(c: Catalogue, items: readonly ItemBalance[], scenarios: readonly Scenario[]): string {
  const head = `<tr><th>name</th><th>tier</th><th>archetype</th><th>capabilities</th><th>cost</th><th>time</th>${scenarios.map((s) => `<th>hours: ${esc(s.name)}</th>`).join('')}<th>attack</th><th>defense</th><th>health</th><th>bioshield</th><th>speed</th><th>cargo</th><th>attack / 1k</th><th>health / 1k</th></tr>`;
  const rows = items.map((item) => {
    const def = item.kind === 'units' ? c.units[item.key] : c.defenses[item.key];
    const r = item.levels[0]!;
    if (!def) return '';
    const k = sumAmounts(r.cost) / 1000;
    const s = def.stats;
    return `<tr><td>${esc(def.name)} <code>${item.key}</code></td><td>${roman(def.tier)}</td><td>${esc(def.archetype)}</td><td>${def.capabilities.join(', ')}</td>`
      + `<td>${Object.entries(r.cost).map(([key, v]) => `${key} ${fmtNumber(v ?? 0)}`).join(', ')}</td><td>${fmtSeconds(r.time)}</td>${r.hours.map((h) => `<td>${fmtHours(h)}</td>`).join('')}`
      + `<td>${s.attack}</td><td>${s.defense}</td><td>${s.health}</td><td>${s.bioshield}</td><td>${s.speed}</td><td>${s.cargo_capacity}</td><td>${fmtNumber(s.attack / k)}</td><td>${fmtNumber(s.health / k)}</td></tr>`;
  }).join('');
  return `<table>${head}${rows}</table>`;
}

/** The designer's page: problems, the curves per tier, a card per entry, the units and defenses. */
export function renderHtml(c: Catalogue | undefined, problems: readonly Problem[], items: readonly ItemBalance[], scenarios: readonly Scenario[]): string {
  const of = (kind: ItemBalance['kind']) => items.filter((i) => i.kind === kind);
  const errors = problems.filter((p) => p.level === 'error');
  const problemList = problems.length === 0 ? '<p class="ok">No problems: the catalogue is valid and every item can be reached from a new territory.</p>'
    : `<ul>${problems.map((p) => `<li class="${p.level}"><b>${p.level}</b> <code>${esc(p.path)}</code> ${esc(p.message)}</li>`).join('')}</ul>`;
  const body = !c ? '' : `
<p>Universe speed ${c.universe.universe_speed_factor}. Times are without construction or research modifiers. Hours are the income a territory needs to afford a level: ${scenarios.map((s) => `<b>${esc(s.name)}</b>`).join(' and ')} ('-': never, for lack of income or storage).</p>
<h2>Structures</h2>${tierCharts('structures', of('structures'))}<div class="cards">${itemCards(of('structures'), scenarios)}</div>
<h2>Technologies</h2>${tierCharts('technologies', of('technologies'))}<div class="cards">${itemCards(of('technologies'), scenarios)}</div>
<h2>Units</h2>${combatTable(c, of('units'), scenarios)}
<h2>Defenses</h2>${combatTable(c, of('defenses'), scenarios)}`;
  return `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>Broodspace game data</title><style>
body{font:14px/1.4 system-ui,sans-serif;margin:24px;color:#212529;background:#f8f9fa}
h1{margin:0 0 8px}h2{margin-top:32px;border-bottom:2px solid #2f9e44}h3{margin:16px 0 4px}
.row{display:flex;flex-wrap:wrap;gap:16px}.cards{display:grid;grid-template-columns:repeat(auto-fill,minmax(440px,1fr));gap:12px}
.card{background:#fff;border:1px solid #dee2e6;border-radius:6px;padding:8px}.card h4{margin:0 0 4px}.card h4 span{color:#868e96;font-weight:normal;font-size:12px}
svg{background:#fff;border:1px solid #e9ecef;border-radius:4px}svg text{font-size:10px;fill:#495057}svg .title{font-size:12px;font-weight:600}svg .grid{stroke:#e9ecef}
table{border-collapse:collapse;font-size:12px;margin-top:6px}td,th{border:1px solid #dee2e6;padding:2px 6px;text-align:left}th{background:#f1f3f5}
.error{color:#c92a2a}.warning{color:#e67700}.ok{color:#2b8a3e}code{font-size:12px;color:#5f3dc4}
</style></head><body><h1>Broodspace game data</h1>
<p>${errors.length === 0 ? 'Valid' : `<span class="error">${errors.length} errors</span>`}, ${problems.length - errors.length} warnings. Edit the JSON in <code>packages/game-data/data/</code>, then run <code>npm run game-data:check</code> again.</p>
${problemList}${body}</body></html>
`;
}

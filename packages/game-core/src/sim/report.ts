import { fmtSeconds } from '@brood/game-data';
import type { NewPlayerBounds } from '@brood/game-data';
import type { SimStart } from './new-player';
import { MILESTONE_LABELS, type NewPlayerReport } from './timeline';

const esc = (s: string) => s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');
const at = (s: number | null) => (s === null ? 'never' : fmtSeconds(s));

/** The report as text for the terminal: the bounds, the milestones and when each entry became possible. */
export function formatNewPlayer(r: NewPlayerReport, bounds: NewPlayerBounds): string {
  const lines = [`NEW PLAYER (greedy, universe speed ${bounds.universe_speed_factor}, ${bounds.simulated_hours} h simulated, ${r.run.starts.length} things started)`];
  for (const k of r.checks) lines.push(`  ${k.ok ? 'ok  ' : 'FAIL'} ${k.label}: ${at(k.actual)} (bound ${fmtSeconds(k.limit)})`);
  lines.push('  milestones (first possible):');
  for (const m of r.milestones) lines.push(`    ${MILESTONE_LABELS[m.milestone].padEnd(18)} ${at(m.first?.at ?? null).padStart(6)}  ${m.first ? `${m.first.name} (${m.first.key})` : ''}`);
  lines.push('  possible (prerequisites met and affordable):');
  for (const p of r.run.possible) lines.push(`    ${fmtSeconds(p.at).padStart(6)}  ${p.kind.padEnd(10)} ${p.key}`);
  return lines.join('\n');
}

const ROW = 16;
const PAD = { left: 190, right: 20, top: 28, bottom: 24 };

/** A Gantt chart on a log time axis (1 min to the end): per entry, a dot when it became possible and a bar while its first start ran. */
function gantt(r: NewPlayerReport, width = 980): string {
  const end = r.run.horizon;
  const w = width - PAD.left - PAD.right;
  const lo = Math.log(60);
  const x = (s: number) => PAD.left + ((Math.log(Math.max(60, Math.min(end, s))) - lo) / (Math.log(end) - lo)) * w;
  const firstStart = new Map<string, SimStart>();
  for (const s of r.run.starts) if (!firstStart.has(`${s.kind}:${s.key}`)) firstStart.set(`${s.kind}:${s.key}`, s);
  const rows = r.run.possible.map((p, i) => {
    const y = PAD.top + i * ROW;
    const s = firstStart.get(`${p.kind}:${p.key}`);
    const bar = s ? `<rect x="${x(s.at).toFixed(1)}" y="${y + 3}" width="${Math.max(2, x(s.end) - x(s.at)).toFixed(1)}" height="${ROW - 6}" class="${p.kind}"><title>${esc(p.name)}: started ${fmtSeconds(s.at)}, done ${fmtSeconds(s.end)}</title></rect>` : '';
    return `<text x="${PAD.left - 6}" y="${y + 12}" text-anchor="end">${esc(p.name)}</text>${bar}<circle cx="${x(p.at).toFixed(1)}" cy="${y + ROW / 2}" r="3.5"><title>${esc(p.name)} possible at ${fmtSeconds(p.at)}</title></circle>`;
  });
  const height = PAD.top + r.run.possible.length * ROW + PAD.bottom;
  const ticks = [60, 300, 600, 1800, 3600, 3 * 3600, 6 * 3600, 12 * 3600, 24 * 3600, 48 * 3600].filter((t) => t <= end)
    .map((t) => `<line x1="${x(t)}" x2="${x(t)}" y1="${PAD.top - 4}" y2="${height - PAD.bottom}" class="grid"/><text x="${x(t)}" y="${PAD.top - 8}" text-anchor="middle">${fmtSeconds(t)}</text>`);
  const waits = r.run.waits.filter((v) => v.to - v.from >= 60)
    .map((v) => `<rect x="${x(v.from).toFixed(1)}" y="${height - PAD.bottom + 4}" width="${Math.max(1, x(v.to) - x(v.from)).toFixed(1)}" height="8" class="wait"><title>nothing affordable ${fmtSeconds(v.from)} to ${fmtSeconds(v.to)}</title></rect>`);
  return `<svg viewBox="0 0 ${width} ${height + 12}" width="${width}" height="${height + 12}" role="img" aria-label="new player timeline">${ticks.join('')}${rows.join('')}${waits.join('')}</svg>`;
}

/** The designer's page beside the cost charts: bounds, milestones and the timeline chart. Self-contained, no script. */
export function renderNewPlayerHtml(r: NewPlayerReport, bounds: NewPlayerBounds): string {
  const checks = r.checks.map((k) => `<tr class="${k.ok ? 'ok' : 'error'}"><td>${k.ok ? 'ok' : 'FAIL'}</td><td>${esc(k.label)}</td><td>${at(k.actual)}</td><td>${fmtSeconds(k.limit)}</td></tr>`).join('');
  const milestones = r.milestones.map((m) => `<tr><td>${MILESTONE_LABELS[m.milestone]}</td><td>${at(m.first?.at ?? null)}</td><td>${m.first ? `${esc(m.first.name)} <code>${m.first.key}</code>` : ''}</td></tr>`).join('');
  return `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>Broodspace: a new player's first days</title><style>
body{font:14px/1.4 system-ui,sans-serif;margin:24px;color:#212529;background:#f8f9fa}h2{margin-top:28px;border-bottom:2px solid #2f9e44}
table{border-collapse:collapse;font-size:13px}td,th{border:1px solid #dee2e6;padding:2px 8px;text-align:left}th{background:#f1f3f5}
.ok td:first-child{color:#2b8a3e}.error td{color:#c92a2a;font-weight:600}code{font-size:12px;color:#5f3dc4}
svg{background:#fff;border:1px solid #e9ecef;border-radius:4px}svg text{font-size:10px;fill:#495057}svg .grid{stroke:#e9ecef}
circle{fill:#212529}.structure{fill:#2f9e44}.technology{fill:#1971c2}.unit{fill:#e8590c}.defense{fill:#9c36b5}.wait{fill:#c92a2a}
</style></head><body><h1>A new player's first days</h1>
<p>A greedy player on one territory at universe speed ${bounds.universe_speed_factor}, for ${bounds.simulated_hours} hours: it always starts the cheapest useful thing it can afford (next levels, the first unit or defense of each kind) in every queue the rules allow. ${r.run.starts.length} things started. Bounds: <code>packages/game-data/data/new-player.json</code>. <a href="index.html">Cost charts</a>.</p>
<h2>Bounds</h2><table><tr><th></th><th>bound</th><th>simulated</th><th>limit</th></tr>${checks}</table>
<h2>Milestones (first possible)</h2><table><tr><th>milestone</th><th>at</th><th>by</th></tr>${milestones}</table>
<h2>Timeline</h2><p>Dot: prerequisites met and cost in stock. Bar: the first start, <span style="color:#2f9e44">structure</span>, <span style="color:#1971c2">research</span>, <span style="color:#e8590c">unit</span>, <span style="color:#9c36b5">defense</span>, until done. Red strip: waits of a minute or more with nothing affordable. Time on a log scale.</p>
${gantt(r)}</body></html>
`;
}

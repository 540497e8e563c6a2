import { fmtNumber, lineChart, RESOURCE_KEYS, roman } from '@brood/game-data';
import type { Catalogue, LongGameBounds } from '@brood/game-data';
import { perDay, tierTimes } from './bounds';
import { attackerTrade, valueOf, type CombatMatrix } from './matrix';
import type { LongGameReport } from './report';
import type { LongRun } from './sim';

const esc = (s: string) => s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');
const KIND_COLOR = { structure: '#2f9e44', technology: '#1971c2', unit: '#e8590c', defense: '#9c36b5' } as const;
const name = (r: LongRun) => `${r.planner}, speed ${r.speed}`;

/** When each tier of each kind first became possible, one row per kind and tier, a dot per run (day on a linear axis). */
function tierChart(c: Catalogue, runs: readonly LongRun[], days: number, width = 980): string {
  const pad = { left: 120, right: 20, top: 24, bottom: 24 };
  const rows = (['structure', 'technology', 'unit', 'defense'] as const).flatMap((kind) => [1, 2, 3, 4, 5].map((tier) => ({ kind, tier })));
  const h = rows.length * 16;
  const x = (s: number) => pad.left + (s / 86400 / days) * (width - pad.left - pad.right);
  const times = runs.map((r) => tierTimes(c, r));
  const shapes = ['circle', 'rect'];
  const marks = rows.map(({ kind, tier }, i) => {
    const y = pad.top + i * 16 + 8;
    const dots = times.map((t, j) => {
      const at = t[kind][tier - 1];
      if (at === null || at === undefined) return '';
      const tip = `<title>${esc(name(runs[j]!))}: tier ${roman(tier)} ${kind} possible on day ${(at / 86400).toFixed(1)}</title>`;
      return shapes[j % 2] === 'circle' ? `<circle cx="${x(at).toFixed(1)}" cy="${y}" r="4" fill="${KIND_COLOR[kind]}" opacity="${1 - Math.floor(j / 2) * 0.3}">${tip}</circle>`
        : `<rect x="${(x(at) - 3.5).toFixed(1)}" y="${y - 3.5}" width="7" height="7" fill="none" stroke="${KIND_COLOR[kind]}" opacity="${1 - Math.floor(j / 2) * 0.3}">${tip}</rect>`;
    }).join('');
    return `<text x="${pad.left - 6}" y="${y + 4}" text-anchor="end">${kind} ${roman(tier)}</text>${dots}`;
  }).join('');
  const ticks = [0, 7, 14, 30, 60, 90, 120, 150, 180].filter((d) => d <= days)
    .map((d) => `<line x1="${x(d * 86400)}" x2="${x(d * 86400)}" y1="${pad.top}" y2="${pad.top + h}" class="grid"/><text x="${x(d * 86400)}" y="${pad.top + h + 14}" text-anchor="middle">d${d}</text>`).join('');
  return `<svg viewBox="0 0 ${width} ${h + pad.top + pad.bottom}" width="${width}" height="${h + pad.top + pad.bottom}" role="img" aria-label="tiers first possible">${ticks}${marks}</svg>`;
}

/** Green when the attacker wins or trades at 2 or better, red when it trades at 0.5 or worse, pale between. */
function cellColor(wins: number, trade: number): string {
  const share = wins >= 0.5 || trade === Number.POSITIVE_INFINITY ? 1 : trade <= 0 ? 0 : Math.min(1, Math.max(0, Math.log2(trade) / 2 + 0.5));
  return `hsl(${Math.round(share * 120)}, 60%, ${Math.round(88 - Math.abs(share - 0.5) * 40)}%)`;
}

/** Win share of each unit (row) attacking each unit or defense (column), coloured red (loses) to green (wins), the value trade written in. */
function heatmap(m: CombatMatrix): string {
  const cols = [...m.units, ...m.defenses];
  const head = `<tr><th>attacker ↓ / defender →</th>${cols.map((k) => `<th class="rot">${esc(k)}</th>`).join('')}</tr>`;
  const rows = m.units.map((a) => `<tr><th>${esc(a)}</th>${cols.map((d) => {
    const f = m.fights.find((x) => x.attacker === a && x.defender === d);
      if (!f) return '<td title="not fought: the sides cannot be evened">–</td>';
    const t = attackerTrade(f);
    return `<td style="background:${cellColor(f.attackerWins, t)}" title="${esc(`${a} attacks ${d}: wins ${Math.round(f.attackerWins * 100)}%, loses ${Math.round(f.defenderWins * 100)}%, trade ${t.toFixed(2)}`)}">${Math.round(f.attackerWins * 100)}<small>${Number.isFinite(t) ? t.toFixed(1) : '∞'}</small></td>`;
  }).join('')}</tr>`).join('');
  return `<table class="heat">${head}${rows}</table>`;
}

function runCharts(c: Catalogue, r: LongRun): string {
  const production = RESOURCE_KEYS.map((k) => ({ label: k, points: r.samples.map((s) => [s.day, s.production[k] ?? 0] as const) }));
  const { starts, longest, waits } = perDay(r);
  const perDaySeries = [
    { label: 'new starts', points: starts.map((n, d) => [d + 1, n] as const) },
    { label: 'longest stretch (h)', points: longest.map((s, d) => [d + 1, s / 3600] as const) },
    { label: 'idle wait (h)', points: waits.map((s, d) => [d + 1, s / 3600] as const) },
  ];
  return `<h3>${esc(name(r))}: ${r.colonies.length} colonies</h3><div class="row">${lineChart('production per hour, all territories', production, fmtNumber, 480, 280)}${lineChart('per day: new starts, longest stretch, idle wait', perDaySeries, fmtNumber, 480, 280)}</div>`;
}

/** The long-game page: the bounds, the tier timeline, production, starts, points, and the combat heatmap. */
export function renderLongGameHtml(c: Catalogue, r: LongGameReport, b: LongGameBounds): string {
  const judged = r.runs.filter((x) => x.speed === b.speeds[0]);
  const problems = r.problems.length === 0 ? '<p class="ok">Every bound holds.</p>' : `<ul>${r.problems.map((p) => `<li class="error"><b>${esc(p.bound)}</b>: ${esc(p.message)}</li>`).join('')}</ul>`;
  const points = lineChart('total points (log)', r.runs.map((x) => ({ label: name(x), points: x.samples.map((s) => [s.day, s.points] as const) })), fmtNumber, 600, 260);
  const pointRows = r.runs.map((x) => `<tr><td>${esc(name(x))}</td>${b.points_at_days.map((d) => `<td>${fmtNumber(x.samples[d - 1]?.points ?? 0)}</td>`).join('')}</tr>`).join('');
  const producedDay = (x: LongRun, k: (typeof RESOURCE_KEYS)[number]) => { const at = x.produced.get(k); return at === undefined ? 'never' : (at / 86400).toFixed(1); };
  const produced = `<table><tr><th>run</th>${RESOURCE_KEYS.map((k) => `<th>${k}</th>`).join('')}</tr>${r.runs.map((x) => `<tr><td>${esc(name(x))}</td>${RESOURCE_KEYS.map((k) => `<td>${producedDay(x, k)}</td>`).join('')}</tr>`).join('')}</table>`;
  const values = [...r.matrix.units, ...r.matrix.defenses].map((k) => `<code>${k}</code> ${fmtNumber(valueOf(c, k))}`).join(', ');
  const mixes = r.matrix.mixes.map((f) => `<tr><td>${esc(f.attacker)}</td><td>${esc(f.defender)}</td><td>${Math.round(f.attackerWins * 100)}%</td><td>${Math.round(f.defenderWins * 100)}%</td><td>${fmtNumber(f.attackerLost)}</td><td>${fmtNumber(f.defenderLost)}</td></tr>`).join('');
  return `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>Broodspace: the long game</title><style>
body{font:14px/1.4 system-ui,sans-serif;margin:24px;color:#212529;background:#f8f9fa}h2{margin-top:28px;border-bottom:2px solid #2f9e44}
.row{display:flex;flex-wrap:wrap;gap:16px}table{border-collapse:collapse;font-size:12px}td,th{border:1px solid #dee2e6;padding:2px 6px;text-align:left}th{background:#f1f3f5}
.heat td{text-align:center;min-width:34px}.heat small{display:block;color:#495057;font-size:10px}.heat th.rot{writing-mode:vertical-rl;transform:rotate(180deg);font-weight:normal}
svg{background:#fff;border:1px solid #e9ecef;border-radius:4px}svg text{font-size:10px;fill:#495057}svg .title{font-size:12px;font-weight:600}svg .grid{stroke:#e9ecef}
.error{color:#c92a2a}.ok{color:#2b8a3e}code{font-size:12px;color:#5f3dc4}
</style></head><body><h1>The long game</h1>
<p>Two planners play one player for ${b.simulated_days} game days with game-core's own rules: <b>greedy</b> always starts the cheapest useful thing; <b>goal</b> works toward the cheapest entry of the next tier, prerequisites first. Both found a colony whenever a territory slot is free (a colonizer flies ${b.colony_flight_hours} h at speed 1). Bounds: <code>packages/game-data/data/long-game.json</code>, judged at speed ${b.speeds[0]}. <a href="index.html">Cost charts</a>, <a href="new-player.html">first days</a>.</p>
<h2>Bounds</h2>${problems}
<h2>When each tier first becomes possible</h2><p>Circles: greedy; squares: goal; paler: faster speeds (${b.speeds.join(', ')}).</p>${tierChart(c, r.runs, b.simulated_days)}
<h3>Day each resource is first produced</h3>${produced}
<h2>Points</h2><div class="row">${points}<table><tr><th>run</th>${b.points_at_days.map((d) => `<th>day ${d}</th>`).join('')}</tr>${pointRows}</table></div>
<h2>Production and starts</h2><p>Per day: new starts (a new level or a first unit or defense); the longest stretch without one touching the day; the longest idle wait (nothing new affordable in any territory).</p>${judged.map((x) => runCharts(c, x)).join('')}${r.runs.filter((x) => x.speed !== b.speeds[0]).map((x) => runCharts(c, x)).join('')}
<h2>Combat matrix</h2><p>Each side brings ${fmtNumber(b.combat.value_per_fight)} of value: a unit's cost with every resource weighted by its tier's score weight (the value the battle engine counts as destroyed). ${b.combat.runs} seeded runs of <code>battleOdds</code> per cell. Cell: the row's win share (%) attacking the column, below it the value it destroyed per value it lost; green: it wins or trades 2 or better (it beats the column), red: it trades 0.5 or worse. '–': the sides cannot be evened (a capped defense against a costly unit).</p>${heatmap(r.matrix)}
<p>Values: ${values}.</p>
<h3>Random unit mixes attacking random defense mixes</h3><table><tr><th>attackers</th><th>defenses</th><th>attacker wins</th><th>defender wins</th><th>attacker lost</th><th>defender lost</th></tr>${mixes}</table>
</body></html>
`;
}

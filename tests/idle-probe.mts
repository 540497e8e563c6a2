import { readFileSync, readdirSync } from 'node:fs';
import { startGame } from './e2e/harness';
const g = await startGame({});
await new Promise(r => setTimeout(r, 15000));
function procs() {
  const m = new Map<number, { ppid: number; ticks: number; cmd: string }>();
  for (const d of readdirSync('/proc')) {
    if (!/^\d+$/.test(d)) continue;
    try {
      const s = readFileSync(`/proc/${d}/stat`, 'utf8'); const rest = s.slice(s.lastIndexOf(')') + 2).split(' ');
      const cmd = readFileSync(`/proc/${d}/cmdline`, 'utf8').replace(/\0/g, ' ');
      m.set(Number(d), { ppid: Number(rest[1]), ticks: Number(rest[11]) + Number(rest[12]), cmd });
    } catch {}
  }
  return m;
}
function tree(m: Map<number, { ppid: number; ticks: number; cmd: string }>) {
  const roots = [...m].filter(([, p]) => p.cmd.includes(g.dataDir) || p.cmd.includes('apps/api/src/main') || p.cmd.includes('sim-worker/src/main')).map(([pid]) => pid).filter(pid => { const p = m.get(pid)!; return p.ppid === process.pid || p.cmd.includes(g.dataDir) || m.get(p.ppid)?.ppid === process.pid; });
  const set = new Set(roots); let grew = true;
  while (grew) { grew = false; for (const [pid, p] of m) if (!set.has(pid) && set.has(p.ppid)) { set.add(pid); grew = true; } }
  return set;
}
const a = procs(); const set = tree(a);
await new Promise(r => setTimeout(r, 60000));
const b = procs();
const by = new Map<string, number>();
for (const pid of set) { const x = a.get(pid), y = b.get(pid); if (!x || !y) continue; const k = y.cmd.slice(0, 60); by.set(k, (by.get(k) ?? 0) + y.ticks - x.ticks); }
let total = 0; for (const [k, v] of by) { total += v; if (v) console.log(v / 100, 's', k); }
console.log('total CPU s per 60 s idle:', total / 100);
await g.stop();

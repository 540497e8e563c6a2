/**
 * /login audited by Lighthouse 13 (mobile preset: simulated slow 4G and a 4x slower CPU) in Debian's
 * Chromium, against the built app served by the real stack. Goals (issue #17): performance at least
 * 90, accessibility 100. Three runs; the median of each category and the login page's weight.
 *
 *   npx tsx tests/bench/login-audit.ts   (exits 1 when a goal is missed)
 */
import { randomBytes } from 'node:crypto';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { launch } from 'chrome-launcher';
import lighthouse from 'lighthouse';
import { freePort } from '@brood/world/testing';
import { startStack } from '../../scripts/lib/stack';

const CHROMIUM = '/usr/bin/chromium';
const RUNS = 3;
const GOALS = { performance: 90, accessibility: 100 } as const;

const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)]!;

async function main(): Promise<void> {
  const dataDir = mkdtempSync(join(tmpdir(), 'brood-lighthouse-'));
  const stack = await startStack({ port: await freePort(), pgPort: await freePort(), dataDir, ephemeral: true, build: true, output: dataDir, env: { LOG_LEVEL: 'warn', JWT_SECRET: randomBytes(24).toString('hex') } });
  const chrome = await launch({ chromePath: CHROMIUM, chromeFlags: ['--headless=new', '--no-sandbox', '--disable-gpu', '--no-first-run'] });
  const scores: Record<string, number[]> = { performance: [], accessibility: [], 'best-practices': [] };
  const metrics: Record<string, number[]> = { fcp: [], lcp: [], tbt: [], kib: [], scriptKib: [] };
  try {
    for (let run = 1; run <= RUNS; run++) {
      const result = await lighthouse(`${stack.baseUrl}/login`, { port: chrome.port, logLevel: 'error', output: 'json', onlyCategories: Object.keys(scores) });
      if (!result) throw new Error('Lighthouse returned nothing');
      const { categories, audits } = result.lhr;
      for (const key of Object.keys(scores)) scores[key]!.push(Math.round((categories[key]?.score ?? 0) * 100));
      const items = (audits['resource-summary']?.details as { items?: { resourceType: string; transferSize: number }[] } | undefined)?.items ?? [];
      metrics.fcp!.push(audits['first-contentful-paint']?.numericValue ?? NaN);
      metrics.lcp!.push(audits['largest-contentful-paint']?.numericValue ?? NaN);
      metrics.tbt!.push(audits['total-blocking-time']?.numericValue ?? NaN);
      metrics.kib!.push((items.find((i) => i.resourceType === 'total')?.transferSize ?? NaN) / 1024);
      metrics.scriptKib!.push((items.find((i) => i.resourceType === 'script')?.transferSize ?? NaN) / 1024);
      const failing = Object.values(audits).filter((a) => a.score !== null && a.score < 1 && result.lhr.categories.accessibility?.auditRefs.some((r) => r.id === a.id && r.weight > 0));
      // A category without a score (counted as 0) is Lighthouse failing to measure, not the page scoring 0: say why.
      const weighed = new Set(Object.values(categories).flatMap((c) => c.auditRefs.filter((r) => r.weight > 0).map((r) => r.id)));
      const unmeasured = Object.values(audits).filter((a) => a.errorMessage && weighed.has(a.id)).map((a) => `${a.id}: ${a.errorMessage}`);
      const why = result.lhr.runtimeError?.message ?? (unmeasured.length ? unmeasured.join('; ') : '');
      console.log(`run ${run}: ${Object.entries(scores).map(([k, v]) => `${k} ${v.at(-1)}`).join(', ')}${failing.length ? `; accessibility audits failing: ${failing.map((a) => a.id).join(', ')}` : ''}${why ? `; not measured: ${why}` : ''}`);
    }
  } finally {
    chrome.kill();
    await stack.stop();
  }
  console.log(`\n/login, Lighthouse ${RUNS} runs, mobile preset, medians:`);
  for (const [key, values] of Object.entries(scores)) console.log(`  ${key.padEnd(16)} ${median(values)}  (runs: ${values.join(', ')})`);
  console.log(`  first contentful paint ${(median(metrics.fcp!) / 1000).toFixed(1)} s, largest contentful paint ${(median(metrics.lcp!) / 1000).toFixed(1)} s, total blocking time ${Math.round(median(metrics.tbt!))} ms`);
  console.log(`  transferred ${Math.round(median(metrics.kib!))} KiB, of which script ${Math.round(median(metrics.scriptKib!))} KiB`);
  const missed = Object.entries(GOALS).filter(([key, goal]) => median(scores[key]!) < goal);
  if (missed.length > 0) {
    console.log(`MISSED: ${missed.map(([key, goal]) => `${key} under ${goal}`).join(', ')}`);
    process.exitCode = 1;
  }
}

await main();

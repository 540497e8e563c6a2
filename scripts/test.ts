// `npm test` (and CI through .ci/run): every check and test, in order, stopping at the first failure,
// always ending with a summary and the line `N passed, N failed`.
import { spawn, spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, relative } from 'node:path';
import { BIN, ROOT } from './lib/processes';

const PGBOUNCER = process.env.PGBOUNCER ?? '/usr/sbin/pgbouncer';
const reports = mkdtempSync(join(tmpdir(), 'brood-test-reports-'));

interface StepResult {
  name: string;
  ok: boolean;
  seconds: number;
  passed: number;
  failed: number;
  note?: string;
  /** What failed, one line each (file, test, first line of the error), repeated in the summary. */
  failures?: string[];
}
const results: StepResult[] = [];

function exec(command: string, args: string[], env: NodeJS.ProcessEnv = {}, output?: Buffer[]): Promise<number> {
  return new Promise((resolve) => {
    const child = spawn(command, args, {
      cwd: ROOT,
      stdio: output ? ['ignore', 'pipe', 'pipe'] : 'inherit',
      env: { ...process.env, TURBO_TELEMETRY_DISABLED: '1', ...(output ? { FORCE_COLOR: '1' } : {}), ...env },
    });
    child.stdout?.on('data', (chunk: Buffer) => output?.push(chunk));
    child.stderr?.on('data', (chunk: Buffer) => output?.push(chunk));
    child.on('error', () => resolve(127));
    child.on('exit', (code) => resolve(code ?? 1));
  });
}

function banner(name: string): void {
  console.log(`\n\x1b[1m== ${name}\x1b[0m`);
}

/**
 * A step that is a command: it passes or fails as a whole. `quiet` keeps its output until it ends
 * (steps running side by side print one after another, each under its own banner).
 */
async function step(name: string, command: string, args: string[], quiet = false): Promise<boolean> {
  if (!quiet) banner(name);
  const output: Buffer[] | undefined = quiet ? [] : undefined;
  const started = Date.now();
  const code = await exec(command, args, {}, output);
  const ok = code === 0;
  if (output) {
    banner(name);
    process.stdout.write(Buffer.concat(output));
  }
  results.push({ name, ok, seconds: (Date.now() - started) / 1000, passed: 0, failed: ok ? 0 : 1, note: ok ? undefined : `exit ${code}` });
  return ok;
}

/** The parts of vitest's JSON report read here. */
interface VitestReport {
  numPassedTests: number;
  numFailedTests: number;
  numFailedTestSuites: number;
  testResults: { name: string; status: string; message?: string; assertionResults: { fullName: string; status: string; failureMessages: string[] }[] }[];
}

const firstLine = (text = '') => text.replace(/\x1b\[[0-9;]*m/g, '').trim().split('\n')[0]!.slice(0, 300);

/** A vitest run of some projects; the test counts come from its JSON report. */
async function vitest(name: string, projects: string[]): Promise<boolean> {
  banner(name);
  const started = Date.now();
  const json = join(reports, `${name.replace(/\W+/g, '-')}.json`);
  const args = ['run', '--config', 'tests/vitest.config.ts', ...projects.flatMap((p) => ['--project', p]), '--reporter=default', '--reporter=json', `--outputFile.json=${json}`];
  const code = await exec(join(BIN, 'vitest'), args);
  let passed = 0;
  let failed = 0;
  const failures: string[] = [];
  if (existsSync(json)) {
    const report = JSON.parse(readFileSync(json, 'utf8')) as VitestReport;
    passed = report.numPassedTests;
    failed = report.numFailedTests + (report.numFailedTests === 0 ? report.numFailedTestSuites : 0);
    for (const file of report.testResults) {
      const where = relative(ROOT, file.name);
      const tests = file.assertionResults.filter((t) => t.status === 'failed');
      for (const t of tests) failures.push(`${where} > ${t.fullName}: ${firstLine(t.failureMessages[0])}`);
      if (tests.length === 0 && file.status === 'failed') failures.push(`${where}: ${firstLine(file.message)}`);
    }
  }
  if (code !== 0 && failed === 0) failed = 1; // the run itself failed (a file that does not load, a global setup error)
  results.push({ name, ok: code === 0, seconds: (Date.now() - started) / 1000, passed, failed, failures });
  return code === 0;
}

/** The Debian packages the tests need: each package, the binary that shows it is there, and what needs it. */
const PACKAGES = [
  { name: 'chromium', binary: '/usr/bin/chromium', why: 'the browser tests that need the whole browser (pwa.e2e)' },
  { name: 'chromium-headless-shell', binary: '/usr/bin/chromium-headless-shell', why: 'the browser tests' },
  { name: 'pgbouncer', binary: PGBOUNCER, why: 'tests/integration/scale-pgbouncer.test.ts' },
];

/**
 * The packages missing from PACKAGES, installed with one apt-get when this runs as root (one index
 * update for all: on a fresh machine every one is missing); otherwise the step fails with the command to run.
 */
async function ensurePackages(): Promise<boolean> {
  const name = 'system packages';
  banner(name);
  const missing = PACKAGES.filter((p) => !existsSync(p.binary));
  if (missing.length === 0) {
    results.push({ name, ok: true, seconds: 0, passed: 0, failed: 0, note: 'present' });
    return true;
  }
  const names = missing.map((p) => p.name);
  if (process.getuid?.() !== 0) {
    for (const p of missing) console.error(`${p.binary} (${p.why}) is missing.`);
    console.error(`This is not root. Install them once with:\n  sudo apt-get update && sudo apt-get install -y ${names.join(' ')}\nthen run npm test again.`);
    results.push({ name, ok: false, seconds: 0, passed: 0, failed: 1, note: 'missing; install with apt-get (see above)' });
    return false;
  }
  const started = Date.now();
  console.log(`installing ${names.join(', ')} with apt-get (once)...`);
  const env = { ...process.env, DEBIAN_FRONTEND: 'noninteractive' };
  const ok =
    spawnSync('apt-get', ['update', '-qq'], { stdio: 'inherit', env }).status === 0 &&
    spawnSync('apt-get', ['install', '-y', '-qq', ...names], { stdio: 'inherit', env }).status === 0 &&
    missing.every((p) => existsSync(p.binary));
  results.push({ name, ok, seconds: (Date.now() - started) / 1000, passed: 0, failed: ok ? 0 : 1, note: ok ? `installed ${names.join(', ')}` : 'apt-get failed' });
  return ok;
}

function summary(): number {
  console.log('\n\x1b[1m== summary\x1b[0m');
  for (const r of results) {
    const counts = r.passed || r.failed ? ` ${r.passed} passed, ${r.failed} failed` : '';
    console.log(`${r.ok ? 'ok  ' : 'FAIL'} ${r.name.padEnd(22)} ${r.seconds.toFixed(1).padStart(6)} s${counts}${r.note ? ` (${r.note})` : ''}`);
    for (const failure of r.failures ?? []) console.log(`       ${failure}`);
  }
  const passed = results.reduce((n, r) => n + r.passed, 0);
  const failed = results.reduce((n, r) => n + r.failed, 0);
  console.log(`${passed} passed, ${failed} failed`);
  rmSync(reports, { recursive: true, force: true });
  return results.every((r) => r.ok) ? 0 : 1;
}

const turbo = join(BIN, 'turbo');
type Step = [id: string, run: (quiet: boolean) => Promise<boolean>];
/**
 * In order; the steps of an inner list run side by side (each is one process, mostly on one core,
 * so on two cores the three checks take about as long as the longest instead of their sum).
 */
const steps: (Step | Step[])[] = [
  ['packages', ensurePackages],
  [
    ['game-data', (quiet) => step('game-data check', 'npm', ['run', '--silent', 'game-data:check'], quiet)],
    ['lint', (quiet) => step('lint', join(BIN, 'eslint'), ['.', '--max-warnings=0'], quiet)],
    ['typecheck', (quiet) => step('typecheck', turbo, ['run', 'typecheck', '--output-logs=errors-only', '--concurrency=2'], quiet)],
  ],
  ['unit', () => vitest('unit and property', existsSync(join(ROOT, 'apps/web/vitest.config.ts')) ? ['unit', 'web'] : ['unit'])],
  ['integration', () => vitest('integration', ['integration'])],
  ['build', () => step('build web app', turbo, ['run', 'build', '--output-logs=errors-only'])],
  ['e2e', () => vitest('end-to-end', ['e2e'])],
];

// While working: `npm test -- --only=unit,integration` or `npm test -- --skip=e2e`. CI runs everything.
const list = (flag: string) => process.argv.find((a) => a.startsWith(`--${flag}=`))?.slice(flag.length + 3).split(',');
const only = list('only');
const skip = list('skip') ?? [];
const wanted = ([id]: Step) => (only ? only.includes(id) : !skip.includes(id));

let interrupted = false;
process.on('SIGINT', () => {
  interrupted = true;
});
for (const entry of steps) {
  const group = (typeof entry[0] === 'string' ? [entry as Step] : (entry as Step[])).filter(wanted);
  if (group.length === 0) continue;
  if (interrupted) break;
  const oks = await Promise.all(group.map(([, run]) => run(group.length > 1)));
  if (!oks.every(Boolean)) break;
}
process.exit(summary());

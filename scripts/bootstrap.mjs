#!/usr/bin/env node
// Runs on whatever Node the machine has: installs what is missing, then hands over to the
// project's own Node 22 (the `node` npm package) for the real script in scripts/<command>.ts.
import { spawn, spawnSync } from 'node:child_process';
import { existsSync, statSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');
const [command = 'start', ...args] = process.argv.slice(2);
const bin = join(root, 'node_modules', '.bin');
const marker = join(root, 'node_modules', '.package-lock.json');
const lock = join(root, 'package-lock.json');

function needsInstall() {
  if (!existsSync(marker) || !existsSync(join(bin, 'tsx')) || !existsSync(join(bin, 'node'))) return true;
  return existsSync(lock) && statSync(lock).mtimeMs > statSync(marker).mtimeMs + 1000;
}

if (needsInstall()) {
  console.log('[broodspace] installing dependencies (first run)...');
  const npmArgs = existsSync(lock) ? ['ci', '--no-audit', '--no-fund'] : ['install', '--no-audit', '--no-fund'];
  const result = spawnSync('npm', npmArgs, { cwd: root, stdio: 'inherit', env: { ...process.env, TURBO_TELEMETRY_DISABLED: '1' } });
  if (result.status !== 0) {
    console.error('[broodspace] npm install failed; see the output above.');
    process.exit(result.status ?? 1);
  }
}

const env = {
  ...process.env,
  PATH: `${bin}:${process.env.PATH ?? ''}`,
  TURBO_TELEMETRY_DISABLED: '1',
  NODE_OPTIONS: [process.env.NODE_OPTIONS, '--no-warnings=ExperimentalWarning'].filter(Boolean).join(' '),
};
// `--import tsx` runs TypeScript in this one process (no tsx wrapper in between to relay signals).
const child = spawn(join(bin, 'node'), ['--import', 'tsx', join(root, 'scripts', `${command}.ts`), ...args], {
  cwd: root,
  stdio: 'inherit',
  env,
});
for (const signal of ['SIGINT', 'SIGTERM', 'SIGHUP']) {
  process.on(signal, () => child.kill(signal));
}
child.on('exit', (code, signal) => process.exit(code ?? (signal ? 1 : 0)));

// `npm run bench`: every workspace's own `bench` script, one after another, printing its figures.
// A workspace joins by adding `"bench": "..."` to its package.json scripts. `npm run bench:load`
// (`bench.ts load`) runs the `bench:load` scripts instead: the load benches on a running stack;
// `npm run bench:universe -- --online 200` the universe bench, with the arguments after `--` passed on.
import { spawnSync } from 'node:child_process';
import { existsSync, readFileSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import { ROOT } from './lib/processes';

interface Manifest {
  name: string;
  scripts?: Record<string, string>;
}

function workspaces(): Manifest[] {
  const found: Manifest[] = [];
  for (const group of ['packages', 'apps']) {
    for (const dir of readdirSync(join(ROOT, group))) {
      const file = join(ROOT, group, dir, 'package.json');
      if (existsSync(file)) found.push(JSON.parse(readFileSync(file, 'utf8')) as Manifest);
    }
  }
  const tests = join(ROOT, 'tests', 'package.json');
  if (existsSync(tests)) found.push(JSON.parse(readFileSync(tests, 'utf8')) as Manifest);
  return found;
}

const script = process.argv[2] ? `bench:${process.argv[2]}` : 'bench';
const passed = process.argv.slice(3);
const benches = workspaces().filter((w) => w.scripts?.[script]);
if (benches.length === 0) console.log('No workspace has a bench script yet.');
const failed: string[] = [];
for (const w of benches) {
  console.log(`\n\x1b[1m== ${w.name}\x1b[0m  (${w.scripts?.[script]})`);
  const result = spawnSync('npm', ['run', '--silent', script, '-w', w.name, ...(passed.length ? ['--', ...passed] : [])], { cwd: ROOT, stdio: 'inherit', env: process.env });
  if (result.status !== 0) failed.push(w.name);
}
if (failed.length > 0) {
  console.error(`\nbench failed in: ${failed.join(', ')}`);
  process.exit(1);
}

// Runs the named benches (tests/bench/<name>.ts) one after another, each to the end even when an
// earlier one missed its goal (a bench exits 1 on a miss): every figure is printed, and this exits 1
// naming the benches that missed.
import { spawnSync } from 'node:child_process';
import { join } from 'node:path';

const names = process.argv.slice(2);
const missed: string[] = [];
for (const name of names) {
  console.log(`\n\x1b[1m-- ${name}\x1b[0m`);
  const result = spawnSync(process.execPath, ['--import', 'tsx', join(import.meta.dirname, `${name}.ts`)], { stdio: 'inherit', env: process.env });
  if (result.status !== 0) missed.push(name);
}
if (missed.length > 0) {
  console.error(`\nmissed or failed: ${missed.join(', ')}`);
  process.exit(1);
}

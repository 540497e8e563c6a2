/**
 * The designer's check: npm run game-data:check [-- --item <key>] [-- --quiet]
 * Validates the catalogue (schema, unknown keys, cycles, reachability), prints the balance report,
 * writes packages/game-data/game-data-report/index.html, and exits non-zero on an error.
 */
import { mkdirSync, writeFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { balanceReport, defaultScenarios, formatBalance, formatItem, formatProblems, rawCatalogue, renderHtml, validateCatalogue } from '../src/index';

const args = process.argv.slice(2);
const quiet = args.includes('--quiet');
const itemKey = args[args.indexOf('--item') + 1];

const { catalogue, problems } = validateCatalogue(rawCatalogue());
console.log(formatProblems(problems));

const scenarios = catalogue ? defaultScenarios(catalogue) : [];
const items = catalogue ? balanceReport(catalogue, scenarios) : [];
if (catalogue && args.includes('--item')) {
  const found = items.filter((i) => i.key === itemKey);
  console.log(found.length ? found.map((i) => formatItem(i, scenarios)).join('\n\n') : `No entry with the key '${itemKey}'.`);
} else if (catalogue && !quiet) {
  console.log(`\n${formatBalance(catalogue, items, scenarios)}`);
}

const dir = fileURLToPath(new URL('../game-data-report/', import.meta.url));
mkdirSync(dir, { recursive: true });
writeFileSync(`${dir}index.html`, renderHtml(catalogue, problems, items, scenarios));
console.log(`\nCharts: ${dir}index.html`);

if (problems.some((p) => p.level === 'error')) process.exitCode = 1;

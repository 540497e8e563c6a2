/**
 * The long-game half of the designer's check (`npm run game-data:check` runs it after the new
 * player): plays the catalogue with both planners for the days of packages/game-data/data/long-game.json
 * at each of its speeds, fights every combat unit and defense against the others at equal value,
 * checks every bound (the static ones too), writes game-data-report/long-game.html and exits
 * non-zero when a bound is broken. `--quiet` prints only the bounds.
 */
import { mkdirSync, writeFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { loadLongGameBounds, loadNewPlayerBounds, rawCatalogue, validateCatalogue } from '@brood/game-data';
import { formatLongGame, longGameReport, renderLongGameHtml } from '../src/index';

const quiet = process.argv.includes('--quiet');
const { catalogue } = validateCatalogue(rawCatalogue());
if (!catalogue) {
  console.log('\nLong game: not simulated, the game data has errors.');
  process.exit(1);
}
const bounds = loadLongGameBounds();
const report = longGameReport(catalogue, bounds, loadNewPlayerBounds().worker_archetypes);
const text = formatLongGame(catalogue, report, bounds);
console.log(`\n${quiet ? text.slice(text.indexOf('long game bounds:')) : text}`);

const dir = fileURLToPath(new URL('../../game-data/game-data-report/', import.meta.url));
mkdirSync(dir, { recursive: true });
writeFileSync(`${dir}long-game.html`, renderLongGameHtml(catalogue, report, bounds));
console.log(`\nLong game: ${dir}long-game.html`);
if (report.problems.length > 0) {
  console.log('\nlong game: a bound of packages/game-data/data/long-game.json is broken (see FAIL above).');
  process.exitCode = 1;
}

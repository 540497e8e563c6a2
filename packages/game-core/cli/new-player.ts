/**
 * The new-player half of the designer's check (`npm run game-data:check` runs it after the catalogue
 * check): plays the catalogue with the greedy new player, prints the timeline and every bound of
 * packages/game-data/data/new-player.json, writes game-data-report/new-player.html beside the cost
 * charts, and exits non-zero when a bound is broken. `--quiet` prints only the bounds.
 */
import { mkdirSync, writeFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { loadNewPlayerBounds, rawCatalogue, validateCatalogue, type NewPlayerBounds } from '@brood/game-data';
import { formatNewPlayer, newPlayerReport, renderNewPlayerHtml } from '../src/index';

const quiet = process.argv.includes('--quiet');
const { catalogue } = validateCatalogue(rawCatalogue());
let bounds: NewPlayerBounds | undefined;
try {
  bounds = loadNewPlayerBounds();
} catch (e) {
  console.log(`\n${(e as Error).message}`);
}
if (!catalogue || !bounds) {
  console.log('\nNew player: not simulated, the game data has errors.');
  process.exit(1);
}

const report = newPlayerReport(catalogue, bounds);
const text = formatNewPlayer(report, bounds);
console.log(`\n${quiet ? text.split('\n  milestones')[0] : text}`);

const dir = fileURLToPath(new URL('../../game-data/game-data-report/', import.meta.url));
mkdirSync(dir, { recursive: true });
writeFileSync(`${dir}new-player.html`, renderNewPlayerHtml(report, bounds));
console.log(`\nTimeline: ${dir}new-player.html`);
if (!report.ok) {
  console.log('\nnew player: a bound of packages/game-data/data/new-player.json is broken (see FAIL above).');
  process.exitCode = 1;
}

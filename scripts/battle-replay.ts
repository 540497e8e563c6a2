// `npm run battle:replay -- <battle id | all>`: re-runs stored battles from their input, catalogue and
// seed, and says whether each report comes out byte for byte as stored (exit code 1 when one does not).
import { battleIds, createOrm, replayBattle } from '@brood/world';

const url = process.env.DATABASE_URL;
const arg = process.argv[2];
if (!url || !arg || !(arg === 'all' || /^\d+$/.test(arg))) {
  console.error('usage: DATABASE_URL=postgres://... npm run battle:replay -- <battle id | all>');
  process.exit(2);
}
const orm = await createOrm(url, { poolMax: 2 });
let differing = 0;
try {
  const ids = arg === 'all' ? await battleIds(orm.em.fork()) : [Number(arg)];
  for (const id of ids) {
    const replay = await replayBattle(orm.em.fork(), id);
    if (!replay.identical) differing += 1;
    console.log(JSON.stringify({ battle_id: id, engine_version: replay.engine_version, seed: replay.seed, identical: replay.identical, bytes: replay.stored_report.length }));
    if (!replay.identical && ids.length === 1) console.log(replay.replayed_report);
  }
  console.log(`[battle:replay] ${ids.length - differing} of ${ids.length} battle(s) replayed identically`);
} catch (error) {
  console.error(`[battle:replay] ${error instanceof Error ? error.message : String(error)}`);
  differing += 1;
} finally {
  await orm.close(true);
}
process.exit(differing > 0 ? 1 : 0);

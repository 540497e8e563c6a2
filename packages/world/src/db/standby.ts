import { appendFileSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';

/** Quoted for postgresql.conf: a single-quoted string with its quotes doubled. */
const confString = (value: string) => `'${value.replace(/'/g, "''")}'`;

/**
 * Turns a base backup (a backup folder's `data/` before restoreBaseBackup copies it, or a restored
 * data directory before its first start) into a streaming replica of the server at `primaryUrl`:
 * `standby.signal` makes the next start a standby, which replays the backup's WAL and then streams
 * the rest from the primary (`primary_conninfo`, a libpq URL of a role with REPLICATION), holding its
 * place in `slot` (a physical replication slot made on the primary, so the primary keeps the WAL the
 * replica has not received yet). With hot_standby (the default) it answers reads (docs/scaling.md,
 * "Read replicas").
 */
export function configureStandby(dataDir: string, options: { primaryUrl: string; slot?: string; applicationName?: string }): void {
  const dir = resolve(dataDir);
  const url = new URL(options.primaryUrl);
  url.searchParams.set('application_name', options.applicationName ?? 'broodspace-replica');
  const lines = [`primary_conninfo = ${confString(url.toString())}`];
  if (options.slot) lines.push(`primary_slot_name = ${confString(options.slot)}`);
  // postgresql.auto.conf is read after postgresql.conf: these win over anything copied from the primary.
  appendFileSync(join(dir, 'postgresql.auto.conf'), `\n# made a standby by configureStandby\n${lines.join('\n')}\n`);
  writeFileSync(join(dir, 'standby.signal'), '');
}

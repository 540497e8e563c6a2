import type { FastifyBaseLogger } from 'fastify';
import type { EntityManager, MikroORM } from '@mikro-orm/postgresql';
import { isConnectionError, isRecoveryConflict } from '../database/connection-error';

type ReadLog = Pick<FastifyBaseLogger, 'warn' | 'info'>;

const quiet: ReadLog = { warn: () => undefined, info: () => undefined } as unknown as ReadLog;

/**
 * How far the replica's data is behind the primary's, in seconds: the age of the last transaction it
 * replayed, but 0 when it has replayed all the WAL it received (an idle primary sends nothing, so that
 * age would grow with nothing missing) and 0 on a server that is not a standby.
 */
const LAG_SQL = `
  select case when not pg_is_in_recovery() then 0
              when pg_last_wal_receive_lsn() = pg_last_wal_replay_lsn() then 0
              else greatest(0, coalesce(extract(epoch from now() - pg_last_xact_replay_timestamp()), 0))
          end::float8 as lag`;

/**
 * Where the reads that may be a few seconds stale go (docs/scaling.md, "Read replicas"): the replica of
 * DATABASE_READ_URL while it answers, else the primary. A read the replica fails for want of a
 * connection is asked of the primary at once; the replica is then left alone, with one warning in
 * the log, and tried every `retryMs` until it answers again (one info line), so a dead replica costs
 * one failed request, not one per request.
 */
export class StaleReads {
  private up = true;
  private probe: NodeJS.Timeout | null = null;
  private probing = false;
  private log: ReadLog = quiet;

  constructor(
    private readonly replica: MikroORM | null,
    private readonly retryMs: number,
  ) {}

  /** Whether DATABASE_READ_URL is set. */
  get configured(): boolean {
    return this.replica !== null;
  }

  /** Whether stale-ok reads go to the replica now (false: it is unset, or not answering and they go to the primary). */
  get onReplica(): boolean {
    return this.replica !== null && this.up;
  }

  /** Where the fallback's log lines go: the api's logger, once it exists. */
  logTo(log: ReadLog): void {
    this.log = log;
  }

  /** Runs `read` on the replica when there is one that answers, else (or when it fails to connect) on `primary`. */
  async run<T>(primary: EntityManager, read: (em: EntityManager) => Promise<T>): Promise<T> {
    if (!this.replica || !this.up) return read(primary);
    try {
      return await read(this.replica.em.fork());
    } catch (error) {
      if (isConnectionError(error)) this.lost(error);
      else if (!isRecoveryConflict(error)) throw error;
      return read(primary);
    }
  }

  /** The replica's lag in seconds (LAG_SQL); NaN when it is unset or not answering. */
  async lagSeconds(): Promise<number> {
    if (!this.replica || !this.up) return Number.NaN;
    try {
      const rows = await this.replica.em.getConnection().execute<{ lag: number }[]>(LAG_SQL);
      return Number(rows[0]?.lag ?? Number.NaN);
    } catch (error) {
      if (isConnectionError(error)) this.lost(error);
      return Number.NaN;
    }
  }

  async close(): Promise<void> {
    if (this.probe) clearInterval(this.probe);
    this.probe = null;
    await this.replica?.close(true);
  }

  private lost(error: unknown): void {
    if (!this.up) return;
    this.up = false;
    const reason = error instanceof Error ? error.message : String(error);
    this.log.warn({ replica: 'DATABASE_READ_URL', reason }, `read replica unreachable (${reason}): stale-ok reads go to the primary until it answers again`);
    this.probe = setInterval(() => void this.tryAgain(), this.retryMs);
    this.probe.unref();
  }

  private async tryAgain(): Promise<void> {
    if (this.probing || !this.replica) return;
    this.probing = true;
    try {
      await this.replica.em.getConnection().execute('select 1');
      if (this.probe) clearInterval(this.probe);
      this.probe = null;
      this.up = true;
      this.log.info({ replica: 'DATABASE_READ_URL' }, 'read replica answers again: stale-ok reads go back to it');
    } catch {
      // Still away: the next tick tries again.
    } finally {
      this.probing = false;
    }
  }
}

import { Gauge, type Registry } from 'prom-client';
import type { StaleReads } from './read-replica';

/**
 * The read replica's gauges, when DATABASE_READ_URL is set (docs/operations.md lists them): whether the
 * stale-ok reads go to it, and how far behind the primary it is, read from the replica at scrape time.
 */
export function registerReplicaMetrics(registry: Registry, reads: StaleReads): void {
  if (!reads.configured) return;
  new Gauge({
    name: 'broodspace_replica_up',
    help: '1 while the stale-ok reads go to the DATABASE_READ_URL replica; 0 while it does not answer and they go to the primary',
    registers: [registry],
    aggregator: 'min', // of several api processes: 1 only when all of them read from it
    collect() {
      this.set(reads.onReplica ? 1 : 0);
    },
  });
  new Gauge({
    name: 'broodspace_replica_lag_seconds',
    help: "Age of the last transaction the replica replayed, 0 when it has replayed all the WAL it received; NaN while it does not answer",
    registers: [registry],
    aggregator: 'max',
    async collect() {
      this.set(await reads.lagSeconds());
    },
  });
}

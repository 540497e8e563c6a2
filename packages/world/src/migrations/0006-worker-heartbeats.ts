import { Migration } from '@mikro-orm/migrations';

/** Each running sim-worker's last sign of life; /healthz needs one that has not expired. */
export class Migration0006WorkerHeartbeats extends Migration {
  override name = '0006-worker-heartbeats';

  override up(): void {
    this.addSql(`
      create table worker_heartbeats (
        worker_id varchar(100) primary key,
        beat_at timestamptz not null,
        expires_at timestamptz not null
      );
    `);
  }
}

import { randomBytes } from 'node:crypto';
import type { MikroORM } from '@mikro-orm/postgresql';
import { beat, withdrawHeartbeat, type ProcessLog } from '@brood/world';
import { machineTag } from './reclaim';

export interface Heartbeat {
  workerId: string;
  stop(): Promise<void>;
}

/**
 * Beats now and every `intervalSeconds`, each beat good for three intervals (so one slow beat does
 * not make /healthz fail); a beat that fails is logged and the next one tries again. `stop` withdraws it.
 */
export async function startHeartbeat(orm: MikroORM, log: ProcessLog, intervalSeconds: number): Promise<Heartbeat> {
  // host:pid:boot:tag, so that a worker starting later on this machine can tell this one is gone (reclaim.ts).
  const workerId = `${machineTag()}:${randomBytes(3).toString('hex')}`;
  const ttlSeconds = intervalSeconds * 3;
  await beat(orm.em, workerId, ttlSeconds);
  let running: Promise<void> = Promise.resolve();
  const timer = setInterval(() => {
    running = beat(orm.em, workerId, ttlSeconds).catch((err: unknown) => log.error({ err }, 'heartbeat failed'));
  }, intervalSeconds * 1000);
  return {
    workerId,
    async stop() {
      clearInterval(timer);
      await running;
      await withdrawHeartbeat(orm.em, workerId);
    },
  };
}

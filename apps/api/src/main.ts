import cluster from 'node:cluster';
import { runProcess } from '@brood/world';
import { buildApp } from './app';
import { runApiProcesses } from './cluster';
import { closeApiDeps, createApiDeps } from './deps';
import { readEnv, type Env } from './env';
import { attachRealtime } from './realtime/hub';

const GRACE_MS = 15_000;

/**
 * The api process: reads its configuration, opens the database (already migrated by the start step:
 * pg-boss refuses an unmigrated one), serves HTTP and /ws, and shuts down cleanly on SIGINT/SIGTERM.
 * Stateless: run as many as you like on one database. With API_PROCESSES above 1 this process starts
 * that many on its port and serves nothing itself (./cluster.ts).
 */
function serve(env: Env): void {
  runProcess(
    async () => {
      const deps = await createApiDeps(env);
      const app = await buildApp(deps);
      deps.boss.on('error', (err) => app.log.error({ err }, 'pg-boss error'));
      const realtime = await attachRealtime(app, deps);
      await app.listen({ port: env.PORT, host: env.HOST });
      return {
        log: app.log,
        stop: async () => {
          await realtime.close();
          await app.close();
          await closeApiDeps(deps);
        },
      };
    },
    { graceMs: GRACE_MS },
  );
}

let env: Env;
try {
  env = readEnv();
} catch (error) {
  console.error(error instanceof Error ? error.message : error);
  process.exit(1);
}
if (cluster.isPrimary && env.API_PROCESSES > 1) runApiProcesses(env.API_PROCESSES, { graceMs: GRACE_MS + 1000, logLevel: env.LOG_LEVEL });
else serve(env);

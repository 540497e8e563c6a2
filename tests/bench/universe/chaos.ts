import { execSync } from 'node:child_process';
import type { Window } from './metrics';

/**
 * `--chaos`: in the middle of a step the sim-worker is killed with SIGKILL (at a third of it) and
 * PostgreSQL is restarted (at two thirds). Meanwhile /healthz is asked every 200 ms with a 1 s
 * limit, and a player's read every 200 ms shows when the api serves again. Each fault's window runs
 * from the fault until the api serves again (PostgreSQL) or the worker has caught up with what came
 * due meanwhile, plus 2 s; the step's bounds are judged outside those windows.
 *
 * On a stack the bench started, it knows the processes (the worker is restarted by the supervisor
 * `npm start` uses). With --base it needs `--worker-pid PID` (a supervisor must start the worker
 * again) and `--pg-restart 'command'` (a shell command that restarts the database).
 */
export interface FaultHooks {
  killWorker(): void;
  restartDatabase(): Promise<void>;
  /** true once the worker has applied everything due (nothing overdue). */
  caughtUp(): Promise<boolean>;
  /** one player read: true when answered 2xx */
  serves(): Promise<boolean>;
}

export interface ChaosReport {
  windows: Window[];
  lines: string[];
  /** /healthz answered within 1 s every time */
  healthy: boolean;
}

export function shellRestart(command: string): () => Promise<void> {
  return async () => {
    execSync(command, { stdio: 'inherit' });
  };
}

const until = async (check: () => Promise<boolean>, timeoutMs: number): Promise<boolean> => {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if (await check().catch(() => false)) return true;
    await new Promise((r) => setTimeout(r, 200));
  }
  return false;
};

/** Runs both faults during a step of `durationMs` begun at `stepStart` (performance.now()); answers when both are over. */
export async function runChaos(baseUrl: string, hooks: FaultHooks, stepStart: number, durationMs: number): Promise<ChaosReport> {
  let slowest = 0;
  let failures = 0;
  const lateAt: string[] = [];
  let probing = true;
  const probe = (async () => {
    while (probing) {
      const t = performance.now();
      try {
        await fetch(`${baseUrl}/healthz`, { signal: AbortSignal.timeout(1000) });
      } catch {
        failures += 1;
        if (lateAt.length < 8) lateAt.push(`${((t - stepStart) / 1000).toFixed(1)} s`);
      }
      slowest = Math.max(slowest, performance.now() - t);
      await new Promise((r) => setTimeout(r, 200));
    }
  })();
  const sinceStart = () => performance.now() - stepStart;
  const wait = (at: number) => new Promise((r) => setTimeout(r, Math.max(0, stepStart + at - performance.now())));
  const windows: Window[] = [];
  const lines: string[] = [];

  await wait(durationMs / 3);
  const killedAt = sinceStart();
  hooks.killWorker();
  // Give the supervisor its restart delay before asking whether the worker caught up.
  await new Promise((r) => setTimeout(r, 1500));
  const workerBack = await until(() => hooks.caughtUp(), 60_000);
  const workerEnd = sinceStart();
  windows.push({ from: killedAt, to: workerEnd + 2000 });
  lines.push(`chaos: sim-worker killed (SIGKILL) at ${(killedAt / 1000).toFixed(1)} s; ${workerBack ? `caught up ${((workerEnd - killedAt) / 1000).toFixed(1)} s later` : 'NOT caught up within 60 s'}`);

  await wait((2 * durationMs) / 3);
  const restartAt = sinceStart();
  await hooks.restartDatabase();
  const upAt = sinceStart();
  const serving = await until(() => hooks.serves(), 60_000);
  const servingAt = sinceStart();
  windows.push({ from: restartAt, to: servingAt + 2000 });
  lines.push(
    `chaos: PostgreSQL restarted at ${(restartAt / 1000).toFixed(1)} s (down ${((upAt - restartAt) / 1000).toFixed(1)} s); ` +
      `${serving ? `the api served again ${((servingAt - upAt) / 1000).toFixed(1)} s after it was up` : 'the api did NOT serve again within 60 s'}`,
  );
  probing = false;
  await probe;
  const healthy = failures === 0 && slowest < 1000;
  lines.push(`chaos: /healthz every 200 ms throughout: slowest ${Math.round(slowest)} ms, ${failures} unanswered within 1 s${lateAt.length ? ` (asked at ${lateAt.join(', ')})` : ''} (${healthy ? 'held' : 'MISSED'})`);
  return { windows, lines, healthy: healthy && workerBack && serving };
}

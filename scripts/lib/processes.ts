import { spawn, type ChildProcess } from 'node:child_process';
import { createWriteStream, type WriteStream } from 'node:fs';
import { join } from 'node:path';

export const ROOT = join(import.meta.dirname, '..', '..');
export const BIN = join(ROOT, 'node_modules', '.bin');

export interface Service {
  name: string;
  child: ChildProcess;
  /** Last lines it printed, for an error message when it dies. */
  tail(): string;
  exited: Promise<number | null>;
  stop(timeoutMs?: number): Promise<void>;
}

/**
 * The Node flags the game's processes run with (the Dockerfile's ENTRYPOINT and the tests' vitest
 * projects pass the same). `--experimental-async-context-frame` (Node 24's default) carries
 * AsyncLocalStorage, which MikroORM and the api use on every request, in the async context itself
 * instead of through promise hooks on every promise: 7% less of the api's CPU per request on the
 * universe bench (docs/benchmarks.md). `--max-semi-space-size=64` lets V8's young generation grow to
 * 64 MB a half instead of 16: a request's objects live as long as its database round trips, so with
 * the small default many survive two scavenges and are copied each time; with room for a few hundred
 * milliseconds of allocation they die young. The api's collection pauses went from 11 to 5% of its
 * CPU at 2,500 online (1.60 to 1.45 ms a request; docs/decisions.md 22), for at most some 100 MB more.
 */
export const NODE_FLAGS = ['--experimental-async-context-frame', '--max-semi-space-size=64'];

/**
 * Starts a TypeScript entry point as its own Node process (`node --import tsx file`: no npx or tsx
 * wrapper in between, so the pid we hold is the process we stop).
 */
export function startService(name: string, entry: string, env: NodeJS.ProcessEnv, output: 'inherit' | string): Service {
  const lines: string[] = [];
  const log: WriteStream | null = output === 'inherit' ? null : createWriteStream(output, { flags: 'a' });
  const child = spawn(process.execPath, [...NODE_FLAGS, '--import', 'tsx', join(ROOT, entry)], {
    cwd: ROOT,
    env: { ...process.env, ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  const relay = (stream: NodeJS.WritableStream) => (chunk: Buffer) => {
    const text = chunk.toString();
    lines.push(...text.split('\n').filter(Boolean));
    if (lines.length > 40) lines.splice(0, lines.length - 40);
    if (log) log.write(text);
    else stream.write(text);
  };
  child.stdout?.on('data', relay(process.stdout));
  child.stderr?.on('data', relay(process.stderr));
  const exited = new Promise<number | null>((resolve) => child.once('exit', (code) => {
    log?.end();
    resolve(code);
  }));
  return {
    name,
    child,
    exited,
    tail: () => lines.slice(-12).join('\n'),
    async stop(timeoutMs = 20_000) {
      if (child.exitCode !== null || child.signalCode !== null) return;
      child.kill('SIGTERM');
      const timer = setTimeout(() => child.kill('SIGKILL'), timeoutMs);
      await exited;
      clearTimeout(timer);
    },
  };
}

/** Runs a command to completion (inheriting the terminal); rejects on a non-zero exit. */
export function run(command: string, args: string[], options: { env?: NodeJS.ProcessEnv; quiet?: boolean } = {}): Promise<void> {
  return new Promise((resolve, reject) => {
    const child = spawn(command, args, { cwd: ROOT, env: { ...process.env, ...options.env }, stdio: options.quiet ? 'ignore' : 'inherit' });
    child.on('error', reject);
    child.on('exit', (code, signal) => (code === 0 ? resolve() : reject(new Error(`${command} ${args.join(' ')} failed (${signal ?? `exit ${code}`})`))));
  });
}

/**
 * Keeps a service running (`npm start`): when its process exits without being asked to (a crash, an
 * out-of-memory kill), says so and starts it again, after 1 s, doubling up to 30 s while it keeps
 * dying within a minute of starting. `stop()` stops it for good.
 */
export function supervise(start: () => Service, say: (line: string) => void): Service {
  let current = start();
  let stopping = false;
  let delayMs = 1_000;
  let timer: NodeJS.Timeout | undefined;
  const watch = (service: Service) => {
    const startedAt = Date.now();
    void service.exited.then((code) => {
      if (stopping) return;
      if (Date.now() - startedAt > 60_000) delayMs = 1_000;
      say(`the ${service.name} stopped (${service.child.signalCode ?? `exit ${code}`}); restarting it in ${delayMs / 1000} s`);
      timer = setTimeout(() => {
        if (stopping) return;
        current = start();
        watch(current);
      }, delayMs);
      delayMs = Math.min(delayMs * 2, 30_000);
    });
  };
  watch(current);
  return {
    name: current.name,
    get child() {
      return current.child;
    },
    get exited() {
      return current.exited;
    },
    tail: () => current.tail(),
    async stop(timeoutMs) {
      stopping = true;
      clearTimeout(timer);
      await current.stop(timeoutMs);
    },
  };
}

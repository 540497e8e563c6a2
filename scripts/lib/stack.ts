import { randomBytes } from 'node:crypto';
import { chmodSync, existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { migrateDatabase } from '@brood/world';
import { databaseUrl, ensureDatabase, startEmbeddedPostgres, type EmbeddedDatabase } from '@brood/world/dev';
import { BIN, ROOT, run, startService, supervise, type Service } from './processes';
import { vapidKeys } from './vapid';

export const WEB_DIST = join(ROOT, 'apps', 'web', 'dist');
export const DATABASE_NAME = 'broodspace';

export interface StackOptions {
  /** HTTP port of the api (0 is not allowed: the URL must be known). */
  port: number;
  /** Where the embedded database, the generated JWT secret and VAPID keys live (default .data/). */
  dataDir?: string;
  /** An external PostgreSQL instead of the embedded one. */
  databaseUrl?: string;
  /** Port of the embedded PostgreSQL (default 5433). */
  pgPort?: number;
  /** Throw-away database: fsync off, removed on stop (tests). */
  ephemeral?: boolean;
  /** Extra environment for the api and worker (JWT_SECRET, UNIVERSE_OVERRIDES, LOG_LEVEL, ...). */
  env?: Record<string, string>;
  /** Build the web app first (turbo run build). */
  build?: boolean;
  /** 'inherit' prints the processes' logs; a folder path writes api.log and worker.log there. */
  output?: 'inherit' | string;
  /** Start the api or the sim-worker again when it dies (`npm start`), with a line through `say`. */
  restart?: boolean;
  say?: (line: string) => void;
}

export interface Stack {
  baseUrl: string;
  databaseUrl: string;
  /** The embedded database (null with databaseUrl): the universe bench's --chaos restarts it. */
  embedded: EmbeddedDatabase | null;
  /** The api and the sim-worker, in that order: the universe bench's --chaos kills the worker. */
  services: Service[];
  stop(): Promise<void>;
}

/** The JWT signing secret: JWT_SECRET when set, else one generated on first start and kept in the data dir. */
function jwtSecret(dataDir: string, env: Record<string, string | undefined>): string {
  if (env.JWT_SECRET) return env.JWT_SECRET;
  const file = join(dataDir, 'jwt-secret');
  if (existsSync(file)) return readFileSync(file, 'utf8').trim();
  const secret = randomBytes(48).toString('base64url');
  writeFileSync(file, `${secret}\n`, { mode: 0o600 });
  chmodSync(file, 0o600);
  return secret;
}

async function waitHealthy(baseUrl: string, services: Service[], timeoutMs: number): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    for (const s of services) {
      if (s.child.exitCode !== null) throw new Error(`The ${s.name} stopped during start (exit ${s.child.exitCode}):\n${s.tail()}`);
    }
    try {
      const res = await fetch(`${baseUrl}/healthz`);
      if (res.ok) return;
    } catch {
      // not listening yet
    }
    if (Date.now() > deadline) throw new Error(`${baseUrl}/healthz did not answer 200 within ${timeoutMs / 1000} s.\n${services.map((s) => `${s.name}:\n${s.tail()}`).join('\n')}`);
    await new Promise((r) => setTimeout(r, 200));
  }
}

/**
 * The whole game on one machine: (build,) database (embedded unless databaseUrl), migrations once,
 * then the api (serving the web app, /api/v1, /trpc, /ws) and the sim-worker as child processes.
 * `stop()` stops the processes first and the database last.
 */
export async function startStack(options: StackOptions): Promise<Stack> {
  const say = options.say ?? (() => undefined);
  const dataDir = resolve(options.dataDir ?? join(ROOT, '.data'));
  mkdirSync(dataDir, { recursive: true });
  const env = { ...options.env };

  if (options.build) {
    say('building the web app...');
    await run(join(BIN, 'turbo'), ['run', 'build', '--output-logs=errors-only'], { env: { TURBO_TELEMETRY_DISABLED: '1' } });
  }

  let embedded: EmbeddedDatabase | null = null;
  let url: string;
  if (options.databaseUrl) {
    url = options.databaseUrl;
  } else {
    const pgPort = options.pgPort ?? 5433;
    say(`starting PostgreSQL on port ${pgPort} (data in ${join(dataDir, 'pg')})...`);
    embedded = await startEmbeddedPostgres({ dataDir: join(dataDir, 'pg'), port: pgPort, ephemeral: options.ephemeral ?? false });
    await ensureDatabase(embedded.serverUrl, DATABASE_NAME);
    url = databaseUrl(embedded.socketUrl, DATABASE_NAME); // the game's processes are on this machine: the Unix socket (decision 27)
  }

  const services: Service[] = [];
  const stop = async () => {
    await Promise.all(services.map((s) => s.stop()));
    await embedded?.stop();
  };

  try {
    say('applying migrations...');
    const { applied } = await migrateDatabase(url);
    if (applied.length > 0) say(`applied ${applied.length} migration(s): ${applied.join(', ')}`);

    const vapid = vapidKeys(dataDir, env);
    const shared = { DATABASE_URL: url, VAPID_PUBLIC_KEY: vapid.publicKey, VAPID_PRIVATE_KEY: vapid.privateKey, ...env };
    const output = (name: string) => (options.output && options.output !== 'inherit' ? join(options.output, `${name}.log`) : 'inherit');
    const keep = (start: () => Service) => (options.restart ? supervise(start, say) : start());
    const apiEnv = { ...shared, PORT: String(options.port), WEB_DIST, JWT_SECRET: jwtSecret(dataDir, env) };
    services.push(
      keep(() => startService('api', 'apps/api/src/main.ts', apiEnv, output('api'))),
      keep(() => startService('sim-worker', 'apps/sim-worker/src/main.ts', shared, output('worker'))),
    );
    const baseUrl = `http://localhost:${options.port}`;
    await waitHealthy(baseUrl, services, 60_000);
    return { baseUrl, databaseUrl: url, embedded, services, stop };
  } catch (error) {
    await stop();
    throw error;
  }
}


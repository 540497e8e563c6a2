// `npm start`: the whole game on this machine, with no configuration. See README (Configuration).
import { z } from 'zod';
import { startStack } from './lib/stack';

const Env = z.object({
  PORT: z.coerce.number().int().min(1).max(65535).default(3000),
  PG_PORT: z.coerce.number().int().min(1).max(65535).default(5433),
  DATABASE_URL: z.string().min(1).optional(),
  DATA_DIR: z.string().min(1).optional(),
  /** Skip the web build (the last build is served). */
  SKIP_BUILD: z.enum(['0', '1', 'true', 'false']).optional(),
});

const say = (line: string) => console.log(`[broodspace] ${line}`);

async function main(): Promise<void> {
  const parsed = Env.safeParse(process.env);
  if (!parsed.success) {
    for (const issue of parsed.error.issues) console.error(`[broodspace] ${issue.path.join('.')}: ${issue.message}`);
    process.exit(2);
  }
  const env = parsed.data;
  const stack = await startStack({
    port: env.PORT,
    pgPort: env.PG_PORT,
    databaseUrl: env.DATABASE_URL,
    dataDir: env.DATA_DIR,
    build: !(env.SKIP_BUILD === '1' || env.SKIP_BUILD === 'true'),
    output: 'inherit',
    restart: true,
    say,
  });

  let stopping = false;
  const stop = async (signal: string) => {
    if (stopping) return;
    stopping = true;
    say(`${signal}: stopping the api and the sim-worker, then the database...`);
    await stack.stop();
    say('stopped. Your data is kept for the next npm start.');
    process.exit(0);
  };
  for (const signal of ['SIGINT', 'SIGTERM', 'SIGHUP'] as const) process.on(signal, () => void stop(signal));
  say(`Broodspace is running at ${stack.baseUrl}`);
  say('Press Ctrl-C to stop.');
}

main().catch((error: unknown) => {
  console.error(`[broodspace] could not start: ${error instanceof Error ? error.message : String(error)}`);
  process.exit(1);
});

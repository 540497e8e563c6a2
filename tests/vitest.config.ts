import { existsSync } from 'node:fs';
import { dirname, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vitest/config';
import { NODE_FLAGS } from '../scripts/lib/processes';
import { LongestFirst } from './support/longest-first.sequencer';

const here = dirname(fileURLToPath(import.meta.url));
const root = resolve(here, '..');
const databaseSetup = resolve(here, 'support/database.global-setup.ts');
const webConfig = resolve(root, 'apps/web/vitest.config.ts');

/**
 * Every test of the repository, as vitest projects (scripts/test.ts runs them in order). Vitest's
 * default on a 2-core machine is one file at a time; each project says how many of its files run at once.
 * - unit: pure and database-backed tests beside the code in packages/* and the node apps, and the
 *   universe bench's model (tests/bench/universe: the bench itself is not a test)
 * - web: the web app's own config (happy-dom), when it has one
 * - integration: the api against real PostgreSQL (tests/integration)
 * - e2e: the whole stack in Chromium (tests/e2e), three files at a time,
 *   sharing one game per universe: a file signs up its own players and never assumes an empty world
 */
export default defineConfig({
  test: {
    sequence: { sequencer: LongestFirst },
    projects: [
      {
        test: {
          name: 'unit',
          root,
          // Files share a worker's loaded modules: loading MikroORM and the catalogue again for each file cost more than its tests.
          isolate: false,
          maxWorkers: 2,
          include: ['packages/*/src/**/*.test.ts', 'packages/*/test/**/*.test.ts', 'apps/{api,sim-worker}/{src,test}/**/*.test.ts', 'tests/bench/universe/*.test.ts'],
          globalSetup: [databaseSetup],
          // The game's code runs in these workers: with the flags its processes run with.
          execArgv: NODE_FLAGS,
          testTimeout: 30_000,
          hookTimeout: 120_000,
        },
      },
      ...(existsSync(webConfig) ? [{ extends: webConfig, test: { name: 'web', root: resolve(root, 'apps/web'), maxWorkers: 2 } }] : []),
      {
        test: {
          name: 'integration',
          root: here,
          include: ['integration/**/*.test.ts'],
          // Files share a worker's loaded modules (the api, MikroORM, the catalogue): loading them again
          // for each file cost a fifth of the project's time. No file changes a module's state.
          isolate: false,
          // Each file has a database (or a server) of its own; most of their time is spent waiting on it.
          maxWorkers: 3,
          globalSetup: [databaseSetup],
          // The game's code runs in these workers: with the flags its processes run with.
          execArgv: NODE_FLAGS,
          testTimeout: 30_000,
          hookTimeout: 120_000,
        },
      },
      {
        test: {
          name: 'e2e',
          root: here,
          include: ['e2e/**/*.test.ts'],
          // As integration: the harness, playwright-core and the catalogue load once per worker.
          isolate: false,
          globalSetup: [resolve(here, 'e2e/stack-pool.global-setup.ts')],
          fileParallelism: true,
          maxWorkers: 3,
          testTimeout: 120_000,
          hookTimeout: 300_000,
          // A browser on a loaded 2-core machine can take seconds to show what a call changed.
          expect: { poll: { timeout: 10_000, interval: 100 } },
        },
      },
    ],
  },
});

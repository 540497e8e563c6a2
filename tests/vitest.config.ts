import { existsSync } from 'node:fs';
import { dirname, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vitest/config';

const here = dirname(fileURLToPath(import.meta.url));
const root = resolve(here, '..');
const databaseSetup = resolve(here, 'support/database.global-setup.ts');
const webConfig = resolve(root, 'apps/web/vitest.config.ts');

/**
 * Every test of the repository, as vitest projects (scripts/test.ts runs them in order):
 * - unit: pure and database-backed tests beside the code in packages/* and the node apps
 * - web: the web app's own config (happy-dom), when it has one
 * - integration: the api against real PostgreSQL (tests/integration)
 * - e2e: the whole stack in Chromium (tests/e2e), files in parallel (npm test runs three at a time),
 *   sharing one game per universe: a file signs up its own players and never assumes an empty world
 */
export default defineConfig({
  test: {
    projects: [
      {
        test: {
          name: 'unit',
          root,
          // Files share a worker's loaded modules: loading MikroORM and the catalogue again for each file cost more than its tests.
          isolate: false,
          include: ['packages/*/src/**/*.test.ts', 'packages/*/test/**/*.test.ts', 'apps/{api,sim-worker}/{src,test}/**/*.test.ts'],
          globalSetup: [databaseSetup],
          testTimeout: 30_000,
          hookTimeout: 120_000,
        },
      },
      ...(existsSync(webConfig) ? [{ extends: webConfig, test: { name: 'web', root: resolve(root, 'apps/web') } }] : []),
      {
        test: {
          name: 'integration',
          root: here,
          include: ['integration/**/*.test.ts'],
          globalSetup: [databaseSetup],
          testTimeout: 30_000,
          hookTimeout: 120_000,
        },
      },
      {
        test: {
          name: 'e2e',
          root: here,
          include: ['e2e/**/*.test.ts'],
          globalSetup: [resolve(here, 'e2e/stack-pool.global-setup.ts')],
          fileParallelism: true,
          testTimeout: 120_000,
          hookTimeout: 300_000,
          // A browser on a loaded 2-core machine can take seconds to show what a call changed.
          expect: { poll: { timeout: 10_000, interval: 100 } },
        },
      },
    ],
  },
});

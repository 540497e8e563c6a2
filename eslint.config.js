// Lint for the whole repository: typescript-eslint's recommended rules (fast, not type-aware) and the
// dependency direction of docs/architecture.md as import rules, so a wrong-way import fails `npm test`:
//   game-data <- game-core <- world <- api / sim-worker;  contracts (zod only) <- world, api, web;
//   web imports only types from the api.
import { builtinModules } from 'node:module';
import { defineConfig } from 'eslint/config';
import reactHooks from 'eslint-plugin-react-hooks';
import tseslint from 'typescript-eslint';
// game-core's purity rules (no clock, randomness, process or I/O): a plain import, so lint fails if the file goes.
import purity from './packages/game-core/eslint.purity.js';

const testFiles = ['**/*.test.ts', '**/*.test.tsx', '**/test/**', '**/bench/**'];
const apps = ['@brood/api', '@brood/sim-worker', '@brood/web'];
const noAppPaths = { group: ['**/apps/**'], message: 'Nothing imports from an app (docs/architecture.md: dependency direction).' };
const nodeBuiltins = [...builtinModules, ...builtinModules.map((m) => `node:${m}`)];


/**
 * A web feature uses another feature only through its index (`../queue`, never `../queue/queue-queries`):
 * one block per folder depth, because the pattern sees the import as written, not the resolved file.
 */
function webFeatureBoundaries() {
  return [0, 1, 2].map((depth) => ({
    name: `web features import each other only through their index (depth ${depth})`,
    files: [`apps/web/src/features/*/${'*/'.repeat(depth)}*.{ts,tsx}`],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              regex: `^(\\.\\./){${depth + 1}}[^./][^/]*/.|^(\\.\\./){${depth + 2}}features/[^/]+/.`,
              message: "Import another feature through its index ('../queue'), not its files; shared parts live in src/components/.",
            },
          ],
        },
      ],
    },
  }));
}

/**
 * The layers inside world (docs/architecture.md, "The layout of world"): kernel <- queries <- commands,
 * and among the fleet commands flight <- war <- multi-party <- fleets. Each block repeats the
 * "no app" rule because a later block's no-restricted-imports replaces an earlier one's for its files.
 */
function worldLayers() {
  const layers = [
    { files: ['packages/world/src/kernel/**/*.ts'], regex: '(^|/)(commands|queries)(/|$)', message: 'The kernel sits below commands/ and queries/: it imports neither.' },
    { files: ['packages/world/src/queries/**/*.ts'], regex: '(^|/)commands(/|$)', message: 'queries/ never imports commands/: reads build on the kernel, and what both need lives in queries/ or kernel/.' },
    { files: ['packages/world/src/commands/flight/**/*.ts'], regex: '^\\.\\./(fleets|war|multi-party)(/|$)', message: 'flight/ is what fleets, war and multi-party build on: it imports none of them.' },
    { files: ['packages/world/src/commands/war/**/*.ts'], regex: '^\\.\\./(fleets|multi-party)(/|$)', message: 'war/ builds on flight/ only: fleets and multi-party import war, not the other way round.' },
    { files: ['packages/world/src/commands/multi-party/**/*.ts'], regex: '^\\.\\./fleets(/|$)', message: 'multi-party/ builds on flight/ and war/: fleets imports multi-party, not the other way round.' },
  ];
  return layers.map(({ files, regex, message }) => ({
    name: `world layers: ${message}`,
    files,
    ignores: testFiles,
    rules: {
      'no-restricted-imports': [
        'error',
        { paths: apps.map((name) => ({ name, message: 'world sits below the apps; nothing imports from an app.' })), patterns: [noAppPaths, { regex, message }] },
      ],
    },
  }));
}

export default defineConfig(
  {
    ignores: ['**/node_modules/**', '**/.scratch/**', '**/dist/**', '**/.turbo/**', '**/.data/**', '**/coverage/**', '**/test-results/**', '**/screenshots/**', '**/bench-results/**', '**/game-data-report/**', '**/*.d.ts'],
  },
  ...tseslint.configs.recommended,
  {
    rules: {
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_', caughtErrors: 'none' }],
      '@typescript-eslint/consistent-type-imports': ['error', { fixStyle: 'inline-type-imports' }],
    },
  },
  {
    name: 'tests may poke at raw data',
    files: testFiles,
    rules: { '@typescript-eslint/no-explicit-any': 'off' },
  },
  {
    name: 'game-data imports only zod',
    files: ['packages/game-data/src/**/*.ts'],
    ignores: testFiles,
    rules: {
      'no-restricted-imports': ['error', { patterns: [{ regex: '^(?!zod$|\\.{1,2}/)', message: 'game-data may import only zod (docs/architecture.md).' }] }],
    },
  },
  {
    name: 'contracts import only zod',
    files: ['packages/contracts/src/**/*.ts'],
    ignores: testFiles,
    rules: {
      'no-restricted-imports': ['error', { patterns: [{ regex: '^(?!zod$|\\.{1,2}/)', message: 'contracts may import only zod: both servers and the browser read them.' }] }],
    },
  },
  {
    name: 'game-core is pure: only game-data',
    files: ['packages/game-core/src/**/*.ts'],
    ignores: testFiles,
    rules: {
      'no-restricted-imports': ['error', { patterns: [{ regex: '^(?!@brood/game-data$|\\.{1,2}/)', message: 'game-core is pure: it may import only @brood/game-data (no I/O, no database, no clock).' }] }],
    },
  },
  {
    name: 'world never imports an app',
    files: ['packages/world/**/*.ts'],
    rules: {
      'no-restricted-imports': ['error', { paths: apps.map((name) => ({ name, message: 'world sits below the apps; nothing imports from an app.' })), patterns: [noAppPaths] }],
    },
  },
  ...worldLayers(),
  {
    // A different rule name from the layers' no-restricted-imports, so neither replaces the other.
    name: 'world takes row locks only through kernel/ (LOCK_ORDER in kernel/locks.ts, decision 8)',
    files: ['packages/world/src/**/*.ts'],
    ignores: [...testFiles, 'packages/world/src/kernel/**', 'packages/world/src/migrations/**', 'packages/world/src/testing/**'],
    rules: {
      '@typescript-eslint/no-restricted-imports': [
        'error',
        { paths: [{ name: '@mikro-orm/postgresql', importNames: ['LockMode'], message: 'Take row locks through a kernel/locks.ts helper that names its LOCK_ORDER step.' }] },
      ],
      'no-restricted-syntax': [
        'error',
        ...['Literal', 'TemplateElement'].map((node) => ({
          selector: `${node}[${node === 'Literal' ? 'value' : 'value.raw'}=/\\bfor\\s+(no\\s+key\\s+update|update|key\\s+share|share)\\b|pg_advisory/i]`,
          message: 'Take row locks through a kernel/locks.ts helper that names its LOCK_ORDER step.',
        })),
      ],
    },
  },
  {
    name: 'api and sim-worker do not import each other or the web app',
    files: ['apps/api/**/*.ts', 'apps/sim-worker/**/*.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          paths: ['@brood/sim-worker', '@brood/web'].map((name) => ({ name, message: 'Apps do not import each other.' })),
          patterns: [{ group: ['**/apps/web/**', '**/apps/sim-worker/**'], message: 'Apps do not import each other.' }],
        },
      ],
    },
  },
  {
    name: 'the processes run without the dev tooling (embedded PostgreSQL, test databases)',
    files: ['apps/api/**/*.ts', 'apps/sim-worker/**/*.ts'],
    ignores: testFiles,
    rules: {
      'no-restricted-imports': [
        'error',
        {
          paths: [
            ...['@brood/sim-worker', '@brood/web'].map((name) => ({ name, message: 'Apps do not import each other.' })),
            ...['@brood/world/dev', '@brood/world/testing'].map((name) => ({ name, message: 'Scripts and tests only: the api and the worker take a DATABASE_URL (docs/architecture.md).' })),
          ],
          patterns: [{ group: ['**/apps/web/**', '**/apps/sim-worker/**'], message: 'Apps do not import each other.' }],
        },
      ],
    },
  },
  {
    name: 'hooks follow the rules of hooks',
    files: ['apps/web/**/*.tsx', 'apps/web/**/*.ts'],
    plugins: { 'react-hooks': reactHooks },
    rules: { 'react-hooks/rules-of-hooks': 'error', 'react-hooks/exhaustive-deps': 'error' },
  },
  {
    name: 'web imports only types from the api, and no server code',
    files: ['apps/web/**/*.ts', 'apps/web/**/*.tsx'],
    ignores: ['apps/web/vite.config.ts', 'apps/web/vitest.config.ts', 'apps/web/build/**'],
    rules: {
      '@typescript-eslint/no-restricted-imports': [
        'error',
        {
          paths: [
            { name: '@brood/api', allowTypeImports: true, message: "The web app imports only types from the api: `import type { AppRouter } from '@brood/api'`." },
            { name: '@brood/world', message: 'world is server-only.' },
            { name: '@brood/sim-worker', message: 'The sim-worker is a server process.' },
            ...nodeBuiltins.map((name) => ({ name, message: 'The web app runs in the browser: no Node modules.' })),
          ],
          patterns: [{ group: ['@brood/world/*', '@brood/api/*', '**/apps/api/**', '**/packages/world/**'], message: 'Server code stays out of the browser bundle.' }],
        },
      ],
    },
  },
  ...webFeatureBoundaries(),
  ...purity,
);

// Purity of @brood/game-core, for the repository's flat ESLint config (`...purity` at its end).
// game-core runs identically on the server and in the browser, so it may not read the clock, draw
// from Math.random, touch the process, the network, timers or storage, nor import anything with I/O:
// time comes in as arguments and chance from the seeded Rng (src/rng.ts).

const src = ['packages/game-core/src/**/*.ts'];
const tests = ['packages/game-core/src/**/*.test.ts'];

const why = 'game-core is pure: pass time in as an argument and use the seeded Rng (createRng).';
const globals = [
  'Date', 'process', 'fetch', 'setTimeout', 'setInterval', 'setImmediate', 'clearTimeout', 'clearInterval',
  'clearImmediate', 'queueMicrotask', 'performance', 'crypto', 'require', 'Buffer', '__dirname', '__filename',
  'XMLHttpRequest', 'WebSocket', 'EventSource', 'localStorage', 'sessionStorage', 'indexedDB', 'window',
  'document', 'navigator', 'location', 'Worker', 'SharedArrayBuffer', 'Atomics',
].map((name) => ({ name, message: why }));

const viaGlobalThis = ['Date', 'process', 'fetch', 'setTimeout', 'setInterval', 'performance', 'crypto', 'Math']
  .flatMap((property) => ['globalThis', 'window', 'self', 'global'].map((object) => ({ object, property, message: why })));

const onlyGameData = (extra) => ({
  patterns: [{
    regex: `^(?!@brood/game-data$|\\.{1,2}/${extra.map((m) => `|${m.replace('/', '\\/')}$`).join('')})`,
    message: 'game-core is pure: it may import only @brood/game-data and its own files (no node:*, fs, pg, @mikro-orm/*, network or clock).',
  }],
});

export default [
  {
    name: 'game-core is pure: no clock, randomness, process, network or timers',
    files: src,
    rules: {
      'no-restricted-globals': ['error', ...globals],
      'no-restricted-properties': ['error', { object: 'Math', property: 'random', message: why }, ...viaGlobalThis],
      'no-restricted-syntax': [
        'error',
        { selector: 'ImportExpression', message: 'game-core is pure: no dynamic import.' },
        { selector: "MetaProperty[meta.name='import']", message: 'game-core is pure: no import.meta (no files, no environment).' },
        { selector: "NewExpression[callee.name='Function']", message: 'game-core is pure: no eval.' },
        { selector: "CallExpression[callee.name='eval']", message: 'game-core is pure: no eval.' },
      ],
    },
  },
  {
    name: 'game-core imports only game-data',
    files: src,
    ignores: tests,
    rules: { 'no-restricted-imports': ['error', onlyGameData([])] },
  },
  {
    name: 'game-core tests import only game-data and the test tools',
    files: tests,
    rules: { 'no-restricted-imports': ['error', onlyGameData(['vitest', 'fast-check'])] },
  },
];

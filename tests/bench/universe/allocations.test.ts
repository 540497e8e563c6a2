import { describe, expect, it } from 'vitest';
import { allocationReport, inspectorUrl, whereOf, type SamplingNode } from './allocations';

const node = (url: string, selfSize: number, children: SamplingNode[] = [], functionName = 'f'): SamplingNode => ({ callFrame: { functionName, url }, selfSize, children });

describe('the api allocation report (--allocations)', () => {
  it('names a package, a file of the repository, or nothing for Node and V8', () => {
    expect(whereOf('file:///work/main/node_modules/@trpc/server/dist/resolveResponse.mjs')).toBe('@trpc/server');
    expect(whereOf('file:///work/main/node_modules/pg/lib/client.js')).toBe('pg');
    expect(whereOf('file:///work/main/node_modules/@mikro-orm/postgresql/node_modules/pg/lib/client.js')).toBe('pg');
    expect(whereOf('file:///srv/game/apps/api/src/trpc.ts')).toBe('apps/api/src/trpc.ts');
    expect(whereOf('node:internal/streams/readable')).toBeNull();
    expect(whereOf('')).toBeNull();
  });

  it("charges each allocation to its innermost frame with a where, Node's own frames to their caller, and sums them all", () => {
    const head = node('', 0, [
      node('node:internal/process/task_queues', 8, [
        node('file:///x/node_modules/@trpc/server/dist/a.mjs', 100, [
          node('file:///x/apps/api/src/trpc.ts', 40, [node('', 10, [], 'Map')]),
          node('node:internal/abort_controller', 20),
        ]),
      ]),
    ], '(root)');
    const report = allocationReport(head);
    expect(report.bytes).toBe(178);
    expect(report.byWhere).toEqual([
      { where: '@trpc/server', bytes: 120 },
      { where: 'apps/api/src/trpc.ts', bytes: 50 },
      { where: '(Node and V8)', bytes: 8 },
    ]);
  });

  it("reads the inspector's address from the api's log", () => {
    expect(inspectorUrl('ready\nDebugger listening on ws://127.0.0.1:40123/0f1e-22\nFor help, see: https://nodejs.org/en/docs/inspector\n')).toBe('ws://127.0.0.1:40123/0f1e-22');
    expect(inspectorUrl('ready\n')).toBeNull();
  });
});

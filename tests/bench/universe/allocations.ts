import WebSocket from 'ws';

/**
 * What the api allocated during a step, and where (`--allocations`): V8's sampling heap profiler,
 * driven through the api's inspector, counting what the collector took back as well (the young
 * garbage is the point: how much a request makes for the collector). The api runs with
 * `--inspect=127.0.0.1:0`, and its log names the inspector's address.
 */

/** The shape of `HeapProfiler.stopSampling`'s profile that the report reads. */
export interface SamplingNode {
  callFrame: { functionName: string; url: string };
  selfSize: number;
  children: SamplingNode[];
}

export interface AllocationReport {
  bytes: number;
  /** Where the bytes were made: the innermost frame of the api's own code or of a package, with its share. */
  byWhere: { where: string; bytes: number }[];
}

/** Where a frame's code lives: a package (`@trpc/server`), a file of the repository, or null (Node itself, V8's builtins). */
export function whereOf(url: string): string | null {
  const inPackage = /.*node_modules\/((?:@[^/]+\/)?[^/]+)\//.exec(url); // the innermost: a package's own copy of another
  if (inPackage) return inPackage[1]!;
  const own = /\/((?:apps|packages|tests)\/.+)$/.exec(url);
  return own ? own[1]! : null;
}

/** Sums a sampled profile by where each allocation was made (its innermost frame that has a where; Node's own frames are charged to their caller). */
export function allocationReport(head: SamplingNode): AllocationReport {
  const byWhere = new Map<string, number>();
  let bytes = 0;
  const walk = (node: SamplingNode, inherited: string) => {
    const where = whereOf(node.callFrame.url) ?? inherited;
    if (node.selfSize > 0) {
      bytes += node.selfSize;
      byWhere.set(where, (byWhere.get(where) ?? 0) + node.selfSize);
    }
    for (const child of node.children) walk(child, where);
  };
  walk(head, '(Node and V8)');
  return { bytes, byWhere: [...byWhere].map(([where, n]) => ({ where, bytes: n })).sort((a, b) => b.bytes - a.bytes) };
}

/** The api's inspector address from its log ('Debugger listening on ws://...'), or null when it has none. */
export function inspectorUrl(log: string): string | null {
  return /Debugger listening on (ws:\/\/\S+)/.exec(log)?.[1] ?? null;
}

/** Attaches to the inspector at `url` and samples every allocation (one sample per 16 KB) until `stop`. */
export async function sampleAllocations(url: string): Promise<{ stop(): Promise<AllocationReport> }> {
  const socket = new WebSocket(url);
  await new Promise<void>((resolve, reject) => {
    socket.once('open', () => resolve());
    socket.once('error', reject);
  });
  let id = 0;
  const pending = new Map<number, (result: unknown) => void>();
  socket.on('message', (data) => {
    const message = JSON.parse(data.toString()) as { id?: number; result?: unknown };
    if (message.id !== undefined) pending.get(message.id)?.(message.result);
    if (message.id !== undefined) pending.delete(message.id);
  });
  const send = <T>(method: string, params: object = {}) =>
    new Promise<T>((resolve) => {
      const call = ++id;
      pending.set(call, (result) => resolve(result as T));
      socket.send(JSON.stringify({ id: call, method, params }));
    });
  await send('HeapProfiler.enable');
  await send('HeapProfiler.startSampling', { samplingInterval: 16_384, includeObjectsCollectedByMajorGC: true, includeObjectsCollectedByMinorGC: true });
  return {
    async stop() {
      const { profile } = await send<{ profile: { head: SamplingNode } }>('HeapProfiler.stopSampling');
      socket.close();
      return allocationReport(profile.head);
    },
  };
}

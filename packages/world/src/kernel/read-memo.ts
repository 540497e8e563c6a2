import type { KeptReads } from './kept-reads';

/**
 * What the queries of one read-only request share (a GET batch of the web app: one HTTP request,
 * several procedures reading the same territory at the same instant). Each read runs once and every
 * query that asks for it again gets the same promise. Queries only: a command's transaction never
 * sees one (inTransaction drops it), since a command may wait on a lock and must read what holds then.
 */
export class ReadMemo {
  private readonly reads = new Map<string, Promise<unknown>>();

  /** `kept`: what the process keeps between requests (the queues' pending items and the fleet lists), when it hears their changes. */
  constructor(readonly kept?: KeptReads) {}

  /** The promise of `read`, run the first time `key` is asked for. The key names everything the read depends on. */
  once<T>(key: string, read: () => Promise<T>): Promise<T> {
    let answer = this.reads.get(key) as Promise<T> | undefined;
    if (!answer) {
      answer = read();
      this.reads.set(key, answer);
    }
    return answer;
  }
}

/** `read` through the request's memo when it has one (a query of a GET request), else run it now. */
export function memoised<T>(memo: ReadMemo | undefined, key: string, read: () => Promise<T>): Promise<T> {
  return memo ? memo.once(key, read) : read();
}

import { fork, type ChildProcess } from 'node:child_process';
import { join } from 'node:path';

/**
 * The online players' /ws sockets, held by client processes of their own (tests/bench/socket-clients.ts,
 * as the socket bench holds them), so that the load generator's busy event loop does not pass for
 * push latency. Each report answers the push latencies seen since the last one.
 */
const PER_CLIENT = 5_000;

type Message = { opened: number; failed: number[] } | { received: unknown; pushes: number[] };
const next = <T extends Message>(child: ChildProcess, key: string) =>
  new Promise<T>((resolve) => {
    const on = (m: Message) => {
      if (key in m) {
        child.off('message', on);
        resolve(m as T);
      }
    };
    child.on('message', on);
  });

export class SocketHolders {
  private readonly clients: ChildProcess[] = [];
  opened = 0;
  failed = 0;

  constructor(private readonly wsUrl: string) {}

  /** The processes holding the sockets (their CPU is the load generator's). */
  get pids(): number[] {
    return this.clients.flatMap((child) => (child.pid === undefined ? [] : [child.pid]));
  }

  /** Opens one socket per token (players coming online). */
  async open(tokens: readonly string[]): Promise<void> {
    for (let i = 0; i < tokens.length; i += PER_CLIENT) {
      const child = fork(join(import.meta.dirname, '..', 'socket-clients.ts'), { execArgv: ['--import', 'tsx'], stdio: ['ignore', 'inherit', 'inherit', 'ipc'] });
      this.clients.push(child);
      const done = next<{ opened: number; failed: number[] }>(child, 'opened');
      child.send({ url: this.wsUrl, tokens: tokens.slice(i, i + PER_CLIENT) });
      const r = await done;
      this.opened += r.opened;
      this.failed += r.failed.length;
    }
  }

  /** Push latencies (ms from the notification's commit to its socket) since the last report. */
  async pushes(): Promise<number[]> {
    const all = await Promise.all(this.clients.map((child) => {
      const r = next<{ received: unknown; pushes: number[] }>(child, 'pushes');
      child.send('report');
      return r;
    }));
    return all.flatMap((r) => r.pushes);
  }

  close(): void {
    for (const child of this.clients) child.send('close');
  }
}

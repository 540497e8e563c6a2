import WebSocket from 'ws';

/**
 * A player's open sockets (several tabs, several devices), and when each last spoke. Each socket
 * also sits in one of `turns` slots of a ping wheel, dealt in turn as they open: a tick (`sweep`)
 * visits one slot, so a socket is pinged and checked once per `turns` ticks, and a tick costs a
 * `turns`-th of the sockets instead of all of them (20,000 sockets walked every second held up the
 * events due in that moment by tens of milliseconds on a busy machine).
 */
export class SocketRegistry {
  private readonly byUser = new Map<number, Set<WebSocket>>();
  private readonly lastSeen = new WeakMap<WebSocket, number>();
  private readonly wheel: Map<WebSocket, number>[];
  private readonly slotOf = new WeakMap<WebSocket, Map<WebSocket, number>>();
  private dealt = 0;
  private turn = 0;

  constructor(turns = 1) {
    this.wheel = Array.from({ length: Math.max(1, Math.round(turns)) }, () => new Map<WebSocket, number>());
  }

  add(userId: number, socket: WebSocket, now: number): void {
    let set = this.byUser.get(userId);
    if (!set) {
      set = new Set();
      this.byUser.set(userId, set);
    }
    set.add(socket);
    this.lastSeen.set(socket, now);
    const slot = this.wheel[this.dealt++ % this.wheel.length]!;
    slot.set(socket, userId);
    this.slotOf.set(socket, slot);
  }

  remove(userId: number, socket: WebSocket): void {
    this.slotOf.get(socket)?.delete(socket);
    const set = this.byUser.get(userId);
    if (!set) return;
    set.delete(socket);
    if (set.size === 0) this.byUser.delete(userId);
  }

  /** How many sockets the user has open on this process. */
  count(userId: number): number {
    return this.byUser.get(userId)?.size ?? 0;
  }

  touch(socket: WebSocket, now: number): void {
    this.lastSeen.set(socket, now);
  }

  /** Sends one frame to every open socket of the user; answers how many got it. */
  sendToUser(userId: number, frame: string | Buffer): number {
    let sent = 0;
    for (const socket of this.byUser.get(userId) ?? []) {
      if (socket.readyState !== WebSocket.OPEN) continue;
      socket.send(frame, { binary: false });
      sent += 1;
    }
    return sent;
  }

  /** Sends one text frame to every open socket on this process (an announcement); answers how many got it. */
  sendToAll(text: string): number {
    const frame = Buffer.from(text); // encoded once, not once a socket
    let sent = 0;
    for (const userId of this.byUser.keys()) sent += this.sendToUser(userId, frame);
    return sent;
  }

  /** Closes every socket of the user (a suspended account): they are forgotten at once. */
  closeUser(userId: number, code: number, reason: string): void {
    for (const socket of [...(this.byUser.get(userId) ?? [])]) {
      socket.close(code, reason);
      this.remove(userId, socket);
    }
  }

  /**
   * One tick of the wheel: the sockets of the next slot that have been silent for `silentMs` are
   * terminated, and the others get `ping`. With `turns` ticks an interval, every socket is pinged
   * once an interval, and a silent one is dropped within an interval after `silentMs`.
   */
  sweep(now: number, silentMs: number, ping: string): void {
    const slot = this.wheel[this.turn++ % this.wheel.length]!;
    for (const [socket, userId] of slot) {
      if ((this.lastSeen.get(socket) ?? 0) < now - silentMs) {
        socket.terminate();
        this.remove(userId, socket);
      } else if (socket.readyState === WebSocket.OPEN) {
        socket.send(ping);
      }
    }
  }

  closeAll(code: number, reason: string): void {
    for (const set of this.byUser.values()) for (const socket of set) socket.close(code, reason);
    this.byUser.clear();
    for (const slot of this.wheel) slot.clear();
  }
}

import WebSocket from 'ws';

/** A player's open sockets (several tabs, several devices), and when each last spoke. */
export class SocketRegistry {
  private readonly byUser = new Map<number, Set<WebSocket>>();
  private readonly lastSeen = new WeakMap<WebSocket, number>();
  private readonly nextPing = new WeakMap<WebSocket, number>();

  add(userId: number, socket: WebSocket, now: number): void {
    let set = this.byUser.get(userId);
    if (!set) {
      set = new Set();
      this.byUser.set(userId, set);
    }
    set.add(socket);
    this.lastSeen.set(socket, now);
  }

  remove(userId: number, socket: WebSocket): void {
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

  /** Sends one text frame to every open socket of the user; answers how many got it. */
  sendToUser(userId: number, text: string): number {
    let sent = 0;
    for (const socket of this.byUser.get(userId) ?? []) {
      if (socket.readyState !== WebSocket.OPEN) continue;
      socket.send(text);
      sent += 1;
    }
    return sent;
  }

  /** Sends one text frame to every open socket on this process (an announcement); answers how many got it. */
  sendToAll(text: string): number {
    let sent = 0;
    for (const userId of this.byUser.keys()) sent += this.sendToUser(userId, text);
    return sent;
  }

  /** Closes every socket of the user (a suspended account): they are forgotten at once. */
  closeUser(userId: number, code: number, reason: string): void {
    for (const socket of this.byUser.get(userId) ?? []) socket.close(code, reason);
    this.byUser.delete(userId);
  }

  /**
   * Called every tick (a fraction of `interval`): terminates sockets silent for two intervals and
   * pings each of the others once an interval, at a phase of its own (drawn on its first tick), so
   * 20,000 sockets cost a few hundred pings a tick instead of 20,000 frames (and as many answers) at
   * once, which held up the events due in that moment by seconds.
   */
  sweep(now: number, interval: number, ping: string): void {
    for (const [userId, set] of this.byUser) {
      for (const socket of set) {
        if ((this.lastSeen.get(socket) ?? 0) < now - 2 * interval) {
          socket.terminate();
          this.remove(userId, socket);
          continue;
        }
        const next = this.nextPing.get(socket);
        if (next === undefined) {
          this.nextPing.set(socket, now + Math.random() * interval);
        } else if (next <= now) {
          if (socket.readyState === WebSocket.OPEN) socket.send(ping);
          this.nextPing.set(socket, Math.max(next + interval, now));
        }
      }
    }
  }

  closeAll(code: number, reason: string): void {
    for (const set of this.byUser.values()) for (const socket of set) socket.close(code, reason);
    this.byUser.clear();
  }
}

/** What a process logs while it stops (a pino logger fits). */
export interface ProcessLog {
  info(fields: object, message: string): void;
  error(fields: object, message: string): void;
}

export interface RunningProcess {
  log: ProcessLog;
  /** Closes what `start` opened, in order; the process exits 0 once it resolves. */
  stop(): Promise<void>;
}

/**
 * Runs a long-lived process (api, sim-worker): `start` brings it up; the first SIGINT or SIGTERM
 * calls `stop`, and a stop that hangs past `graceMs` or throws exits 1. A signal that comes while
 * `start` runs is kept and acted on once it is up, so what it opened (a heartbeat, a listening
 * socket) is closed as on any stop; the grace counts from the signal. A failed start prints its
 * message and exits 1.
 */
export function runProcess(start: () => Promise<RunningProcess>, { graceMs }: { graceMs: number }): void {
  let signalled: NodeJS.Signals | null = null;
  let running: RunningProcess | null = null;
  const stop = async ({ log, stop: close }: RunningProcess, signal: NodeJS.Signals) => {
    log.info({ signal }, 'shutting down');
    try {
      await close();
      process.exit(0);
    } catch (err) {
      log.error({ err }, 'unclean shutdown');
      process.exit(1);
    }
  };
  const onSignal = (signal: NodeJS.Signals) => {
    if (signalled) return;
    signalled = signal;
    const force = setTimeout(() => process.exit(1), graceMs);
    force.unref();
    if (running) void stop(running, signal);
  };
  process.once('SIGINT', () => onSignal('SIGINT'));
  process.once('SIGTERM', () => onSignal('SIGTERM'));
  start().then(
    (up) => {
      running = up;
      if (signalled) void stop(up, signalled);
    },
    (error: unknown) => {
      console.error(error instanceof Error ? error.message : error);
      process.exit(1);
    },
  );
}

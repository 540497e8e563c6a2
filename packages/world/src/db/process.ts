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
 * calls `stop`, and a stop that hangs past `graceMs` or throws exits 1. A failed start prints its
 * message and exits 1.
 */
export function runProcess(start: () => Promise<RunningProcess>, { graceMs }: { graceMs: number }): void {
  start().then(
    ({ log, stop }) => {
      let stopping = false;
      const onSignal = async (signal: NodeJS.Signals) => {
        if (stopping) return;
        stopping = true;
        log.info({ signal }, 'shutting down');
        const force = setTimeout(() => process.exit(1), graceMs);
        force.unref();
        try {
          await stop();
          process.exit(0);
        } catch (err) {
          log.error({ err }, 'unclean shutdown');
          process.exit(1);
        }
      };
      process.once('SIGINT', () => void onSignal('SIGINT'));
      process.once('SIGTERM', () => void onSignal('SIGTERM'));
    },
    (error: unknown) => {
      console.error(error instanceof Error ? error.message : error);
      process.exit(1);
    },
  );
}

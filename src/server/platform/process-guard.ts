/** What the guard logs to: pino's logger fits. */
export interface GuardLog {
  fatal(obj: object, msg: string): void;
  error(obj: object, msg: string): void;
  info(obj: object, msg: string): void;
}

/** The parts of `process` the guard uses, so tests can pass a fake. */
export interface GuardedProcess {
  on(event: string, listener: (value: unknown) => void): unknown;
  exit(code: number): void;
}

export interface GuardOptions {
  /** Closes the server and the database: requests in flight finish, nothing new is accepted. */
  close: () => Promise<void>;
  log: GuardLog;
  /** Longest wait for `close` before exiting anyway. */
  timeoutMs?: number;
  /** Starts the deadline; returns a function that cancels it. */
  schedule?: (run: () => void, ms: number) => () => void;
}

const unrefTimer = (run: () => void, ms: number) => {
  const timer = setTimeout(run, ms);
  timer.unref();
  return () => clearTimeout(timer);
};

/**
 * Shuts the process down once, whatever asked first: closes within the time limit, then exits with the
 * highest code asked for (a crash during a SIGTERM shutdown still exits non-zero).
 */
export function createShutdown(proc: Pick<GuardedProcess, 'exit'>, options: GuardOptions): (code: number) => Promise<void> {
  const { close, log, timeoutMs = 10_000, schedule = unrefTimer } = options;
  let exitCode = 0;
  let closing: Promise<void> | undefined;
  return (code) => {
    exitCode = Math.max(exitCode, code);
    closing ??= (async () => {
      const cancel = schedule(() => {
        log.error({ timeoutMs }, 'closing took too long; exiting');
        proc.exit(Math.max(exitCode, 1));
      }, timeoutMs);
      try {
        await close();
      } catch (err) {
        log.error({ err }, 'closing failed');
        exitCode = Math.max(exitCode, 1);
      }
      cancel();
      proc.exit(exitCode);
    })();
    return closing;
  };
}

/**
 * A rejected promise nobody awaited or an exception nobody caught leaves the process in an unknown state:
 * it is logged, the server closes (within the time limit) and the process exits non-zero, so the supervisor
 * starts a clean one. SIGTERM and SIGINT close the same way and exit 0.
 */
export function installProcessGuard(proc: GuardedProcess, options: GuardOptions): (code: number) => Promise<void> {
  const shutdown = createShutdown(proc, options);
  const { log } = options;
  proc.on('unhandledRejection', (reason) => {
    log.fatal({ err: reason }, 'unhandled promise rejection; shutting down');
    void shutdown(1);
  });
  proc.on('uncaughtException', (err) => {
    log.fatal({ err }, 'uncaught exception; shutting down');
    void shutdown(1);
  });
  for (const signal of ['SIGTERM', 'SIGINT']) {
    proc.on(signal, () => {
      log.info({ signal }, 'shutting down');
      void shutdown(0);
    });
  }
  return shutdown;
}

/**
 * How long a graceful stop may take before the process exits anyway (README, "Running under a
 * supervisor"): under the 10 s a `docker stop` or `docker compose down` waits before SIGKILL.
 */
export const STOP_TIMEOUT_MS = 8_000;

/**
 * How long a stopping process lets its running jobs finish before it hands them back to the
 * queue for another worker (leaving time to do so, and to close the database, within the bound).
 */
export const JOB_HAND_BACK_MS = 5_000;

export const STOP_SIGNALS = ["SIGTERM", "SIGINT", "SIGHUP"] as const;

interface StopLog {
  info(details: object, message: string): void;
  error(details: object, message: string): void;
  /** pino's: writes out what it still holds (its stdout writes are asynchronous). */
  flush?(callback?: (error?: Error) => void): void;
}

/**
 * On the first SIGTERM, SIGINT or SIGHUP: logs `message`, runs `stop`, and exits 0 when it is
 * done, or 1 when it fails or has not finished within STOP_TIMEOUT_MS. Later signals change
 * nothing: Ctrl-C in a terminal reaches both npm and this process, and npm passes its copy on, so
 * one stop often arrives twice (and a second signal's default action would end the process at once).
 */
export function onStopSignal(log: StopLog, message: string, stop: () => Promise<unknown>): void {
  let stopping = false;
  const handle = (signal: NodeJS.Signals) => {
    if (stopping) return;
    stopping = true;
    log.info({ signal, timeoutMs: STOP_TIMEOUT_MS }, message);
    setTimeout(() => {
      log.error({ timeoutMs: STOP_TIMEOUT_MS }, "did not stop in time; exiting anyway");
      process.exit(1);
    }, STOP_TIMEOUT_MS);
    // The log lines of the stop (and of the last requests) are written out before the exit.
    const exit = (code: number) => {
      const timer = setTimeout(() => process.exit(code), 1_000);
      timer.unref();
      if (log.flush) log.flush(() => process.exit(code));
      else process.exit(code);
    };
    stop().then(
      () => exit(0),
      (error: unknown) => {
        log.error({ err: error }, "stopping failed");
        exit(1);
      },
    );
  };
  for (const signal of STOP_SIGNALS) process.on(signal, handle);
}

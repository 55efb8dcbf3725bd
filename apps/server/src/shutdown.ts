import type { FastifyBaseLogger } from 'fastify';

/** What a shutdown does, in order; the entry point wires them to the app and the process. */
export interface ShutdownSteps {
  /**
   * The normal path: stop accepting, abort the scrapes, let the requests in flight finish, close
   * the browser and the store (`app.close()`).
   */
  close(): Promise<void>;
  /** Ends every connection still open, so that a slow or stalled client cannot hold `close`. */
  dropConnections(): void;
  /** Closes the store at once, whatever still runs: the deadline's last step. */
  closeStore(): Promise<void>;
  exit(code: number): void;
}

export interface ShutdownTiming {
  /** When connections still open are dropped. */
  dropConnectionsAfterMs: number;
  /** When the shutdown stops waiting: the store is closed and the process exits. */
  deadlineMs: number;
  /** How long the store gets to close at the deadline. */
  storeCloseMs: number;
}

/**
 * A supervisor gives 10 s after SIGTERM. The normal path ends well within that: scrapes are
 * aborted at once, the browser gets 3 s (see `buildApp`), the store closes at once, and requests
 * still open after 5 s lose their connection. The deadline at 9 s is for what cannot happen
 * normally (a hook that never returns), with room for the exit itself.
 */
export const SHUTDOWN_TIMING: ShutdownTiming = {
  dropConnectionsAfterMs: 5_000,
  deadlineMs: 9_000,
  storeCloseMs: 500,
};

/**
 * Signals this soon after the first are the same stop relayed: a Ctrl-C in a terminal reaches the
 * whole process group, and the wrappers in it (npm, tsx) pass it on to their child as well.
 */
export const RELAYED_SIGNAL_MS = 1_000;

export interface ShutdownOptions {
  /** Where SIGTERM and SIGINT come from: `process`. */
  signals: Pick<NodeJS.EventEmitter, 'on'>;
  logger: Pick<FastifyBaseLogger, 'info' | 'warn' | 'error'>;
  steps: ShutdownSteps;
  timing?: ShutdownTiming;
}

/**
 * On the first SIGTERM or SIGINT, shuts down and exits 0. Every later signal is ignored, never
 * fatal, and logged unless it is the first one relayed (`RELAYED_SIGNAL_MS`): the listeners stay (`on`, not `once`), since without one Node would
 * apply the signal's default action and kill the process in the middle of closing the store.
 *
 * At the deadline the process closes the store and exits 0 all the same, after an error line
 * saying what was forced. By then every scrape was aborted and the store, the one thing whose
 * state outlives the process, is closed (SQLite in WAL mode keeps every commit whole even so);
 * what is left is a connection or a browser, which the exit ends. A non-zero exit after SIGTERM
 * reads as a crash to supervisors (a failed unit, a restart) and would be less honest about what
 * happened; the error line is the operator's signal. Only a store that cannot even be closed
 * then exits 1, as does a close that failed outright (a step threw: a bug to look at).
 */
export function handleShutdownSignals(options: ShutdownOptions): void {
  const { signals, logger, steps } = options;
  const timing = options.timing ?? SHUTDOWN_TIMING;
  let started = false;
  let startedAt = 0;
  let exited = false;
  const exit = (code: number) => {
    if (exited) return;
    exited = true;
    steps.exit(code);
  };

  const atDeadline = async () => {
    logger.error(
      { waitedMs: timing.deadlineMs },
      'shutdown outlasted its deadline; closing the store and exiting',
    );
    try {
      await withinMs(steps.closeStore(), timing.storeCloseMs);
      exit(0);
    } catch (error) {
      logger.error({ err: error }, 'could not close the store');
      exit(1);
    }
  };

  const onSignal = (signal: NodeJS.Signals) => {
    if (started) {
      if (performance.now() - startedAt > RELAYED_SIGNAL_MS) {
        logger.warn({ signal }, 'already shutting down');
      }
      return;
    }
    started = true;
    startedAt = performance.now();
    logger.info({ signal }, 'shutting down');
    const drop = setTimeout(() => {
      logger.warn('requests still open; closing their connections');
      steps.dropConnections();
    }, timing.dropConnectionsAfterMs);
    const deadline = setTimeout(() => void atDeadline(), timing.deadlineMs);
    const finish = (code: number) => {
      clearTimeout(drop);
      clearTimeout(deadline);
      exit(code);
    };
    steps.close().then(
      () => finish(0),
      (error: unknown) => {
        logger.error({ err: error }, 'shutdown failed');
        finish(1);
      },
    );
  };
  signals.on('SIGTERM', onSignal);
  signals.on('SIGINT', onSignal);
}

/** `work`, or a rejection once `ms` have passed. */
async function withinMs<T>(work: Promise<T>, ms: number): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const late = new Promise<never>((_resolve, reject) => {
    timer = setTimeout(() => reject(new Error(`not done within ${ms} ms`)), ms);
  });
  try {
    return await Promise.race([work, late]);
  } finally {
    clearTimeout(timer);
  }
}

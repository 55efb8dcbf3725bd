import type { FastifyBaseLogger } from 'fastify';

/**
 * Where a pass's push fan-out runs, once per pass whoever asks: in this process (`PushRounds`),
 * or as one job on a cluster's queue (cluster/push-queue.ts), which one worker takes.
 */
export interface PushDispatch {
  /** Asks for a fan-out after a pass; never throws (a failure to ask is logged). */
  request(): void;
  /** Starts running the fan-outs asked for here (a cluster's worker: taking their jobs). */
  start(): Promise<void>;
  /** Stops starting fan-outs; the one under way ends after its current page. */
  stop(): void;
  /** Resolves once no fan-out runs here. */
  settled(): Promise<void>;
  /**
   * Resolves once the fan-outs asked for here so far have run, when they run here (in a cluster
   * they are the queue's: at once). Nothing is stopped; tests and the demo wait on it.
   */
  idle(): Promise<void>;
}

/**
 * Fan-outs in this process, one at a time: a pass that ends while one runs asks for one more,
 * run after it (its new deals may have come after the running one read the deals); any number of
 * such asks make one.
 */
export class PushRounds implements PushDispatch {
  private running: Promise<void> | null = null;
  private again = false;
  private readonly stopping = new AbortController();

  constructor(
    private readonly run: (signal: AbortSignal) => Promise<unknown>,
    private readonly logger: Pick<FastifyBaseLogger, 'error'>,
  ) {}

  request(): void {
    if (this.stopping.signal.aborted) return;
    if (this.running) {
      this.again = true;
      return;
    }
    this.running = this.loop().finally(() => {
      this.running = null;
    });
  }

  private async loop(): Promise<void> {
    do {
      this.again = false;
      try {
        await this.run(this.stopping.signal);
      } catch (error) {
        this.logger.error({ err: error }, 'push fan-out failed; the next pass tries again');
      }
    } while (this.again && !this.stopping.signal.aborted);
  }

  start(): Promise<void> {
    return Promise.resolve();
  }

  stop(): void {
    this.stopping.abort();
  }

  async settled(): Promise<void> {
    await this.running;
  }

  async idle(): Promise<void> {
    while (this.running) await this.running;
  }
}

import {
  DispatchFailedError,
  type RefreshResult,
  type ScrapeDispatch,
} from '../collection/refresh-pass';

/** What a refresh that no worker will answer says, in status and in its answer: client-safe. */
export const DISPATCH_REASONS = {
  unreachable: "The service's database cannot be reached; the last good deals are kept.",
  unanswered: 'No worker reported on the scrape in time; the last good deals are kept.',
} as const;

/**
 * The asking side of the queue: a refresh queues the dispensary's job, or joins the one queued
 * or running anywhere in the cluster (the queue refuses a second, see ScrapeQueue), and waits for
 * the word that a scrape of it ended, which comes over the scrape events (`finished`, called once
 * the result is in this process's read model). A worker completes its job before it tells of
 * the end, so a caller refused a job of its own hears the end of the one it joined.
 *
 * A refresh no worker will answer rejects with a DispatchFailedError: the queue cannot be
 * reached, the connection that brings the word was lost (`lost`), or no word came within
 * `waitMs`, so the caller is not held past a job's lease.
 */
export class QueuedScrapes implements ScrapeDispatch {
  private readonly waiting = new Map<string, Set<(result: RefreshResult | Error) => void>>();

  constructor(
    private readonly send: (key: string) => Promise<unknown>,
    private readonly waitMs: number,
  ) {}

  request(key: string): Promise<RefreshResult> {
    return new Promise((resolve, reject) => {
      let waiters = this.waiting.get(key);
      if (!waiters) {
        waiters = new Set();
        this.waiting.set(key, waiters);
      }
      const settle = (result: RefreshResult | Error) => {
        clearTimeout(timer);
        waiters.delete(settle);
        if (waiters.size === 0 && this.waiting.get(key) === waiters) this.waiting.delete(key);
        if (result instanceof Error) reject(result);
        else resolve(result);
      };
      const timer = setTimeout(
        () => settle(new DispatchFailedError(DISPATCH_REASONS.unanswered)),
        this.waitMs,
      );
      // Registered before the job is sent: the word of its end cannot come before.
      waiters.add(settle);
      this.send(key).catch((error: unknown) =>
        settle(new DispatchFailedError(DISPATCH_REASONS.unreachable, { cause: error })),
      );
    });
  }

  /** A scrape of the dispensary ended somewhere in the cluster: its waiters get its result. */
  finished(key: string, result: RefreshResult): void {
    for (const settle of [...(this.waiting.get(key) ?? [])]) settle(result);
  }

  /**
   * The connection that brings the word of scrapes was lost (the database went away): events
   * sent meanwhile are lost, so no waiter would hear its scrape end. Each fails now.
   */
  lost(cause: unknown): void {
    for (const waiters of [...this.waiting.values()]) {
      for (const settle of [...waiters]) {
        settle(new DispatchFailedError(DISPATCH_REASONS.unreachable, { cause }));
      }
    }
  }

  /** At shutdown: every waiter is let go, as skipped. */
  close(): void {
    for (const [key] of this.waiting) this.finished(key, 'skipped');
  }
}

import type { RefreshResult, ScrapeDispatch } from '../collection/collection';

/**
 * The asking side of the queue: a refresh queues the dispensary's job (or finds one waiting) and
 * waits for the word that a scrape of it ended, which comes over the scrape events (`finished`,
 * called once the result is in this process's read model). A scrape already running when asked
 * is joined, as in one process. No word within `waitMs` (no worker runs, or the event was lost)
 * counts as failed: the caller is not held past a job's lease.
 */
export class QueuedScrapes implements ScrapeDispatch {
  private readonly waiting = new Map<string, Set<(result: RefreshResult) => void>>();

  constructor(
    private readonly send: (key: string) => Promise<unknown>,
    private readonly waitMs: number,
  ) {}

  request(key: string): Promise<RefreshResult> {
    return new Promise((resolve) => {
      let waiters = this.waiting.get(key);
      if (!waiters) {
        waiters = new Set();
        this.waiting.set(key, waiters);
      }
      const settle = (result: RefreshResult) => {
        clearTimeout(timer);
        waiters.delete(settle);
        if (waiters.size === 0 && this.waiting.get(key) === waiters) this.waiting.delete(key);
        resolve(result);
      };
      const timer = setTimeout(() => settle('failed'), this.waitMs);
      waiters.add(settle);
      // The queue cannot be reached: nothing will be scraped for this caller.
      this.send(key).catch(() => settle('failed'));
    });
  }

  /** A scrape of the dispensary ended somewhere in the cluster: its waiters get its result. */
  finished(key: string, result: RefreshResult): void {
    for (const settle of [...(this.waiting.get(key) ?? [])]) settle(result);
  }

  /** At shutdown: every waiter is let go, as skipped. */
  close(): void {
    for (const [key] of this.waiting) this.finished(key, 'skipped');
  }
}

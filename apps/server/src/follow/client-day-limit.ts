import { createHmac, randomBytes } from 'node:crypto';

const DAY_MS = 24 * 60 * 60 * 1000;

/**
 * How many subscriptions each client made today (a UTC day), at most `perDay`. A client is known
 * by a keyed hash of its address (`clientKey`), with a key made at start and never written
 * anywhere: the address itself is not kept, and the hashes cannot be turned back into addresses
 * once the process ends. Counted in this process's memory only: in a cluster each API process
 * counts its own, so a client may make up to `perDay` per process. Bounded: a day's counts are
 * dropped when the next day begins, and there are never more of them than subscriptions made
 * that day (PUSH_MAX_SUBSCRIPTIONS bounds those).
 */
export class ClientDayLimit {
  private readonly key = randomBytes(32);
  private day = -1;
  private readonly counts = new Map<string, number>();

  constructor(readonly perDay: number) {}

  private hash(client: string): string {
    return createHmac('sha256', this.key).update(client).digest('base64url');
  }

  private today(now: Date): void {
    const day = Math.floor(now.getTime() / DAY_MS);
    if (day !== this.day) {
      this.counts.clear();
      this.day = day;
    }
  }

  /** Whether `client` may make another subscription today. */
  allows(client: string, now: Date): boolean {
    this.today(now);
    return (this.counts.get(this.hash(client)) ?? 0) < this.perDay;
  }

  /** Counts one subscription made by `client`. */
  count(client: string, now: Date): void {
    this.today(now);
    const hash = this.hash(client);
    this.counts.set(hash, (this.counts.get(hash) ?? 0) + 1);
  }

  /** Clients counted today (for tests). */
  get size(): number {
    return this.counts.size;
  }
}

import { createHmac, randomBytes } from 'node:crypto';

const DAY_MS = 24 * 60 * 60 * 1000;

/**
 * The subscriptions one client may make in a day: asked before a subscription is taken, counted
 * once it is. In one process `ClientDayLimit`; in a cluster the API processes count in one place
 * (cluster/shared-client-days.ts).
 */
export interface SubscriptionBudget {
  /** Whether `client` (see `clientKey`) may make another subscription now. */
  allows(client: string, now: Date): Promise<boolean>;
  /** Counts one subscription made by `client`. */
  count(client: string, now: Date): Promise<void>;
}

/**
 * How many subscriptions each client made today (a UTC day), at most `perDay`, in this process's
 * memory. A client is known by a keyed hash of its address (`clientKey`), with a key made at
 * start and never written anywhere: the address itself is not kept, and the hashes cannot be
 * turned back into addresses once the process ends. Bounded: a day's counts are dropped when the
 * next day begins, and there are never more of them than subscriptions made that day
 * (PUSH_MAX_SUBSCRIPTIONS bounds those).
 */
export class ClientDayLimit implements SubscriptionBudget {
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

  allows(client: string, now: Date): Promise<boolean> {
    this.today(now);
    return Promise.resolve((this.counts.get(this.hash(client)) ?? 0) < this.perDay);
  }

  count(client: string, now: Date): Promise<void> {
    this.today(now);
    const hash = this.hash(client);
    this.counts.set(hash, (this.counts.get(hash) ?? 0) + 1);
    return Promise.resolve();
  }

  /** Clients counted today (for tests). */
  get size(): number {
    return this.counts.size;
  }
}

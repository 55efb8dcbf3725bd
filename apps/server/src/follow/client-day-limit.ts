import { createHmac, randomBytes } from 'node:crypto';

const DAY_MS = 24 * 60 * 60 * 1000;

/**
 * The subscriptions one client may make in a day: one is taken before a subscription is written,
 * in one step (so that requests at once cannot all pass), and given back when none is made. In
 * one process `ClientDayLimit`; in a cluster the API processes count in one place
 * (cluster/shared-client-days.ts).
 */
export interface SubscriptionBudget {
  /** Takes one of `client`'s (see `clientKey`) subscriptions of the day; false when none is left. */
  take(client: string, now: Date): Promise<boolean>;
  /** Gives back one taken for a subscription that was not made. */
  giveBack(client: string, now: Date): Promise<void>;
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

  take(client: string, now: Date): Promise<boolean> {
    this.today(now);
    const hash = this.hash(client);
    const count = this.counts.get(hash) ?? 0;
    if (count >= this.perDay) return Promise.resolve(false);
    this.counts.set(hash, count + 1);
    return Promise.resolve(true);
  }

  giveBack(client: string, now: Date): Promise<void> {
    this.today(now);
    const hash = this.hash(client);
    const count = this.counts.get(hash) ?? 0;
    if (count <= 1) this.counts.delete(hash);
    else this.counts.set(hash, count - 1);
    return Promise.resolve();
  }

  /** Clients counted today (for tests). */
  get size(): number {
    return this.counts.size;
  }
}

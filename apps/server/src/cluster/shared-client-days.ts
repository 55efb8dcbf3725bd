import { createHmac } from 'node:crypto';
import type { FastifyBaseLogger } from 'fastify';
import type pg from 'pg';
import type { SubscriptionBudget } from '../follow/client-day-limit';
import { countInWindow, pruneEndedWindows, uncountInWindow } from './shared-rate-limit';
import { throttledWarning } from './throttled-warning';

const DAY_MS = 24 * 60 * 60 * 1000;
/** Ended windows are deleted after this many counts, as the rate limit does with its own. */
const PRUNE_EVERY = 100;

/**
 * The subscriptions each client made, counted in PostgreSQL so that a client has one budget of
 * `perDay` over every API process of the cluster. The counters are the refresh rate limit's table
 * of fixed windows (`refresh_limits`), under keys of their own ('push:' and a hash): a client's
 * window is the 24 hours from its first subscription, timed by the database's clock, and ended
 * windows are pruned every so many counts, as the rate limit prunes its own.
 *
 * A client is known by an HMAC of its address (`clientKey`) keyed with `secret`, which every
 * process of the cluster holds alike (the VAPID private key): the table holds no address. (The
 * addresses are few enough to try them all, so the hash hides them from whoever has the table
 * alone, not from whoever also has the key; the rows live a day.)
 *
 * The database away: the budget allows (the subscription's own write then fails and says so),
 * with a warning; a client may then make a few more than `perDay`.
 */
export function sharedClientDays(
  pool: pg.Pool,
  secret: string,
  perDay: number,
  logger: FastifyBaseLogger,
  /** Whose count: 'push' (subscriptions) or 'email' (sign-ups), each under keys of its own. */
  scope = 'push',
): SubscriptionBudget {
  const warn = throttledWarning(logger, `${scope}: the shared daily count failed`);
  const keyOf = (client: string) =>
    `${scope}:${createHmac('sha256', `${scope}-client-day:${secret}`).update(client).digest('base64url')}`;
  let counted = 0;
  return {
    async take(client) {
      counted += 1;
      if (counted % PRUNE_EVERY === 0) pruneEndedWindows(pool).catch(warn);
      try {
        // Counted in one step, then given back when it went over: the count stays at `perDay`,
        // so one given back later (a write that failed) can be taken again.
        const key = keyOf(client);
        if ((await countInWindow(pool, key, DAY_MS)).current <= perDay) return true;
        await uncountInWindow(pool, key);
        return false;
      } catch (error) {
        warn(error);
        return true;
      }
    },
    async giveBack(client) {
      try {
        await uncountInWindow(pool, keyOf(client));
      } catch (error) {
        warn(error);
      }
    },
  };
}

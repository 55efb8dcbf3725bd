import type { DealView, Dispensary } from '@stl-deals/domain';
import type { DealsRepository, PushOutcome, PushSubscriptionRecord } from '@stl-deals/store';
import type { FastifyBaseLogger } from 'fastify';
import pLimit from 'p-limit';
import type { Clock } from '../clock';
import type { FeedDealList } from './feed-deals';
import { FollowedNews, type Matched, type News } from './followed-news';
import { productVerdict, PRODUCT_INTERVAL_MS } from './product-watch';
import { productPushMessage, pushMessage } from './push-message';
import { isDue, retryAfterMs, retryAt, UNUSED_DROP_MS, verdictOf } from './push-schedule';
import type { PushSend } from './push-sender';

/** Subscriptions read, sent to and settled at once: what a fan-out holds in memory. */
export const PAGE_SIZE = 500;
/** Messages on their way at once. */
export const SEND_CONCURRENCY = 64;

export interface FanOutOptions {
  repository: Pick<
    DealsRepository,
    'listPushSubscriptions' | 'settlePushSubscriptions' | 'prunePushSubscriptions'
  >;
  /** The deals as last published, as the feeds read them; asked once, when first needed. */
  deals: () => FeedDealList;
  /** The registry's dispensaries, placed (a radius is judged per dispensary). */
  dispensaries: () => readonly Dispensary[];
  isDispensary: (key: string) => boolean;
  send: PushSend;
  clock: Clock;
  logger: Pick<FastifyBaseLogger, 'info' | 'warn'>;
}

export interface FanOutSummary {
  subscriptions: number;
  sent: number;
  gone: number;
  retried: number;
  /** Dropped before sending: unused for 90 days, or past the end their browser gave. */
  dropped: number;
  durationMs: number;
  /** Why the last send that was not taken failed (for the log). */
  lastFailure?: string;
}

/**
 * One pass's messages: every subscription whose search gained deals since its last message (its
 * deals first seen after its watermark) and that is due (see `isDue`) is sent one message, and
 * what each send came to is written back a page at a time (the watermark moved on to the newest
 * deal told of, a backoff, or the subscription deleted). The searches are the feeds' (same
 * reading, same deals); each search is matched once per fan-out, however many follow it.
 * Subscriptions unused for 90 days are dropped first. Stops between pages when `signal` aborts,
 * settling what was sent.
 */
export async function fanOut(options: FanOutOptions, signal?: AbortSignal): Promise<FanOutSummary> {
  const { repository, clock, logger } = options;
  const started = performance.now();
  const now = clock.now();
  const summary: FanOutSummary = {
    subscriptions: 0,
    sent: 0,
    gone: 0,
    retried: 0,
    dropped: await repository.prunePushSubscriptions(new Date(now.getTime() - UNUSED_DROP_MS), now),
    durationMs: 0,
  };
  const news = new FollowedNews({
    deals: options.deals,
    dispensaries: options.dispensaries(),
    isDispensary: options.isDispensary,
    now,
  });
  const tell: Telling = {
    nowMs: now.getTime(),
    match: (search) => news.match(search),
    newsOf: (matched, watermark) => news.newsOf(matched, watermark),
    offersOf: (productKey) => news.offersOf(productKey),
    send: options.send,
    failed: (reason) => {
      summary.lastFailure = reason;
    },
  };
  const limit = pLimit(SEND_CONCURRENCY);
  let after: string | null = null;
  while (signal?.aborted !== true) {
    const page = await repository.listPushSubscriptions(after, PAGE_SIZE);
    if (page.length === 0) break;
    after = page[page.length - 1]!.id;
    summary.subscriptions += page.length;
    const outcomes = await Promise.all(
      page.map((subscription) => limit(() => sendIfNew(subscription, tell))),
    );
    const written = outcomes.filter((outcome): outcome is PushOutcome => outcome !== null);
    await repository.settlePushSubscriptions(written);
    for (const outcome of written) {
      if (outcome.kind === 'sent') summary.sent += 1;
      else if (outcome.kind === 'gone') summary.gone += 1;
      else if (outcome.kind === 'retry') summary.retried += 1;
    }
    if (page.length < PAGE_SIZE) break;
  }
  summary.durationMs = Math.round(performance.now() - started);
  // One line per fan-out, not per message: a push service's outage fails thousands at once.
  if (summary.retried > 0) {
    logger.warn(
      { push: summary },
      'push messages sent; some were not taken and wait to be tried again',
    );
  } else if (summary.sent + summary.gone + summary.dropped > 0) {
    logger.info({ push: summary }, 'push messages sent');
  }
  return summary;
}

/** What sending to one subscription needs of its fan-out. */
interface Telling {
  /** The fan-out's time: when its messages count as sent. */
  nowMs: number;
  match: (search: string) => Matched | null;
  newsOf: (matched: Matched, watermark: string) => News | null;
  /** A product's offers of the day, cheapest first (see `productOffers`). */
  offersOf: (productKey: string) => readonly DealView[];
  send: PushSend;
  failed: (reason: string) => void;
}

/** One subscription's message when it is due and its search has new deals; null otherwise. */
async function sendIfNew(
  subscription: PushSubscriptionRecord,
  telling: Telling,
): Promise<PushOutcome | null> {
  if (subscription.productKey !== null) return sendIfOnDeal(subscription, telling);
  const { nowMs, match, newsOf, send } = telling;
  if (!isDue(subscription, nowMs)) return null;
  const matched = match(subscription.search);
  if (matched === null) return null;
  const told = newsOf(matched, subscription.watermark);
  if (told === null) return null;
  const { id } = subscription;
  const result = await send(subscription, pushMessage(id, subscription.search, told.news));
  return settled(subscription, result, telling, new Date(told.newestMs).toISOString());
}

/**
 * A product watch's message when its product is on deal at or below its target, cheaper than
 * it last told of, and it was sent none in a day (`PRODUCT_INTERVAL_MS`); the price it told of
 * is forgotten once the product is no longer on deal at its target, at any time.
 */
async function sendIfOnDeal(
  subscription: PushSubscriptionRecord,
  telling: Telling,
): Promise<PushOutcome | null> {
  const { nowMs, offersOf, send } = telling;
  const { id, productKey, atMostCents, toldCents, lastSentAt, retryAt } = subscription;
  const verdict = productVerdict(offersOf(productKey ?? ''), atMostCents, toldCents);
  if (verdict === null) return null;
  if (verdict.kind === 'untold') return { id, kind: 'untold' };
  if (retryAt !== null && Date.parse(retryAt) > nowMs) return null;
  if (lastSentAt !== null && nowMs - Date.parse(lastSentAt) < PRODUCT_INTERVAL_MS) return null;
  const message = productPushMessage(id, subscription.search, verdict.offers, atMostCents);
  const result = await send(subscription, message);
  const outcome = settled(subscription, result, telling, new Date(nowMs).toISOString());
  return outcome.kind === 'sent' ? { ...outcome, toldCents: verdict.bestCents } : outcome;
}

/** What a push service's answer to a subscription's message comes to. */
function settled(
  subscription: PushSubscriptionRecord,
  result: Awaited<ReturnType<PushSend>>,
  { nowMs, failed }: Telling,
  watermark: string,
): PushOutcome {
  const { id } = subscription;
  const verdict = verdictOf(result.status);
  if (verdict === 'sent') {
    return { id, kind: 'sent', sentAt: new Date(nowMs).toISOString(), watermark };
  }
  if (verdict === 'gone') return { id, kind: 'gone' };
  const failures = subscription.failures + 1;
  failed(result.error ?? `status ${String(result.status)}`);
  return {
    id,
    kind: 'retry',
    failures,
    retryAt: retryAt(failures, retryAfterMs(result.retryAfter, nowMs), nowMs).toISOString(),
  };
}

export { freshDeals } from './followed-news';

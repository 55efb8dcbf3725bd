import type { Dispensary } from '@stl-deals/domain';
import type {
  DealsRepository,
  EmailAddressRecord,
  EmailOutcome,
  EmailWatchUpdate,
} from '@stl-deals/store';
import type { FastifyBaseLogger } from 'fastify';
import pLimit from 'p-limit';
import type { Clock } from '../clock';
import { marketDay } from '../collection/market-day';
import { feedTitle } from './deal-feed';
import { newsMessage, type EmailSettings, type NewsSection } from './email-message';
import { addressDue, emailRetryAt, PERMANENT_FAILURES, watchDue } from './email-schedule';
import type { EmailSend } from './email-sender';
import type { FeedDealList } from './feed-deals';
import { FollowedNews } from './followed-news';
import { productName, productNewsText, productVerdict } from './product-watch';

/** Addresses read, sent to and settled at once: what a fan-out holds in memory. */
export const EMAIL_PAGE_SIZE = 500;
/** Messages on their way at once (the sender's pool takes them a few connections at a time). */
export const EMAIL_CONCURRENCY = 32;

export interface EmailFanOutOptions {
  repository: Pick<
    DealsRepository,
    'listEmailAddresses' | 'settleEmail' | 'pruneEmail' | 'takeEmailSend'
  >;
  deals: () => FeedDealList;
  dispensaries: () => readonly Dispensary[];
  isDispensary: (key: string) => boolean;
  send: EmailSend;
  settings: EmailSettings;
  /** EMAIL_MESSAGES_PER_DAY. */
  perDay: number;
  clock: Clock;
  logger: Pick<FastifyBaseLogger, 'info' | 'warn'>;
}

export interface EmailFanOutSummary {
  addresses: number;
  sent: number;
  retried: number;
  /** Addresses dropped after the mail server refused them for good, again and again. */
  gone: number;
  /** Messages held back by the address's daily bound. */
  held: number;
  /** Watches never confirmed, dropped once their link expired. */
  pruned: number;
  durationMs: number;
  lastFailure?: string;
}

/** What one address comes to: its outcome (null: nothing sent) and its watches' updates. */
interface Settled {
  outcome: EmailOutcome | null;
  watches: EmailWatchUpdate[];
  held: boolean;
}

/**
 * One pass's email: every confirmed address with news of a due watch (see `watchDue`) is sent
 * one message telling of all of them, within its daily bound (`takeEmailSend`), and what each
 * send came to is written back a page at a time (each watch's watermark or price told moved on,
 * a backoff, or the address dropped). The news is the push fan-out's (`FollowedNews`): each
 * search and product is worked out once, however many follow it. Watches never confirmed are
 * dropped first. Stops between pages when `signal` aborts, settling what was sent.
 */
export async function emailFanOut(
  options: EmailFanOutOptions,
  signal?: AbortSignal,
): Promise<EmailFanOutSummary> {
  const { repository, clock, logger } = options;
  const started = performance.now();
  const now = clock.now();
  const summary: EmailFanOutSummary = {
    addresses: 0,
    sent: 0,
    retried: 0,
    gone: 0,
    held: 0,
    pruned: await repository.pruneEmail(now),
    durationMs: 0,
  };
  const news = new FollowedNews({
    deals: options.deals,
    dispensaries: options.dispensaries(),
    isDispensary: options.isDispensary,
    now,
  });
  const telling: Telling = {
    nowMs: now.getTime(),
    day: marketDay(now),
    news,
    options,
    failed: (reason) => {
      summary.lastFailure = reason;
    },
  };
  const limit = pLimit(EMAIL_CONCURRENCY);
  let after: string | null = null;
  while (signal?.aborted !== true) {
    const page = await repository.listEmailAddresses(after, EMAIL_PAGE_SIZE);
    if (page.length === 0) break;
    after = page[page.length - 1]!.id;
    summary.addresses += page.length;
    const results = await Promise.all(page.map((address) => limit(() => tell(address, telling))));
    const outcomes = results.flatMap(({ outcome }) => (outcome === null ? [] : [outcome]));
    await repository.settleEmail(
      outcomes,
      results.flatMap(({ watches }) => watches),
    );
    for (const { outcome, held } of results) {
      if (held) summary.held += 1;
      if (outcome?.kind === 'sent') summary.sent += 1;
      else if (outcome?.kind === 'retry') summary.retried += 1;
      else if (outcome?.kind === 'gone') summary.gone += 1;
    }
    if (page.length < EMAIL_PAGE_SIZE) break;
  }
  summary.durationMs = Math.round(performance.now() - started);
  if (summary.retried > 0) {
    logger.warn({ email: summary }, 'emails sent; some were not taken and wait to be tried again');
  } else if (summary.sent + summary.gone + summary.pruned + summary.held > 0) {
    logger.info({ email: summary }, 'emails sent');
  }
  return summary;
}

interface Telling {
  nowMs: number;
  /** The St. Louis day the daily bound counts in. */
  day: string;
  news: FollowedNews;
  options: EmailFanOutOptions;
  failed: (reason: string) => void;
}

/** One address's message of its due watches' news, if any, and what it comes to. */
async function tell(address: EmailAddressRecord, telling: Telling): Promise<Settled> {
  const { nowMs, news, options } = telling;
  const sentAt = new Date(nowMs).toISOString();
  const sections: NewsSection[] = [];
  // Written whatever is sent: a product off deal is forgotten, so its next deal is news.
  const watches: EmailWatchUpdate[] = [];
  // Written only once the message is taken.
  const told: EmailWatchUpdate[] = [];
  for (const watch of address.watches) {
    if (watch.productKey !== null) {
      const verdict = productVerdict(
        news.offersOf(watch.productKey),
        watch.atMostCents,
        watch.toldCents,
      );
      if (verdict?.kind === 'untold') watches.push({ id: watch.id, toldCents: null });
      if (verdict?.kind !== 'tell' || !watchDue(watch, nowMs)) continue;
      const [best] = verdict.offers;
      sections.push({
        watchId: watch.id,
        title: best ? productName(best) : watch.productKey,
        summary: productNewsText(verdict.offers, watch.atMostCents),
        deals: verdict.offers,
        pagePath: `/?${watch.search}`,
      });
      told.push({ id: watch.id, lastSentAt: sentAt, toldCents: verdict.bestCents });
      continue;
    }
    if (!watchDue(watch, nowMs)) continue;
    const matched = news.match(watch.search);
    const fresh = matched === null ? null : news.newsOf(matched, watch.watermark);
    if (matched === null || fresh === null) continue;
    sections.push({
      watchId: watch.id,
      title: feedTitle(matched.search, news.context.dispensaries),
      summary: fresh.news.body,
      deals: fresh.fresh,
      pagePath: `/${watch.search === '' ? '' : `?${watch.search}`}`,
    });
    told.push({
      id: watch.id,
      lastSentAt: sentAt,
      watermark: new Date(fresh.newestMs).toISOString(),
    });
  }
  if (sections.length === 0 || !addressDue(address, nowMs)) {
    return { outcome: null, watches, held: false };
  }
  if (!(await options.repository.takeEmailSend(address.id, telling.day, options.perDay))) {
    return { outcome: null, watches, held: true };
  }
  const recipient = { address: address.address, addressId: address.id, token: address.token };
  const result = await options.send(newsMessage(options.settings, recipient, sections));
  if (result.ok) {
    return {
      outcome: { addressId: address.id, kind: 'sent', sentAt },
      watches: [...watches, ...told],
      held: false,
    };
  }
  telling.failed(result.error);
  const failures = address.failures + 1;
  if (result.permanent && failures >= PERMANENT_FAILURES) {
    return { outcome: { addressId: address.id, kind: 'gone' }, watches: [], held: false };
  }
  return {
    outcome: {
      addressId: address.id,
      kind: 'retry',
      failures,
      retryAt: emailRetryAt(failures, nowMs).toISOString(),
    },
    watches,
    held: false,
  };
}

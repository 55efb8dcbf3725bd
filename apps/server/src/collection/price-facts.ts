import {
  addDays,
  effectivePrice,
  PRICE_MEMORY_DAYS,
  priceMemory,
  type Deal,
  type PriceObservation,
  type PriceToday,
} from '@stl-deals/domain';
import type { DealsRepository } from '@stl-deals/store';
import type { FastifyBaseLogger } from 'fastify';

/** The price memory's fields of a deal: the service's own, never the scraper's. */
export type PriceFactFields = Pick<
  Deal,
  'lowest30d' | 'usualPrice' | 'previousPrice' | 'priceChangedAt' | 'discountCheck'
>;

const FACT_FIELDS = [
  'lowest30d',
  'usualPrice',
  'previousPrice',
  'priceChangedAt',
  'discountCheck',
] as const satisfies ReadonlyArray<keyof PriceFactFields>;

/**
 * The days of history read for a store result: the price memory's own window, the 30 days before
 * today. `lowest30d`, `usualPrice` and `discountCheck` read nothing older, so they are exact;
 * `previousPrice` and `priceChangedAt` are the last change within the window, which holds every
 * change the card tells of (a drop is news for 7 days). A longer window would date older changes
 * too, at a cost that grows with it: every deal's days are read when the day turns (see
 * `PriceFacts`), about 1.2 s of CPU a pass for 10,000 deals at 30 days against 3.3 s at 90.
 */
export const PRICE_FACTS_WINDOW_DAYS = PRICE_MEMORY_DAYS;

/** Product keys per `priceHistory` call: the store's bound of one query. */
const KEYS_PER_QUERY = 1_000;

/**
 * What a deal's price is compared with on `day`: its sale price, else its effective price (what
 * one item costs as the deal is offered), and the regular price it claims. Null for a deal with
 * no price: it gets no facts.
 */
export function priceTodayOf(deal: Deal, day: string): PriceToday | null {
  const price = deal.salePrice ?? effectivePrice(deal)?.each;
  if (price === undefined) return null;
  return { day, price, claimedRegularPrice: deal.regularPrice ?? null };
}

/**
 * A deal's facts from its product's observations (`priceMemory`), or null when none is of a day
 * before today: the history is not known, and nothing is said. With fewer than 7 days seen the
 * rule's check is 'unknown' and the card says nothing either; the lowest and usual prices are
 * sent all the same.
 */
export function priceFactsOf(
  observations: readonly PriceObservation[],
  today: PriceToday,
): PriceFactFields | null {
  const memory = priceMemory(observations, today);
  if (memory.daysSeen === 0 && memory.previousPrice === null) return null;
  const facts: PriceFactFields = { discountCheck: memory.discountCheck };
  if (memory.lowest30d !== null) facts.lowest30d = memory.lowest30d;
  if (memory.usualPrice !== null) facts.usualPrice = memory.usualPrice;
  if (memory.previousPrice !== null) facts.previousPrice = memory.previousPrice;
  if (memory.priceChangedAt !== null) facts.priceChangedAt = memory.priceChangedAt;
  return facts;
}

export interface PriceFactsOptions {
  repository: Pick<DealsRepository, 'priceHistory'>;
  logger: Pick<FastifyBaseLogger, 'warn'>;
}

/** One dispensary's facts of one day, by product and today's prices (see `identity`). */
interface KnownFacts {
  day: string;
  facts: Map<string, PriceFactFields | null>;
}

/**
 * Puts the price memory's facts on a dispensary's deals, per store result: when its new snapshot
 * is stored, and when a stored one is read back (at start, or another process's scrape). Only
 * the deals' own products are read, in one `priceHistory` query per store result (one per 1,000
 * products), never the whole history.
 *
 * Within a day the days before it do not change (a scrape writes its own day only), so a
 * product's facts hold until the day turns or its price or claimed regular price does: each
 * dispensary's facts of the day are kept, and a result reads the history of the products whose
 * facts are not known yet. The first result of a day reads every product's; the day's other
 * results, few or none. What is kept is the dispensary's current deals' facts, no more.
 *
 * Never throws: a history that cannot be read is logged and the deals go without facts (they
 * were stored already; the facts are extra), and so does a deal the rule refuses.
 */
export class PriceFacts {
  private readonly known = new Map<string, KnownFacts>();

  constructor(private readonly options: PriceFactsOptions) {}

  /** `deals` with their facts on `day` (the market's day of the result), in the same order. */
  async withFacts(dispensaryKey: string, deals: readonly Deal[], day: string): Promise<Deal[]> {
    const before = this.known.get(dispensaryKey);
    const kept = before?.day === day ? before.facts : undefined;
    const facts = new Map<string, PriceFactFields | null>();
    const identities = deals.map((deal) => {
      const key = deal.storeProductKey;
      const today = key ? priceTodayOf(deal, day) : null;
      return key && today ? { key, today, id: identity(key, today) } : null;
    });
    const wanted = new Set<string>();
    for (const found of identities) {
      if (found === null || facts.has(found.id)) continue;
      const known = kept?.get(found.id);
      if (known !== undefined) facts.set(found.id, known);
      else wanted.add(found.key);
    }

    const history = await this.read(dispensaryKey, [...wanted], day);
    let refused: unknown = null;
    if (history !== null) {
      for (const found of identities) {
        if (found === null || facts.has(found.id)) continue;
        try {
          facts.set(found.id, priceFactsOf(history.get(found.key) ?? [], found.today));
        } catch (error) {
          // A stored price the rule cannot read: a bug upstream, told once per result.
          refused ??= error;
          facts.set(found.id, null);
        }
      }
    }
    if (refused !== null) {
      this.options.logger.warn(
        { err: refused, dispensary: dispensaryKey },
        'the price memory refused a product; its deal goes without facts',
      );
    }
    this.known.set(dispensaryKey, { day, facts });

    return deals.map((deal, index) => {
      const found = identities[index];
      const dealFacts = found ? facts.get(found.id) : undefined;
      const own = withoutFacts(deal);
      return dealFacts ? { ...own, ...dealFacts } : own;
    });
  }

  /** The window's observations of `keys`, or null when the store could not answer. */
  private async read(
    dispensaryKey: string,
    keys: readonly string[],
    day: string,
  ): Promise<Map<string, PriceObservation[]> | null> {
    const history = new Map<string, PriceObservation[]>();
    if (keys.length === 0) return history;
    const sinceDay = addDays(day, -PRICE_FACTS_WINDOW_DAYS);
    try {
      for (let start = 0; start < keys.length; start += KEYS_PER_QUERY) {
        const part = await this.options.repository.priceHistory(
          dispensaryKey,
          keys.slice(start, start + KEYS_PER_QUERY),
          sinceDay,
        );
        for (const [key, observations] of part) history.set(key, observations);
      }
      return history;
    } catch (error) {
      this.options.logger.warn(
        { err: error, dispensary: dispensaryKey },
        'could not read the price history; the deals go without price facts',
      );
      return null;
    }
  }
}

/** A product's facts depend on the day's history and on today's two prices, nothing else. */
function identity(key: string, today: PriceToday): string {
  return `${today.price}|${today.claimedRegularPrice ?? ''}|${key}`;
}

/** The deal without price memory fields it came with: only the service sets them. */
function withoutFacts(deal: Deal): Deal {
  if (!FACT_FIELDS.some((field) => field in deal)) return deal;
  const own = { ...deal };
  for (const field of FACT_FIELDS) delete own[field];
  return own;
}

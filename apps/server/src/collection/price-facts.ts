import {
  addDays,
  PRICE_MEMORY_DAYS,
  priceMemory,
  productPrice,
  type Deal,
  type PriceObservation,
  storePriceJumps,
  type PriceToday,
  type StorePriceJumps,
  type StoreProductDays,
} from '@stl-deals/domain';
import type { DealsRepository } from '@stl-deals/store';
import type { FastifyBaseLogger } from 'fastify';
import {
  chargedDaysOf,
  extendedWindow,
  observationsOf,
  priceWindow,
  type PriceWindow,
} from './price-window';

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
 * The days of history the facts read: the price memory's own window, the 30 days before today.
 * `lowest30d`, `usualPrice` and `discountCheck` read nothing older, so they are exact;
 * `previousPrice` and `priceChangedAt` are the last change within the window, which holds every
 * change the card tells of (a drop is news for 7 days). A longer window would date older changes
 * too, at a cost that grows with it: a product first seen reads its whole window (every deal at
 * start), about 2 µs a row read on SQLite, 0.9 s of CPU for 10,000 deals at 30 days.
 */
export const PRICE_FACTS_WINDOW_DAYS = PRICE_MEMORY_DAYS;

/** Product keys per `priceHistory` call: the store's bound of one query. */
const KEYS_PER_QUERY = 1_000;

/**
 * What a deal's price is compared with on `day`: its sale price, else its regular price
 * (`productPrice`), which is what a day's observation records as charged, so today and the
 * history compare like with like (the card's line reads it the same way, see
 * `dealPriceMemoryCard`); a multi-buy's price per item was never recorded. And the regular price
 * it claims. Null for a deal with no price: it gets no facts.
 */
export function priceTodayOf(deal: Deal, day: string): PriceToday | null {
  const price = productPrice(deal);
  if (price === undefined) return null;
  return { day, price, claimedRegularPrice: deal.regularPrice ?? null };
}

/**
 * What a deal whose price today is far from its product's own history comes to: it is held back,
 * not published, until the next days confirm its price (see price-outliers.ts in the domain).
 */
export const HELD_BACK = 'held-back';

/**
 * A deal's facts from its product's observations (`priceMemory`), or null when none is of a day
 * before today: the history is not known, and nothing is said. With fewer than 7 days seen the
 * rule's check is 'unknown' and the card says nothing either; the lowest and usual prices are
 * sent all the same. `HELD_BACK` when today's price is far from the history.
 */
export function priceFactsOf(
  observations: readonly PriceObservation[],
  today: PriceToday,
): PriceFactFields | typeof HELD_BACK | null {
  const memory = priceMemory(observations, today);
  if (memory.heldBack?.today) return HELD_BACK;
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

type DealFacts = PriceFactFields | typeof HELD_BACK | null;

/** What is kept of one dispensary between its store results. */
interface StoreMemory {
  /** The day `facts` are of. */
  day: string;
  /** The current deals' facts of that day, by product and today's prices (see `identity`). */
  facts: Map<string, DealFacts>;
  /** How many of the current deals are held back (see `HELD_BACK`). */
  heldBack: number;
  /** The store-wide jump days `facts` left out (see `storeJumpsOf`), joined. */
  heldDays: string;
  /** The current deals' products' windows, by store product key. */
  windows: Map<string, PriceWindow>;
}

/**
 * Puts the price memory's facts on a dispensary's deals, per store result: when its new snapshot
 * is stored, and when a stored one is read back (at start, or another process's scrape). Only
 * the deals' own products are read, never the whole history.
 *
 * The days before today do not change (a scrape writes its own day only), so what was read is
 * kept per dispensary, for its current deals only: each product's window of complete days (see
 * `PriceWindow`), and the day's facts by product and today's prices. A store result then reads:
 * - nothing, for a product whose facts of the day are known at today's prices, or whose window
 *   reaches yesterday (its price changed today: the rule runs again on the window);
 * - the days since its window's last one, once a day, for the others (one query a store result);
 * - its whole window, 30 days, for a product first seen here (one more query; every product at
 *   start).
 * Each query asks for at most 1,000 products, as the store takes them.
 *
 * A deal whose price today is far from its product's own history, or shares a jump up most of
 * the store's products make today (store-price-jumps.ts in the domain), is held back: left out of
 * the deals answered (it was stored, and its day recorded, so the next days can confirm it) and
 * counted (`heldBackOf`). Past days of such a jump are left out of every product's facts.
 *
 * Never throws: a history that cannot be read is logged and the deals go without facts (they
 * were stored already; the facts are extra), and so does a deal the rule refuses.
 */
export class PriceFacts {
  private readonly known = new Map<string, StoreMemory>();

  constructor(private readonly options: PriceFactsOptions) {}

  /**
   * `deals` with their facts on `day` (the market's day of the result), in the same order, less
   * those held back.
   */
  async withFacts(dispensaryKey: string, deals: readonly Deal[], day: string): Promise<Deal[]> {
    const memory = this.known.get(dispensaryKey);
    const identities = deals.map((deal) => {
      const key = deal.storeProductKey;
      const today = key ? priceTodayOf(deal, day) : null;
      return key && today ? { key, today, id: identity(key, today) } : null;
    });
    const keptBefore = memory?.day === day ? memory.facts : undefined;
    const wanted = new Set<string>();
    for (const found of identities) {
      if (found !== null && !keptBefore?.has(found.id)) wanted.add(found.key);
    }

    const windowsBefore = memory?.windows ?? new Map<string, PriceWindow>();
    const windows = await this.windowsOf(dispensaryKey, [...wanted], windowsBefore, day);
    const currentWindows = new Map<string, PriceWindow>();
    for (const found of identities) {
      const window = found && (windows?.get(found.key) ?? windowsBefore.get(found.key));
      if (found && window) currentWindows.set(found.key, window);
    }
    // A jump most of the store shares (store-price-jumps.ts): its days are left out of every
    // product's facts, so facts kept from a result that left out other days are read again.
    const jumps = storeJumpsOf(identities, currentWindows);
    const heldDays = [...jumps.held.heldDays].join(',');
    const kept = memory?.heldDays === heldDays ? keptBefore : undefined;

    const facts = new Map<string, DealFacts>();
    let refused: unknown = null;
    for (const found of identities) {
      if (found === null || facts.has(found.id)) continue;
      const known = kept?.get(found.id);
      if (known !== undefined) {
        facts.set(found.id, known);
        continue;
      }
      // When the store could not answer, what was not kept goes without facts.
      if (windows === null) continue;
      const window = currentWindows.get(found.key);
      try {
        const observations = window ? observationsOf(window, jumps.held.heldDays) : [];
        facts.set(found.id, priceFactsOf(observations, found.today));
      } catch (error) {
        // A stored price the rule cannot read: a bug upstream, told once per result.
        refused ??= error;
        facts.set(found.id, null);
      }
    }
    if (refused !== null) {
      this.options.logger.warn(
        { err: refused, dispensary: dispensaryKey },
        'the price memory refused a product; its deal goes without facts',
      );
    }
    const served: Deal[] = [];
    let heldBack = 0;
    deals.forEach((deal, index) => {
      const found = identities[index];
      const dealFacts = found ? facts.get(found.id) : undefined;
      if (dealFacts === HELD_BACK || (found && jumps.heldToday.has(found.key))) {
        heldBack += 1;
        return;
      }
      const own = withoutFacts(deal);
      served.push(dealFacts ? { ...own, ...dealFacts } : own);
    });
    this.known.set(dispensaryKey, { day, facts, windows: currentWindows, heldBack, heldDays });
    return served;
  }

  /**
   * How many deals of the dispensary's last store result were held back: their price today is far
   * from their product's own history, and they are not published until the next days confirm it.
   */
  heldBackOf(dispensaryKey: string): number {
    return this.known.get(dispensaryKey)?.heldBack ?? 0;
  }

  /**
   * The windows through the day before `day` of `keys`, from those kept (moved on by the days
   * read since their last one) or read whole; null when the store could not answer.
   */
  private async windowsOf(
    dispensaryKey: string,
    keys: readonly string[],
    before: ReadonlyMap<string, PriceWindow>,
    day: string,
  ): Promise<Map<string, PriceWindow> | null> {
    const windows = new Map<string, PriceWindow>();
    const since = addDays(day, -PRICE_FACTS_WINDOW_DAYS);
    const through = addDays(day, -1);
    const whole: string[] = [];
    const behind: string[] = [];
    let readFrom = day;
    for (const key of keys) {
      const window = before.get(key);
      if (window?.through === through) windows.set(key, window);
      else if (window !== undefined && window.through < through) {
        behind.push(key);
        if (window.through < readFrom) readFrom = window.through;
      } else {
        // Never read, or through a later day (a snapshot older than one taken in before).
        whole.push(key);
      }
    }
    try {
      const read = await this.read(dispensaryKey, whole, since);
      for (const key of whole) {
        windows.set(key, priceWindow(read.get(key) ?? [], since, through));
      }
      const later = await this.read(dispensaryKey, behind, addDays(readFrom, 1));
      for (const key of behind) {
        windows.set(key, extendedWindow(before.get(key)!, later.get(key) ?? [], since, through));
      }
      return windows;
    } catch (error) {
      this.options.logger.warn(
        { err: error, dispensary: dispensaryKey },
        'could not read the price history; the deals go without price facts',
      );
      return null;
    }
  }

  /** The observations of `keys` from `sinceDay` on: one query per 1,000 products. */
  private async read(
    dispensaryKey: string,
    keys: readonly string[],
    sinceDay: string,
  ): Promise<Map<string, PriceObservation[]>> {
    const history = new Map<string, PriceObservation[]>();
    for (let start = 0; start < keys.length; start += KEYS_PER_QUERY) {
      const part = await this.options.repository.priceHistory(
        dispensaryKey,
        keys.slice(start, start + KEYS_PER_QUERY),
        sinceDay,
      );
      for (const [key, observations] of part) history.set(key, observations);
    }
    return history;
  }
}

/**
 * The store-wide jumps (`storePriceJumps`) of a result's products, each product once (several
 * deals may be one product), at the first of its deals' prices today: the days held back, and the
 * products whose deals today are.
 */
function storeJumpsOf(
  identities: ReadonlyArray<{ key: string; today: PriceToday } | null>,
  windows: ReadonlyMap<string, PriceWindow>,
): { held: StorePriceJumps; heldToday: ReadonlySet<string> } {
  const keys: string[] = [];
  const products: StoreProductDays[] = [];
  const seen = new Set<string>();
  for (const found of identities) {
    const window = found && windows.get(found.key);
    if (!found || !window || seen.has(found.key)) continue;
    seen.add(found.key);
    keys.push(found.key);
    products.push(chargedDaysOf(window, found.today.price));
  }
  const held = storePriceJumps(products);
  const heldToday = new Set<string>();
  held.heldToday.forEach((isHeld, index) => isHeld && heldToday.add(keys[index]!));
  return { held, heldToday };
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

import { createHash } from 'node:crypto';
import { setImmediate as nextTurn } from 'node:timers/promises';
import {
  dealGrams,
  deriveCategory,
  effectivePriceFields,
  isCleanDeal,
  MAX_GRAMS,
  PAGE_DEAL_FIELDS,
  LIMITS,
  logoUrlsFor,
  productKey,
  productPrice,
  unitPriceOf,
  type Deal,
  type DealListView,
  type StampedDeal,
} from '@stl-deals/domain';
import {
  prepareFromBrotli,
  prepareRemade,
  type Encoding,
  type JsonPieces,
  type PreparedBody,
} from '../http/prepared-body';
import { DealProducts, type DealProduct } from './deal-products';
import type { PublishedLists } from './kept-page';
import { rankDeal, relevanceOrder, type RankedDeal } from './relevance';
import { serializeDeals, type SerializedDeal } from './serialized-deals';

interface Listed {
  key: string;
  name: string;
}

/**
 * When the whole list is published after a change: once no other dispensary's result has come for
 * `quietMs`, and at the latest `maxWaitMs` after the first unpublished one, but never sooner than
 * `PUBLICATION_SPACING` allows. A pass whose results arrive back to back is published once, not
 * once per dispensary.
 */
export interface Coalescing {
  quietMs: number;
  maxWaitMs: number;
  /** See `PUBLICATION_SPACING`; 5 unless given. */
  spacing?: number;
}

export const DEFAULT_COALESCING: Coalescing = { quietMs: 250, maxWaitMs: 2_000 };

/**
 * A publication's own cost spaces out the next: none starts until this many times the last one's
 * time (until its brotli was ready) has passed since it started, so putting the whole list
 * together takes at most about a fifth of the time however large the market grows, and a result
 * costs work in proportion to its store rather than to the whole list. At St. Louis's size a
 * publication takes a few hundred milliseconds and the coalescing's own waits decide; ten times
 * larger, the list is published every several seconds during a pass.
 */
export const PUBLICATION_SPACING = 5;

/**
 * The page view's format: raise it when the same deals and registry would give other bytes or
 * another order (serialization, the relevance rules), so that a view stored by an older build is
 * not served by this one (see `pageFingerprint`).
 */
const PAGE_VIEW_FORMAT = 8;

/**
 * What a stored page view must have been published under to be served at start: this format, the
 * page's fields, and the registry's keys and names in order (names are stamped on the deals, and
 * the order breaks relevance ties).
 */
export function pageFingerprint(dispensaries: readonly Listed[]): string {
  const made = [
    PAGE_VIEW_FORMAT,
    PAGE_DEAL_FIELDS,
    dispensaries.map(({ key, name }) => [key, name]),
  ];
  return createHash('sha256').update(JSON.stringify(made)).digest('base64url');
}

const OPEN = 0x5b; // [
const COMMA = 0x2c; // ,
const CLOSE = 0x5d; // ]

/**
 * Every current deal, ready to send, in each view (`full`, `page`). A dispensary's result
 * replaces that dispensary's part only: its deals are stamped with its name and key, ranked and
 * serialized once, there. The whole list is put together from the parts (relevance order, the
 * page's view as one buffer, its ETag, its brotli on Node's thread pool) once per burst of
 * results, in a timer of its own (see `Coalescing`), never in a request; until then requests get
 * the list published last. The full view, which the page never asks for, is copied out of the
 * same order when first asked after a publication (a copy of bytes, no serializing). A
 * dispensary's own list is current at once, prepared when first asked. What a list keeps at rest
 * is its compressed bytes: its JSON is copied out of the deals' bytes again for a client that
 * takes it uncompressed (`prepareRemade`), so the deals are not held twice.
 *
 * At start it may serve the whole list's views as a previous run published them (`serveStored`),
 * before any deal is read back: only those answers, until the first publication replaces them.
 */
export class DealsReadModel {
  private readonly parts = new Map<string, Array<RankedDeal<SerializedDeal>>>();
  private readonly partBodies = new Map<string, Map<DealListView, PreparedBody>>();
  private readonly indexOf: ReadonlyMap<string, number>;
  private readonly products = new DealProducts();
  /** How many results were asked to replace each dispensary's part: the latest one wins. */
  private readonly asked = new Map<string, number>();
  /** The relevance order last published, and its bodies so far (the page's at once). */
  private order: ReadonlyArray<RankedDeal<SerializedDeal>> = [];
  private current: Partial<Record<DealListView, PreparedBody>> = {};
  /**
   * Each dispensary's deal count in the list last published (a dispensary with no part in it is
   * absent), and their sum: what the status counts, so that it describes the list served.
   */
  private publishedCounts: ReadonlyMap<string, number> = new Map();
  private publishedTotal = 0;
  /** Dispensaries whose deals changed since the last publication. */
  private readonly unpublished = new Set<string>();
  private pendingSince: number | null = null;
  /** When the last publication started, and how long until its page view's brotli was ready. */
  private lastPublishedAt = Number.NEGATIVE_INFINITY;
  private lastPublicationMs = 0;
  private timer: NodeJS.Timeout | undefined;
  private waiting: Array<() => void> = [];
  private closed = false;
  /** The page's answer is the stored one: nothing was published since start. */
  private servingStored = false;
  /** Lists put together since start: what the bench counts per pass. */
  rebuilds = 0;

  /** `dispensaries` in registry order, which breaks relevance ties. */
  constructor(
    private readonly dispensaries: readonly Listed[],
    private readonly coalescing: Coalescing = DEFAULT_COALESCING,
    /** Told the lists each time they are published, to keep them for the next start. */
    private readonly onPublished: (lists: PublishedLists) => void = () => {},
  ) {
    this.indexOf = new Map(dispensaries.map(({ key }, index) => [key, index]));
  }

  /**
   * Replaces the deals of the given dispensaries; the whole list follows (see the class). A
   * result is stamped, ranked and serialized `DEALS_PER_SLICE` deals at a time, with a turn of the
   * event loop between slices, so that a store of thousands of deals does not hold up requests
   * for the whole of it (a change of at most that many deals is in place when this returns). Its
   * part is replaced once whole, and only by the latest result asked for that dispensary.
   */
  async replace(changes: ReadonlyArray<{ key: string; deals: readonly Deal[] }>): Promise<void> {
    for (const change of changes) {
      const { key } = change;
      const index = this.indexOf.get(key);
      const dispensary = index === undefined ? undefined : this.dispensaries[index];
      if (index === undefined || !dispensary) continue;
      const asked = (this.asked.get(key) ?? 0) + 1;
      this.asked.set(key, asked);
      // The spec's cleaning rules, here for every list served: the scraper keeps no deal they
      // refuse, but a store kept by an older version may hold one, and the page no longer
      // judges (it carries none of their expressions).
      const deals = change.deals.filter(isCleanDeal);
      const ranked: Array<RankedDeal<SerializedDeal>> = [];
      for (let from = 0; from < deals.length; from += DEALS_PER_SLICE) {
        if (from > 0) await nextTurn();
        const slice = deals.slice(from, from + DEALS_PER_SLICE);
        for (const deal of rankedPart(slice, dispensary, index)) ranked.push(deal);
      }
      // A later result of this dispensary, asked for while this one was being sliced, wins.
      if (this.asked.get(key) !== asked || this.closed) continue;
      this.products.replace(key, deals);
      this.unpublished.add(key);
      // One store's list: only its specials can vary.
      this.parts.set(
        key,
        relevanceOrder([ranked], ({ deal }) => [deal.variety[0], null]),
      );
      this.partBodies.delete(key);
      this.schedule();
    }
  }

  /** The whole list as last published. */
  all(view: DealListView = 'full'): PreparedBody {
    let body = this.current[view];
    if (!body) {
      const order = this.order;
      body = prepareRemade(listJson(order, view));
      this.current[view] = body;
    }
    return body;
  }

  /**
   * Serves the whole list's views published before (each one's brotli and ETag, as they were
   * sent) to clients that take brotli until the first publication; nothing else is answered from
   * them. Only before anything was published.
   */
  serveStored(views: Partial<Record<DealListView, { brotli: Buffer; etag: string }>>): void {
    if (this.rebuilds > 0) throw new Error('the deals list was published already');
    this.current = {};
    for (const [view, { brotli, etag }] of Object.entries(views) as Array<
      [DealListView, { brotli: Buffer; etag: string }]
    >) {
      this.current[view] = prepareFromBrotli(brotli, etag);
    }
    this.servingStored = true;
  }

  /**
   * Whether the whole list in `view` is ready to send to a client that takes `encoding`
   * (`pickEncoding`): published since start, or stored to a client that takes brotli (every
   * browser). A stored list is never decompressed: its JSON would be megabytes made for the odd
   * client that takes no brotli during the first seconds, which waits for the first publication.
   */
  hasList(view: DealListView, encoding: Encoding | null): boolean {
    if (this.rebuilds > 0) return true;
    return this.servingStored && encoding === 'br' && this.current[view] !== undefined;
  }

  /**
   * The list as last published, in relevance order, each deal as its bytes: what the Atom feeds
   * of searches are read from (`follow/feed-deals.ts`). A new array at each publication, never
   * changed after, so that a reader can tell a publication by it.
   */
  publishedList(): ReadonlyArray<{ readonly deal: SerializedDeal }> {
    return this.order;
  }

  /** One dispensary's deals, current. */
  of(key: string, view: DealListView = 'full'): PreparedBody {
    let bodies = this.partBodies.get(key);
    if (!bodies) {
      bodies = new Map();
      this.partBodies.set(key, bodies);
    }
    let body = bodies.get(view);
    if (!body) {
      const part = this.parts.get(key) ?? [];
      body = prepareRemade(listJson(part, view));
      bodies.set(view, body);
    }
    return body;
  }

  /** The current deal `id`'s dispensary and product, for its price history. */
  productOf(id: string): DealProduct | undefined {
    return this.products.of(id);
  }

  /** One dispensary's deals now (its own list), published in the whole list or not yet. */
  countOf(key: string): number {
    return this.parts.get(key)?.length ?? 0;
  }

  /** One dispensary's deals in the whole list as last published: 0 when it has no part there. */
  publishedCountOf(key: string): number {
    return this.publishedCounts.get(key) ?? 0;
  }

  /** Whether the whole list as last published holds the dispensary's part (a snapshot's deals). */
  isPublished(key: string): boolean {
    return this.publishedCounts.has(key);
  }

  /** Whether the dispensary's deals changed since the last publication: the list lacks them. */
  awaitsPublication(key: string): boolean {
    return this.unpublished.has(key);
  }

  /** The deals in the whole list as last published. */
  totalDeals(): number {
    return this.publishedTotal;
  }

  /** Resolves once every change so far is in the published list. */
  published(): Promise<void> {
    if (this.pendingSince === null) return Promise.resolve();
    return new Promise((resolve) => this.waiting.push(resolve));
  }

  /** Publishes what changed now, without waiting for the burst to end (the stored deals at start). */
  publish(): void {
    clearTimeout(this.timer);
    this.timer = undefined;
    // The first publication replaces a stored answer even when no deal was read back.
    if (this.pendingSince === null && !this.servingStored) return;
    if (this.closed) return;
    this.pendingSince = null;
    this.servingStored = false;
    this.lastPublishedAt = performance.now();
    const counts = new Map<string, number>();
    for (const [key, part] of this.parts) counts.set(key, part.length);
    this.publishedCounts = counts;
    this.publishedTotal = [...counts.values()].reduce((sum, count) => sum + count, 0);
    this.unpublished.clear();
    this.order = relevanceOrder(
      this.dispensaries.flatMap(({ key }) => {
        const part = this.parts.get(key);
        return part ? [part] : [];
      }),
      ({ deal }) => deal.variety,
    );
    // Every visitor's page asks for its view compressed: ready before the first of them.
    const order = this.order;
    const page = prepareRemade(listJson(order, 'page'), ['br']);
    const startedAt = this.lastPublishedAt;
    page
      .encoded('br')
      .then(() => {
        if (this.lastPublishedAt === startedAt) {
          this.lastPublicationMs = performance.now() - startedAt;
        }
      })
      .catch(() => {});
    this.current = { page };
    this.rebuilds += 1;
    // The full view as this publication has it, whenever it is asked for.
    const full = () =>
      this.order === order ? this.all('full') : prepareRemade(listJson(order, 'full'));
    this.onPublished({ page, full });
    this.release();
  }

  /** At shutdown: nothing more is published, and whoever waits for it is let go. */
  close(): void {
    this.closed = true;
    this.pendingSince = null;
    clearTimeout(this.timer);
    this.release();
  }

  private release(): void {
    const waiting = this.waiting;
    this.waiting = [];
    for (const resolve of waiting) resolve();
  }

  private schedule(): void {
    if (this.closed) return;
    const now = performance.now();
    this.pendingSince ??= now;
    clearTimeout(this.timer);
    const { quietMs, maxWaitMs } = this.coalescing;
    const wait = Math.min(quietMs, Math.max(0, this.pendingSince + maxWaitMs - now));
    const spacing = this.coalescing.spacing ?? PUBLICATION_SPACING;
    const spaced = this.lastPublishedAt + this.lastPublicationMs * spacing - now;
    this.timer = setTimeout(() => this.publish(), Math.max(wait, spaced));
  }
}

/**
 * Deals of a store result made ready (stamped, keyed, serialized, ranked) in one turn of the
 * event loop: at about 0.1 ms a deal on a busy machine, some 25 ms at most, where a store of
 * 2,000 deals in one turn held every request up to 0.7 s.
 */
const DEALS_PER_SLICE = 250;

/** One dispensary's deals made ready for the read model: stamped, serialized and ranked. */
function rankedPart(
  deals: readonly Deal[],
  dispensary: Listed,
  index: number,
): Array<RankedDeal<SerializedDeal>> {
  const stampedDeals = deals.map((deal) => {
    // The registry, not the scraped menu, says whose deal it is.
    // Its category too, derived once here where the menu gave none (the page reads it).
    const stamped: StampedDeal = {
      ...deal,
      category: deriveCategory(deal),
      dispensary: dispensary.name,
      dispensaryKey: dispensary.key,
    };
    // One product across stores, the service's own key, once the category is known (a key
    // the contract cannot carry names no product anyone else would match).
    const product = productKey(stamped);
    stamped.productKey =
      product !== null && product.length <= LIMITS.shortText ? product : undefined;
    // Its weight for the page's Size filter, read here so the page carries no size reader.
    const grams = dealGrams(stamped);
    if (grams > 0 && grams <= MAX_GRAMS) stamped.grams = grams;
    // The logos its card tries after its own image, chosen here by the registry's name so the
    // page carries no logo tables or keyword matcher.
    const logos = logoUrlsFor(stamped);
    if (logos.length > 0) stamped.logoUrls = logos;
    // Its price per item and multi-buy, once here: the rule's regular expressions run on the
    // service, never in the page's first load, and on the deal's whole texts.
    Object.assign(stamped, effectivePriceFields(stamped));
    // A unit price wherever the size says one (some sources send a size and no unit price), by
    // the adapters' own rule, so every weighed or dosed deal compares per gram or 100 mg.
    stamped.unitPrice ??= unitPriceOf(productPrice(stamped), stamped.size, stamped.category);
    if (stamped.unitPrice === undefined) delete stamped.unitPrice;
    return stamped;
  });
  // The deal objects die here: their bytes and sort keys are what is kept.
  const serialized = serializeDeals(stampedDeals);
  return stampedDeals.map((stamped, at) => ({
    ...rankDeal(stamped, index),
    deal: serialized[at]!,
  }));
}

/**
 * Bytes of a list's JSON at most per piece: a list is hashed and compressed a piece at a time, so
 * that none is ever copied whole only to be compressed (see `prepareRemade`).
 */
const PIECE_BYTES = 256 * 1024;

/** The deals' JSON list in `view`, written from their bytes in pieces (see `JsonPieces`). */
function listJson(
  deals: ReadonlyArray<RankedDeal<SerializedDeal>>,
  view: DealListView,
): JsonPieces {
  // The brackets, a comma between deals, and the deals.
  let byteLength = Math.max(2, deals.length + 1);
  for (const { deal } of deals) byteLength += deal.byteLength(view);
  return { byteLength, pieces: () => listPieces(deals, view) };
}

/**
 * The list's bytes in order, in one buffer refilled for each piece (its reader is done with a
 * piece before asking for the next); a deal longer than a piece is a piece of its own.
 */
function* listPieces(
  deals: ReadonlyArray<RankedDeal<SerializedDeal>>,
  view: DealListView,
): Generator<Buffer> {
  const piece = Buffer.allocUnsafeSlow(PIECE_BYTES);
  piece[0] = OPEN;
  let at = 1;
  for (const [index, { deal }] of deals.entries()) {
    // The deal, then the comma after it or the closing bracket.
    const length = deal.byteLength(view) + 1;
    if (at > 0 && at + length > PIECE_BYTES) {
      yield piece.subarray(0, at);
      at = 0;
    }
    const into = length > PIECE_BYTES ? Buffer.allocUnsafe(length) : piece;
    const end = deal.copyTo(view, into, into === piece ? at : 0);
    into[end] = index === deals.length - 1 ? CLOSE : COMMA;
    if (into === piece) at = end + 1;
    else yield into;
  }
  if (deals.length === 0) piece[at++] = CLOSE;
  if (at > 0) yield piece.subarray(0, at);
}

import type { Deal, GeoPoint, Platform, PriceProblem, WeeklyHours } from '@stl-deals/domain';
import type { Adapter, PlatformConfig, Received, RequestPlan } from '../adapters/types';
import {
  NotFoundError,
  RetryableError,
  SchemaChangedError,
  ScrapeError,
  scrapeErrorData,
  type ScrapeErrorData,
} from '../errors';
import {
  detectMenuSource,
  type DetectedSource,
  type PageEvidence,
} from '../discovery/detect-source';
import { menuPrices } from '../menu-prices';
import { finalizeMenu } from '../normalize';
import type { RegistryEntry } from '../registry';
import type { MenuPrice } from '../scraper';
import { boundedJson } from './bounded-json';
import { onSite, type SiteUrls } from '../adapters/shared/site-links';

/**
 * A response body as a transport brought it: bytes, undecoded. Reading it (UTF-8 decoding,
 * JSON.parse, the HTML parser, every walk) is the parsing thread's job, so a large or hostile
 * body costs that thread alone.
 */
export interface RawPayload {
  /** The plan's label; null for a response the browser captured, which the adapter labels. */
  label: string | null;
  url: string;
  /** JSON is parsed (within JSON_LIMITS) before an adapter sees it; HTML is given as text. */
  kind: 'json' | 'html';
  /** UTF-8; bytes that are not decode as U+FFFD. */
  body: Uint8Array;
  /** When the platform says it answered (an http answer's `Date` header), in ms; parsing ignores it. */
  answeredAt?: number;
  /**
   * An optional request (`RequestPlan.optional`) that got no answer: received with no body, so
   * the plan knows it was asked and the adapter reads nothing from it.
   */
  failed?: true;
}

export interface PlanJob {
  op: 'plan';
  entry: RegistryEntry;
  received: RawPayload[];
  config: PlatformConfig;
}

export interface MenuJob {
  op: 'parse';
  entry: RegistryEntry;
  received: RawPayload[];
  /** Deals kept per store; more are cut to the deepest discounts (see `keepBest`). */
  maxDeals: number;
  /** The most the kept deals may weigh as JSON, per store (see `keepBest`). */
  maxDealBytes: number;
  /** Captured responses kept once labelled, the first ones. */
  maxPayloads: number;
  /** Where the platforms' sites are served, the deals' deep links moved there; absent: the real sites. */
  sites?: SiteUrls;
}

/** What a store's website showed, read for the menu platform it embeds. */
export interface DetectJob {
  op: 'detect';
  page: PageEvidence;
  config: PlatformConfig;
}

export type ParseJob = PlanJob | MenuJob | DetectJob;

/**
 * A store's menu read: its deals, finalized and bounded, how many there were before, and the
 * menu's prices.
 */
export interface ParsedMenu {
  deals: Deal[];
  /** Deals the menu held after cleaning, before the per-store bound; above `deals.length` when cut. */
  dealsFound: number;
  /** Kept deals whose prices or percent were mended, per problem (see `checkDealPrices`). */
  priceProblems: Partial<Record<PriceProblem, number>>;
  /**
   * Every product the payloads priced, one per store product key (see `menuPrices`): bounded by
   * their own count, never by the per-store bound on deals.
   */
  menuPrices: MenuPrice[];
  location?: GeoPoint;
  /** As the adapter's `ParseResult.hours`. */
  hours?: WeeklyHours | null;
  /** As the adapter's `ParseResult.phone`. */
  phone?: string | null;
}

/** A job's answer as plain data, which a worker thread can send back. */
export type ParseOutcome<T> =
  | { ok: true; value: T }
  | { ok: false; error: ScrapeErrorData }
  | { ok: false; unexpected: { message: string; stack?: string } };

type Adapters = Partial<Record<Platform, Adapter>>;

/** Runs one job; never throws, so the thread that runs it only ever answers data. */
export function runParseJob(
  job: ParseJob,
  adapters: Adapters,
): ParseOutcome<RequestPlan[] | ParsedMenu | DetectedSource | null> {
  try {
    if (job.op === 'detect')
      return { ok: true, value: detectMenuSource(job.page, job.config) ?? null };
    const adapter = adapterOf(job.entry, adapters);
    if (job.op === 'plan') {
      const received = readPayloads(job.received, adapter, Number.POSITIVE_INFINITY);
      return { ok: true, value: adapter.plan(job.entry, received, job.config) };
    }
    const received = readPayloads(job.received, adapter, job.maxPayloads);
    const captured = job.received.filter((payload) => payload.label === null).length;
    if (captured > 0 && received.length === 0) {
      // A page whose menu did not load (yet) is not a store with no deals.
      throw new RetryableError(
        `None of the ${captured} JSON answers the store page loaded is a ${job.entry.platform} menu`,
      );
    }
    return { ok: true, value: parsedMenu(adapter, received, job.entry, job) };
  } catch (error) {
    if (error instanceof ScrapeError) return { ok: false, error: scrapeErrorData(error) };
    const { message, stack } = error instanceof Error ? error : new Error(String(error));
    return { ok: false, unexpected: { message, ...(stack ? { stack } : {}) } };
  }
}

/**
 * What the adapter reads in a store's payloads, as the service keeps it: the deals finalized and
 * bounded per store, and the menu's prices, which that bound does not cut (see `menuPrices`).
 */
export function parsedMenu(
  adapter: Adapter,
  received: readonly Received[],
  entry: RegistryEntry,
  bounds: Pick<MenuJob, 'maxDeals' | 'maxDealBytes' | 'sites'>,
): ParsedMenu {
  const { deals, prices, location, hours, phone } = adapter.parse(received, entry);
  const { sites } = bounds;
  const linked = sites
    ? deals.map((deal) =>
        deal.sourceUrl ? { ...deal, sourceUrl: onSite(deal.sourceUrl, sites) } : deal,
      )
    : deals;
  const finalized = finalizeMenu(linked, entry.platform, entry.key);
  return {
    deals: keepBest(finalized.deals, bounds.maxDeals, bounds.maxDealBytes),
    dealsFound: finalized.deals.length,
    priceProblems: finalized.priceProblems,
    menuPrices: menuPrices(finalized.deals, prices ?? []),
    ...(location ? { location } : {}),
    ...(hours !== undefined ? { hours } : {}),
    ...(phone !== undefined ? { phone } : {}),
  };
}

function adapterOf(entry: RegistryEntry, adapters: Adapters): Adapter {
  const adapter = adapters[entry.platform];
  if (!adapter) throw new NotFoundError(`No adapter for platform '${entry.platform}' yet`);
  return adapter;
}

/**
 * The payloads as the adapter reads them. A planned JSON answer that is not JSON is the
 * platform's fault; a captured one that is not JSON, or that the adapter does not name, is some
 * other request of the page and is left out, as is one over the reading limits.
 */
function readPayloads(raw: readonly RawPayload[], adapter: Adapter, max: number): Received[] {
  const received: Received[] = [];
  for (const payload of raw) {
    if (received.length >= max) break;
    if (payload.label !== null) {
      received.push({ label: payload.label, url: payload.url, body: plannedBody(payload) });
      continue;
    }
    const body = capturedBody(payload);
    const label = body === undefined ? null : (adapter.browser?.labelOf(payload.url, body) ?? null);
    if (label !== null) received.push({ label, url: payload.url, body });
  }
  return received;
}

const utf8 = new TextDecoder();

function plannedBody(payload: RawPayload): unknown {
  if (payload.failed) return undefined;
  const text = utf8.decode(payload.body);
  if (payload.kind === 'html') return text;
  const body = boundedJson(text);
  if (body === undefined) {
    throw new SchemaChangedError(`${hostOf(payload.url)} answered malformed JSON`);
  }
  return body;
}

function capturedBody(payload: RawPayload): unknown {
  try {
    return boundedJson(utf8.decode(payload.body));
  } catch {
    return undefined;
  }
}

/**
 * At most `max` deals weighing at most `maxBytes` as JSON together: a store over either bound
 * keeps its deepest discounts (the first key of the service's relevance order; ties go to the
 * menu's earlier deals), still in the menu's order. The byte budget keeps one source of a few
 * thousand huge deals from filling the store, the service's memory and every visitor's list,
 * beside the count that bounds the ordinary menu.
 */
export function keepBest(deals: readonly Deal[], max: number, maxBytes: number): Deal[] {
  const ranked = deals
    .map((deal, index) => ({ deal, index }))
    .sort((a, b) => discountOf(b.deal) - discountOf(a.deal) || a.index - b.index);
  const kept: Array<{ deal: Deal; index: number }> = [];
  let bytes = 0;
  for (const item of ranked) {
    if (kept.length >= max) break;
    bytes += Buffer.byteLength(JSON.stringify(item.deal));
    if (bytes > maxBytes) break;
    kept.push(item);
  }
  return kept.sort((a, b) => a.index - b.index).map(({ deal }) => deal);
}

function discountOf(deal: Deal): number {
  return deal.discountPercent ?? 0;
}

function hostOf(url: string): string {
  return URL.canParse(url) ? new URL(url).host : 'The platform';
}

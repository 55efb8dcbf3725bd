import type { Deal, WeeklyHours } from '@stl-deals/domain';
import type { Element } from 'domhandler';
import { SchemaChangedError, ScrapeError } from '../../errors';
import { loadHtml } from '../shared/html-document';
import { jsonLdRoots } from '../shared/json-ld';
import { httpUrl, resolvedHttpUrl } from '../shared/links';
import { openingHoursSpecificationWeek } from '../shared/store-hours';
import { jsonLdTelephone } from '../shared/store-phone';
import type { ParseResult, Received } from '../types';
import { dealBlocks, MAX_CARD_CHARS } from './blocks';
import { cardDeals, type CardParts, type PageContext } from './cards';
import { percentOffIn } from '../shared/deal-phrases';
import { hasPrice } from './deal-text';
import { isElement, nodeText } from './dom-text';
import { jsonLdDeals } from './json-ld';
import { isDealsPage, siteNameOf } from './deals-page';
import { offerChrome, removeChrome } from './page-furniture';
import { withProductWords } from './product-words';
import { mergeRestatements } from './restatements';
import { SPECIALS_PAGE_LABEL, specialsPageOf } from './plan';
import { selectorsOf, type HtmlSelectors } from './selectors';
import type { SpecialsPageEntry } from './specials-entry';

/** Bounds on a hostile page: characters parsed and deals kept. */
const MAX_PAGE_CHARS = 3_000_000;
export const MAX_DEALS = 200;

/**
 * A specials page -> its deals: JSON-LD products and offers first (research section 12), then
 * the registry's CSS selectors when it gives them, else the default deal-block heuristic. Site
 * chrome is removed before any block is read, and a page with no deals yields none.
 *
 * The heuristic's deal signals are '% off', '$ off', BOGO/B1G1, 'N for $X', sale wording, and a
 * weekday with sale wording. A plain '$price' is supporting evidence only: an ordinary product
 * tile on a homepage shows one too, so a block whose only signal is a price is no deal unless it
 * also carries one of those, a regular price ('reg. $35') or a price struck through
 * (deal-text.ts). A deal's title is words a person reads as its name, a heading or the block's
 * leading text, never a bare run of prices and percents (card-texts.ts).
 */
export function parse(received: readonly Received[], entry: SpecialsPageEntry): ParseResult {
  const pages = received.filter((payload) => payload.label === SPECIALS_PAGE_LABEL);
  const selectors = selectorsOf(entry);
  const read = pages.map((page) => readPage(page, entry, selectors));
  const hours = read.map((page) => page.hours).find((week) => week !== undefined);
  const phone = read.map((page) => page.phone).find((number) => number !== undefined);
  return {
    deals: distinct(read.flatMap((page) => page.deals)),
    ...(hours !== undefined ? { hours } : {}),
    ...(phone !== undefined ? { phone } : {}),
  };
}

/** A specials page's deals, and the store's hours and phone when its JSON-LD states them. */
interface PageRead {
  deals: Deal[];
  hours: WeeklyHours | null | undefined;
  phone: string | null | undefined;
}

function readPage(
  payload: Received,
  entry: SpecialsPageEntry,
  selectors: HtmlSelectors | undefined,
): PageRead {
  if (typeof payload.body !== 'string') {
    throw new SchemaChangedError(`Specials page of '${entry.key}' is not HTML text`);
  }
  try {
    return pageDeals(payload.body, payload.url, entry, selectors);
  } catch (error) {
    // The page is third-party markup read by a third-party parser: whatever breaks on it is a
    // page we can no longer read, reported as such rather than as a crash.
    if (error instanceof ScrapeError) throw error;
    throw new SchemaChangedError(
      `Specials page of '${entry.key}' could not be read: ${(error as Error).message}`,
    );
  }
}

function pageDeals(
  html: string,
  url: string,
  entry: SpecialsPageEntry,
  selectors: HtmlSelectors | undefined,
): PageRead {
  // htmlparser2 rather than parse5: forgiving like a browser for our purpose, and linear on
  // hostile nesting, where parse5 takes seconds per 10,000 open elements.
  const $ = loadHtml(html.slice(0, MAX_PAGE_CHARS), { xml: { xmlMode: false } });
  const pageUrl = httpUrl(url) ?? specialsPageOf(entry) ?? '';
  const page: PageContext = {
    $,
    pageUrl,
    base: resolvedHttpUrl($('base[href]').attr('href'), pageUrl) ?? pageUrl,
  };
  const dealsPage = isDealsPage($, pageUrl);
  const siteName = siteNameOf($);
  const jsonLd = jsonLdRoots($);
  const structured = jsonLdDeals(jsonLd, pageUrl);
  // The store's own site may say when it is open (a LocalBusiness's openingHoursSpecification).
  const hours = openingHoursSpecificationWeek(jsonLd);
  const phone = jsonLdTelephone(jsonLd);
  removeChrome($);
  // The site's header, footer and strips: on a deals page an offer told there is a deal too,
  // where it stands; elsewhere they are chrome, the same on every page.
  if (!dealsPage) $(offerChrome($)).remove();
  const blocks = (selectors && selectedDeals(page, selectors)) ?? heuristicDeals(page, siteName);
  // The store's own names: a brand of the same name is the store's on a store-wide offer.
  const storeNames = [siteName, ...(entry.name ? [entry.name] : [])].filter(Boolean);
  const deals = [...structured, ...blocks.filter((deal) => !repeats(deal, structured))];
  return { deals: deals.map((deal) => withProductWords(deal, storeNames)), hours, phone };
}

/** Deals from the registry's selectors; undefined when they match nothing on the page. */
function selectedDeals(page: PageContext, selectors: HtmlSelectors): Deal[] | undefined {
  const cards = elements(selectors.deal, page.$.root()).slice(0, MAX_DEALS);
  if (cards.length === 0) return undefined;
  return cards.flatMap((card) =>
    cardDeals(page, { element: card }, partsOf(page, card, selectors)),
  );
}

function partsOf(page: PageContext, card: Element, selectors: HtmlSelectors): CardParts {
  const first = (selector: string | undefined) =>
    selector === undefined ? undefined : elements(selector, page.$(card))[0];
  return {
    title: first(selectors.title),
    description: first(selectors.description),
    price: first(selectors.price),
    link: first(selectors.link),
    image: first(selectors.image),
  };
}

function elements(selector: string, within: ReturnType<PageContext['$']>): Element[] {
  return within.find(selector).toArray().filter(isElement);
}

/**
 * The page's deals by the deal-block heuristic, each offer once: a product tile repeating a
 * promotion's percent is that promotion's, and one offer restated in a headline, its
 * paragraphs and the announcement strip is one deal (restatements.ts).
 */
function heuristicDeals(page: PageContext, siteName: string): Deal[] {
  const root = page.$('body').get(0) ?? page.$.root().get(0);
  if (!root) return [];
  const found = dealBlocks(root)
    .slice(0, MAX_DEALS)
    .flatMap((block) => {
      const words = nodeText(block.element, MAX_CARD_CHARS);
      const badge = hasPrice(words.replace(SPEND_THRESHOLD, ' ')) ? percentOffIn(words) : undefined;
      return cardDeals(page, block).map((deal) => ({
        deal,
        // A tile with a sale and a regular price of its own is a product deal, not a repeat.
        badge: deal.salePrice === undefined ? badge : undefined,
      }));
    });
  const own = found.filter((each) => !repeatsPromotion(each, found)).map(({ deal }) => deal);
  return mergeRestatements(own, siteName);
}

/** A spend threshold ('purchases greater than $100') is a condition, not a product's price. */
const SPEND_THRESHOLD =
  /\b(?:over|above|greater than|more than|at least|min(?:imum)?|spend|orders? of)\s+\$\s?\d+(?:\.\d{2})?/gi;

/** A deal read from a block, with the percent its block states beside a price (a tile's badge). */
interface FoundDeal {
  deal: Deal;
  badge: number | undefined;
}

/**
 * A deal is a promotion block, not a product card that repeats it: a product tile that shows its
 * price and a '20% Off' badge, but no saving of its own, with the percent a promotion on the same
 * page announces, is one of that promotion's products, not a deal of its own. A tile with its own
 * sale and regular price is a product deal and stays.
 */
function repeatsPromotion({ deal, badge }: FoundDeal, found: readonly FoundDeal[]): boolean {
  if (badge === undefined) return false;
  return found.some(
    (other) =>
      other.deal !== deal && other.badge === undefined && other.deal.discountPercent === badge,
  );
}

/** A rendered card of a product the page's JSON-LD already gave. */
function repeats(deal: Deal, structured: readonly Deal[]): boolean {
  const words = `${deal.title} ${deal.description}`.toLowerCase();
  return structured.some((product) => {
    const title = product.title.toLowerCase();
    const name = product.brand ? title.replace(product.brand.toLowerCase(), '').trim() : title;
    return [title, name].some((key) => key.length >= 4 && words.includes(key));
  });
}

function distinct(deals: readonly Deal[]): Deal[] {
  const seen = new Set<string>();
  return deals
    .filter((deal) => {
      const key = deal.id ?? `${deal.title}|${deal.description}`;
      if (seen.has(key)) return false;
      seen.add(key);
      return true;
    })
    .slice(0, MAX_DEALS);
}

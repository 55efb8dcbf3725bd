import { createHash } from 'node:crypto';
import { boundedText } from './bounded-text';
import { validKey } from './menu-prices';
import { withPotency } from './potency-pass';
import {
  checkDealPrices,
  isCleanDeal,
  LIMITS,
  safeHttpUrl,
  storeProductKey,
  type Deal,
  type Platform,
  type PriceProblem,
} from '@stl-deals/domain';

/**
 * The bidirectional controls: marks (U+200E, U+200F, U+061C), embeddings and overrides
 * (U+202A-U+202E) and isolates (U+2066-U+2069). Invisible, they change the order in which the
 * text after them is shown: an override in a title shows the rest of it (a price, a brand, a
 * discount) reversed or moved, and one left open can reorder what the page prints after it.
 */
const BIDI_CONTROLS = /[\u061c\u200e\u200f\u202a-\u202e\u2066-\u2069]+/g;

/**
 * Text as the page may show it: tags and entities of scraped HTML removed, control characters
 * (C0, DEL and C1) and runs of white space collapsed, bidirectional controls removed, cut to
 * `max` characters. The page renders it as text too; this keeps markup from ever reaching the
 * store.
 */
export function plainText(value: unknown, max: number = LIMITS.text): string {
  if (typeof value !== 'string') return '';
  // Cut before cleaning: markup that is removed makes the text shorter, but never 16-fold in a
  // real deal, and the cleaning's patterns must not run over megabytes of a hostile field.
  const text = value
    .slice(0, max * 16)
    .replace(/<(script|style)[\s\S]*?<\/\1\s*>/gi, ' ')
    .replace(/<[^>]*>/g, ' ')
    .replace(/&nbsp;/gi, ' ')
    .replace(/&amp;/gi, '&')
    .replace(/&#39;|&apos;/gi, "'")
    .replace(/&quot;/gi, '"')
    .replace(/&lt;|&gt;/gi, ' ')
    // eslint-disable-next-line no-control-regex
    .replace(/[\u0000-\u001f\u007f-\u009f]+/g, ' ')
    .replace(BIDI_CONTROLS, '')
    .replace(/\s+/g, ' ')
    .trim();
  return boundedText(text, max);
}

/** A stable deal key: platform, dispensary and the platform's own id (or the deal's text). */
export function dealId(platform: Platform, dispensaryKey: string, ownId: string): string {
  const digest = createHash('sha256').update(ownId).digest('hex').slice(0, 16);
  return `${platform}:${dispensaryKey}:${digest}`;
}

type ShortTexts = Pick<Deal, 'brand' | 'strainType' | 'size' | 'specialName'>;

/** The optional short text fields made plain like the others; one left blank is left out. */
function plainShortTexts(fields: ShortTexts): ShortTexts {
  const plain: ShortTexts = {};
  for (const [name, value] of Object.entries(fields) as Array<[keyof ShortTexts, unknown]>) {
    const text = value === undefined ? '' : plainText(value, LIMITS.shortText);
    if (text !== '') plain[name] = text;
  }
  return plain;
}

/** A store's deals as finalized, and how many of them had numbers mended, per problem. */
export interface FinalizedDeals {
  deals: Deal[];
  /** Kept deals whose prices or percent `checkDealPrices` changed, counted per problem. */
  priceProblems: Partial<Record<PriceProblem, number>>;
}

/** `finalizeMenu`'s deals alone. */
export function finalizeDeals(
  deals: readonly Deal[],
  platform: Platform,
  dispensaryKey: string,
): Deal[] {
  return finalizeMenu(deals, platform, dispensaryKey).deals;
}

/**
 * The last gate before the store: every text field made plain and bounded, links and images
 * http(s) only (a bad image becomes blank, a bad link blank so the card is not a link), potency
 * and strain type read and normalized the same for every adapter (`withPotency`), junk
 * removed by the spec's cleaning rules, prices and percent made consistent (`checkDealPrices`,
 * each mend counted), and every deal keyed: its deal id, and its `storeProductKey`, the one its
 * adapter gave it (a product's, shared with the product's menu price) or else the rule's key of
 * its cleaned title, brand, size and category (a specials page's deal).
 */
export function finalizeMenu(
  deals: readonly Deal[],
  platform: Platform,
  dispensaryKey: string,
): FinalizedDeals {
  const seen = new Set<string>();
  const kept: Deal[] = [];
  const priceProblems: FinalizedDeals['priceProblems'] = {};
  for (const deal of deals) {
    const { brand, strainType, size, specialName, ...rest } = deal;
    const cleaned: Deal = withPotency({
      ...rest,
      title: plainText(deal.title),
      description: plainText(deal.description),
      price: plainText(deal.price, LIMITS.shortText),
      imageUrl: safeHttpUrl(deal.imageUrl) ?? '',
      sourceUrl: safeHttpUrl(deal.sourceUrl) ?? '',
      ...plainShortTexts({ brand, strainType, size, specialName }),
      platform,
    });
    if (!isCleanDeal(cleaned)) continue;
    // A link refused says nothing of where it led.
    if (cleaned.sourceUrl === '') delete cleaned.linkKind;
    const productKey = validKey(deal.storeProductKey) ?? storeProductKey(cleaned);
    if (productKey === null) delete cleaned.storeProductKey;
    else cleaned.storeProductKey = productKey;
    const id = dealId(platform, dispensaryKey, deal.id ?? `${cleaned.title}|${cleaned.price}`);
    if (seen.has(id)) continue;
    seen.add(id);
    const checked = checkDealPrices(cleaned);
    for (const problem of checked.problems) {
      priceProblems[problem] = (priceProblems[problem] ?? 0) + 1;
    }
    kept.push({ ...checked.deal, id });
  }
  return { deals: kept, priceProblems };
}

import type { Deal } from '@stl-deals/domain';
import { readsAsDeal } from './deal-text';

/**
 * Words that say how an offer is told, not what it is on or for whom: marketing ('don't miss
 * out', 'hurry'), the whole store ('your entire order', 'everything', 'storewide'), the asking
 * ('get', 'take', 'save', 'enjoy') and the small print every offer carries ('no code needed',
 * 'cannot be combined'). What is left of a deal's words names its scope: 'edibles', 'veterans',
 * 'online', 'Flora Farms'.
 */
const TELLING_WORDS = new Set(
  `a an the and or of on in at to for with by from as is are be it its this that these those
  you your yours our we us my all any every everything entire whole store storewide sitewide
  site shop shopping order orders purchase purchases cart item items product products off get
  gets take takes save saving savings enjoy receive claim grab don dont do not no miss out
  hurry now today tonight only just day days limited time offer offers deal deals special
  specials discount discounts sale sales big bigger biggest best huge amazing great awesome
  incredible more even again here come visit stop when while last lasts supplies code codes
  coupon needed required automatically applied checkout register can cannot combined combine
  other restrictions restriction may apply applies valid until through ends end season
  percent price prices total everyone everybody customer customers yes will be'`
    .split(/\s+/)
    .filter(Boolean),
);
const WEEKDAY = /^(?:mon|tues?|wed(?:nes)?|thu(?:rs)?|fri|sat(?:ur)?|sun)(?:day)?s?$/;
const MAX_WORDS = 80;

/**
 * One offer restated: the same figures (price text, sale and regular prices, percent), on the
 * same days, for the same things. A plain page often tells its one offer three times (a
 * headline, a paragraph, the announcement strip); they are one deal, not three.
 */
function offerKey(deal: Deal, siteWords: ReadonlySet<string>): string {
  return [
    deal.price.toLowerCase(),
    deal.salePrice ?? '',
    deal.regularPrice ?? '',
    deal.discountPercent ?? '',
    (deal.validDays ?? []).join(','),
    scopeOf(`${deal.title} ${deal.description}`)
      .filter((word) => !siteWords.has(word))
      .join(' '),
  ].join('|');
}

/**
 * The words of a text that name what a deal is on, singular, sorted, each once: its figures
 * (prices, percents) are the offer itself, other numbers ('3.5g', 'number 12') are scope.
 */
export function scopeOf(value: string): string[] {
  const rest = value.toLowerCase().replace(/\$\s?[\d,.]+|\d+(?:\.\d+)?\s*%/g, ' ');
  const words = (rest.match(/[\p{L}\p{N}][\p{L}\p{N}.'’]*/gu) ?? [])
    .slice(0, MAX_WORDS)
    .map((word) => word.replace(/\.+$/, '').replace(/['’](?:s|t|ll|re|ve|d|m)?$/, ''))
    .filter((word) => word.length >= 1 && !TELLING_WORDS.has(word) && !WEEKDAY.test(word))
    .map((word) => (word.length > 3 && /[^s]s$/.test(word) ? word.slice(0, -1) : word));
  return [...new Set(words)].sort();
}

/**
 * The page's deals with each offer once: restatements (see `offerKey`) are one deal, at the
 * place of the first, told by its shortest statement (see `told`). `siteName` is the store's
 * own name as the page gives it ('Carondelet Leaf'): a restatement that names the store says
 * no more than one that does not.
 */
export function mergeRestatements(deals: readonly Deal[], siteName = ''): Deal[] {
  const siteWords = new Set(scopeOf(siteName));
  const groups = new Map<string, Deal[]>();
  for (const deal of deals) {
    // A deal that states no figures has nothing to be matched on: it stands alone.
    const key = deal.price === '' ? `\u0000${groups.size}` : offerKey(deal, siteWords);
    const group = groups.get(key);
    if (group) group.push(deal);
    else groups.set(key, [deal]);
  }
  return [...groups.values()].map(told);
}

/**
 * The deal a group of restatements makes: the shortest title that states the offer itself
 * ('40% OFF Your Order Today!', not a lead-in such as 'Hurry in'), with its own picture and
 * link; its description, else the shortest of the others' (the least marketing around the
 * conditions).
 */
function told(group: readonly Deal[]): Deal {
  if (group.length === 1) return group[0]!;
  const statements = group.filter((deal) => readsAsDeal(deal.title));
  const best = shortest(statements.length > 0 ? statements : group, (deal) => deal.title);
  const described = group.filter((deal) => deal.description !== '');
  return {
    ...best,
    description:
      best.description || (shortest(described, (deal) => deal.description)?.description ?? ''),
    imageUrl: best.imageUrl || (group.find((deal) => deal.imageUrl !== '')?.imageUrl ?? ''),
  };
}

function shortest(deals: readonly Deal[], textOf: (deal: Deal) => string): Deal {
  return deals.reduce((best, deal) => (textOf(deal).length < textOf(best).length ? deal : best));
}

import { LIMITS } from '../contract/constants';
import type { Deal } from '../contract/deal';
import { priceForSorting } from './price';
import { isPrice, productPrice, type EffectivePrice } from './price-per-item';

/** The deal fields the rule reads. */
export type PricedDeal = Pick<
  Deal,
  'price' | 'title' | 'description' | 'specialName' | 'salePrice' | 'regularPrice'
>;

/**
 * Counts up to 99: a '1000 for $1' is no offer a store makes, and is no price. '1 for $10' is
 * $10, but no multi-buy.
 */
const MAX_COUNT = 99;

/** An amount as written: '65', '32.50', '1,200'. Read strictly by `dollars`. */
const MONEY = String.raw`(\d[\d,]*(?:\.\d+)?)`;
const COUNT_WORDS = ['one', 'two', 'three', 'four', 'five', 'six', 'seven', 'eight', 'nine', 'ten'];
const COUNT = String.raw`(\d{1,2}|${COUNT_WORDS.join('|')})`;

/**
 * 'N for $X', 'N for X', 'N/$X', 'N @ $X'. A slash or an at sign needs the '$': '4/20' and '24/7'
 * are a date and the hours, '4 @ 4:20' and '2 @ 5 pm' times. An amount 'each' ('Limit 2 @ $20
 * each', '3 for $10 ea') is what one item costs, not the count's.
 * A count is read as any number here ('1000 for $1', '3.5 for $10'), so that it is refused
 * whole. An amount followed by a letter, a percent or more digits is no amount ('2 for 3.5g', '2
 * for 50%'): the amount is never cut short to make it one.
 * What comes before a count is checked by `multiBuyIn`: a lookbehind here would be tried at every
 * character, and made this pattern several times slower on real deal texts.
 */
const MULTI_BUY = new RegExp(
  String.raw`\b(\d[\d.,]*|${COUNT_WORDS.join('|')})\s*(?:for\s*(\$)?|\/\s*\$|@\s*\$)\s*${MONEY}(?![\w%]|[.,]\d|\s*%|\s*(?:each|ea|apiece)\b)`,
  'gi',
);
/**
 * Before a count, what makes it no multi-buy: an amount or a fraction ('$2 for', '1/2 for'), or
 * a buy-and-get's 'get' ('get 1 for $5' prices the items received).
 */
const NOT_A_COUNT = /[.,/$]$|\bget[\s-]*$/i;

/**
 * What every multi-buy and buy-and-get contains: most deal texts have none of it, and this one
 * test passes them over for a fraction of what the two patterns cost.
 */
const OFFER_HINT = /for|\/|@|b(?:ogo|\s?\dg|uy)/i;

/** What an item received costs: free, a penny, '$1', '50%' (of the price, 'BOGO 50%'), half off. */
const RECEIVED_AT = String.raw`(?:[\s,:-]*(?:free\b|for\s+(?:a|1|one)\s+(penny|cent)\b|for\s+\$\s?${MONEY}|(\d{1,2}(?:\.\d+)?)\s*%(?:\s*off\b)?|(half)[\s-]*(?:off|price)\b))?`;
/**
 * One more item, as 'Buy 1 Smokiez Get the 2nd for a Penny!' and 'Buy two pre-rolls, get the third
 * free' name it.
 */
const ANOTHER = String.raw`(?:(?:the|a|your)\s+)?(?:\d(?:nd|rd|th)|second|third|fourth|next|another)\b`;
/**
 * 'BOGO', 'B2G1', 'buy 2 get 1', 'buy any 2, get 1', 'Buy 1 Smokiez get the 2nd', each with what
 * the items received cost when it says ('free', '50%', 'half off', 'for a penny'). Up to six words
 * may name the item between 'buy' and 'get'; 'get 20% off' is a saving, not twenty items.
 */
const BUY_GET = new RegExp(
  String.raw`(?:\bbogo\b|\bb([1-9])\s?g([1-9])\b|\bbuy[\s-]*(?:any\s+)?${COUNT}\b[\s,-]*(?:[\w'&]+[\s,-]+){0,6}?get[\s-]*(?:${COUNT}\b(?![.,]?\d|\s*%)|${ANOTHER}))${RECEIVED_AT}`,
  'i',
);

/** '$5 off', '20% off', 'half off', 'half price', 'save 15%'. */
const SAVING = new RegExp(
  String.raw`\$\s?${MONEY}\s*off\b|(\d{1,2}(?:\.\d+)?)\s*%\s*off\b|\b(half)[\s-]*(?:off|price)\b|\bsave\s+(\d{1,2})\s*%`,
  'i',
);

/** A date or the hours ('4/20', '12/25/2025', '24/7'): never a price. */
const DATE = /\d{1,4}(?:\/\d{1,4})+/g;

/**
 * What the price text says that is not a price: taken out before the spec's first number, a
 * buy-and-get first so that its 'get 1 for $5' goes with it whole.
 */
const NOT_PRICES = [BUY_GET, MULTI_BUY, SAVING].map((pattern) => new RegExp(pattern, 'gi'));

/** A whole count written in digits or as a word. */
function countOf(text: string): number {
  const word = COUNT_WORDS.indexOf(text.toLowerCase());
  return word >= 0 ? word + 1 : Number(text);
}

/** '1,200' -> 1200, '32.50' -> 32.5; NaN for '1,20' or '12,,0'. A trailing comma ends a list. */
function dollars(text: string): number {
  const amount = text.replace(/,+$/, '');
  return /^\d{1,3}(?:,\d{3})*(?:\.\d+)?$|^\d+(?:\.\d+)?$/.test(amount)
    ? Number(amount.replace(/,/g, ''))
    : Number.NaN;
}

/**
 * Per item for `paid` items at `base` and `received` items at `receivedAt` (a fraction of `base`)
 * each. Worked out as `base` times a ratio of at most 1, so that a price the contract carries
 * never overflows to Infinity.
 */
function buyGet(base: number, paid: number, received: number, receivedAt: number): number {
  return base * ((paid + received * receivedAt) / (paid + received));
}

/** A multi-buy in `text`, priced per item; null when it names none or none that holds. */
function multiBuyIn(text: string, base: number | undefined): EffectivePrice | null {
  if (!OFFER_HINT.test(text)) return null;
  MULTI_BUY.lastIndex = 0;
  for (let multi; (multi = MULTI_BUY.exec(text));) {
    if (NOT_A_COUNT.test(text.slice(Math.max(0, multi.index - 8), multi.index))) continue;
    const count = countOf(multi[1]!);
    const amount = dollars(multi[3]!);
    const said = multi[2] !== undefined || /[/@]/.test(multi[0]);
    if (!Number.isInteger(count) || count > MAX_COUNT) continue;
    if (!said && Number.isInteger(amount) && amount >= 1 && amount < count) {
      // '2 for 1', '3 for 2': items for the price of fewer, a buy-and-get offer.
      if (base !== undefined) {
        return { each: buyGet(base, amount, count - amount, 0), multiBuy: phrase(multi[0]) };
      }
    } else if (count >= 1 && isPrice(amount) && isPrice(amount / count)) {
      const each = amount / count;
      // A multi-buy dearer per item than one item alone is some other product's offer.
      if (base === undefined || each < base) {
        return { each, multiBuy: count > 1 ? phrase(multi[0]) : null };
      }
    }
  }
  const offer = base === undefined ? null : BUY_GET.exec(text);
  if (!offer || base === undefined) return null;
  const paid = Number(offer[1] ?? 0) || (offer[3] ? countOf(offer[3]) : 1);
  const received = Number(offer[2] ?? 0) || (offer[4] ? countOf(offer[4]) : 1);
  if (paid > MAX_COUNT || received > MAX_COUNT) return null;
  let receivedAt = 0;
  if (offer[5]) receivedAt = 0.01 / base;
  else if (offer[6]) receivedAt = dollars(offer[6]) / base;
  else if (offer[7]) receivedAt = Number(offer[7]) / 100;
  else if (offer[8]) receivedAt = 0.5;
  // A received item dearer than the product itself is no offer on it.
  if (!(receivedAt >= 0 && receivedAt < 1)) return null;
  return { each: buyGet(base, paid, received, receivedAt), multiBuy: phrase(offer[0]) };
}

/** The product's regular price less a saving `text` names; null when none applies. */
function savingIn(text: string, regular: number): number | null {
  const saving = SAVING.exec(text);
  if (!saving) return null;
  const percent = saving[3] ? 50 : Number(saving[2] ?? saving[4]);
  const price = saving[1] ? regular - dollars(saving[1]) : regular * (1 - percent / 100);
  // Decision: a saving as large as the price is about some other product ('$5 off' a $3 item).
  return isPrice(price) && price < regular ? price : null;
}

/** The phrase as the card quotes it: spaces collapsed, trimmed. */
const phrase = (text: string) => text.replace(/\s+/g, ' ').trim();

/**
 * What one item of a deal costs a shopper who takes the deal as offered: '2 for $65' is $32.50 an
 * item, 'B2G1' on a $30 cart is $20. The price sorts and the unit price use it, so that a
 * multi-buy sorts by what an item costs and not by the first number of its wording (the spec's
 * reading, `priceForSorting`, sorts '2 for $65' and 'B2G1' as $2).
 *
 * Read in this order, the first that gives a price wins:
 * 1. a multi-buy in the deal's words ('2 for $65', '3/$100', '2 for 50'): the amount over the
 *    count, when that is below the product's own price (or no price is known);
 * 2. a buy-and-get offer ('BOGO', 'B2G1', 'Buy 2 Get 1 Free', 'BOGO 50%', 'buy one get one half
 *    off', 'Buy 2 get 1 for a penny', '2 for 1') on a product whose price is known: what the items
 *    paid for and the items received cost, over the items received;
 * 3. the sale price the deal sends (the menu's own reckoning of any saving);
 * 4. '$5 off' or '20% off' in the deal's words, taken off the product's regular price;
 * 5. the spec's first number of the price text, once the offers above and dates ('4/20', '24/7')
 *    are taken out of it, so that no count, percent, saving or date is read as a price;
 * 6. the regular price.
 * Null when none gives a price: such a deal sorts after every priced one.
 *
 * The words are read from the price text first, then the special's name, the title and the
 * description. Every price is above 0 and at most the contract's MAX_MONEY: an amount the contract
 * could not carry, a deal at $0 or a saving as large as the price is no price anyone pays.
 */
export function effectivePrice(deal: PricedDeal): EffectivePrice | null {
  const texts = [deal.price, deal.specialName ?? '', deal.title, deal.description];
  const base = productPrice(deal);
  for (const text of texts) {
    const found = multiBuyIn(text, base);
    if (found) return found;
  }
  if (isPrice(deal.salePrice)) return { each: deal.salePrice, multiBuy: null };
  if (isPrice(deal.regularPrice)) {
    for (const text of texts) {
      const saved = savingIn(text, deal.regularPrice);
      if (saved !== null) return { each: saved, multiBuy: null };
    }
  }
  let rest = deal.price.replace(DATE, ' ');
  for (const pattern of NOT_PRICES) rest = rest.replace(pattern, ' ');
  const stated = priceForSorting({ price: rest });
  if (isPrice(stated)) return { each: stated, multiBuy: null };
  return isPrice(deal.regularPrice) ? { each: deal.regularPrice, multiBuy: null } : null;
}

/**
 * The contract's per-deal price facts, as the service sends them (see `pricePerItem`, the page's
 * reader): the price per item, null when the rule finds none, and the multi-buy it comes from (in
 * sentence case, `offerText`).
 * A multi-buy phrase longer than the contract carries is left out (the price stays).
 */
export function effectivePriceFields(deal: PricedDeal): Pick<Deal, 'effectivePrice' | 'multiBuy'> {
  const price = effectivePrice(deal);
  if (!price) return { effectivePrice: null };
  const { each, multiBuy } = price;
  return multiBuy && multiBuy.length <= LIMITS.shortText
    ? { effectivePrice: each, multiBuy: offerText(multiBuy) }
    : { effectivePrice: each };
}

/** The offer words kept in capitals: 'BOGO', 'B2G1'. */
const OFFER_ACRONYM = /^(?:bogo|b\d+g\d+)$/i;

/**
 * A multi-buy as the card writes it beside the price per item, in sentence case: '2 FOR $65' reads
 * '2 for $65', 'BUY 2 GET 1 FREE' reads 'Buy 2 get 1 free', 'bogo 50%' reads 'BOGO 50%'. A word
 * written in capitals is lower-cased (a menu's shouting), except the offer's acronyms; the first
 * letter is capitalised. The service sends a deal's multi-buy so written (`effectivePriceFields`), and the card shows it
 * beside the price per item ('$32.50 each · 2 for $65').
 */
export function offerText(offer: string): string {
  const words = offer
    .replace(/\s+/g, ' ')
    .trim()
    .replace(/\S+/g, (word) =>
      OFFER_ACRONYM.test(word)
        ? word.toUpperCase()
        : word === word.toUpperCase()
          ? word.toLowerCase()
          : word,
    );
  return words.charAt(0).toUpperCase() + words.slice(1);
}

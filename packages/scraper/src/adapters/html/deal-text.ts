import { weekdaysNamed } from '@stl-deals/domain';
import { discountPercent, money, priceText } from '../shared/deal-fields';
import { bundlePhraseIn, dollarsOffIn, dollarsOffText, percentOffIn } from '../shared/deal-phrases';

/** '$35', '$ 12.50', '$1,200' — a dollar amount in free text. */
const DOLLAR_AMOUNT = /\$\s?(\d+(?:,\d{3})*(?:\.\d{1,2})?)(?!\d)(?!\s*off\b)/gi;
// 'save 20%', '20% discount', '20% savings'.
const PERCENT_SAVING = /\bsave\s+\d{1,2}\s*%|\b\d{1,2}\s*%\s*(?:discount|savings?)\b/i;
/**
 * Sale wording: with a weekday it makes a line a special ('Wax Wednesday specials'); with a price
 * it makes the price a deal's ('Sale: $25 eighths', 'Daily deal $30').
 */
const DEAL_WORD =
  /\b(?:deals?|specials?|off|discount(?:s|ed)?|sale|save|savings|happy hour|bogo)\b/i;
/** 'was $45', 'reg. $45', 'regularly $45': the amount after it is the regular price. */
const REGULAR_MARKER =
  /\b(?:was|reg(?:ular(?:ly)?)?\.?|retail|originally|msrp)\s*:?\s*\$\s?(\d+(?:\.\d{1,2})?)/i;
/** A price said as a deal's: 'just $55', 'only $25'. */
const DEAL_PRICE = /\b(?:just|only)\s+\$\s?\d/i;
const PRICE = /\$\s?\d/;

/** Whether a text shows a dollar price ('$25', '$ 12.50'). */
export const hasPrice = (value: string): boolean => PRICE.test(value);

/**
 * Whether a block's own text reads as a deal, by the brief's signals: '% off', '$ off', BOGO or
 * B1G1 or 'buy one get one', 'N for $X', 'save N%', or a weekday named with sale wording.
 *
 * A '$price' is a signal only beside another one: it is what an ordinary product tile on a
 * homepage shows too, so on its own it is no deal. With sale wording ('Sale $25', 'Daily deal
 * $30'), a regular price ('$28 (reg. $35)'), a price said as a deal ('just $55') or a price struck
 * through in the markup (see blocks.ts) it is one, and the deal's price is read from it.
 */
export function readsAsDeal(value: string): boolean {
  return (
    percentOffIn(value) !== undefined ||
    dollarsOffIn(value) !== undefined ||
    bundlePhraseIn(value) !== undefined ||
    PERCENT_SAVING.test(value) ||
    (PRICE.test(value) &&
      (DEAL_WORD.test(value) || REGULAR_MARKER.test(value) || DEAL_PRICE.test(value))) ||
    (weekdaysNamed(value).length > 0 && DEAL_WORD.test(value))
  );
}

// What a price text is made of besides amounts: 'was', 'off', 'each', units, deal terms.
const FIGURE_WORDS =
  /\b(?:off|was|now|reg|regular(?:ly)?|orig(?:inal(?:ly)?)?|msrp|retail|price|only|just|each|ea|for|save|from|sale|on|and|or|to|at|the|bogo|buy|get|free|grams?|mg|ml|oz|ounces?|pk|pack)\b/gi;

/**
 * Whether a text has words a person reads as a name: something left once prices, percents,
 * numbers, sizes and the words around them ('off', 'was', 'each', 'BOGO') are taken out. '$1 $6
 * 83% off' has none and is no deal's title; 'Half Off Smalls' and '$5 Off Zoet Edibles' have.
 */
export function hasWords(value: string): boolean {
  const rest = value.replace(/\$\s?[\d,.]+|\d+(?:[.,/]\d+)*/g, ' ').replace(FIGURE_WORDS, ' ');
  return /\p{L}{2,}/u.test(rest);
}

export interface TextPrice {
  /** The card's price text: '$30 (was $45)', '25% off', '$10 off', '2 for $50', '$25'. */
  price: string;
  salePrice?: number;
  regularPrice?: number;
  discountPercent?: number;
}

/**
 * The price a deal's text states. `struck` is a price the page shows struck through (<del>,
 * <s>), which is the regular one.
 */
export function priceOf(value: string, struck?: number): TextPrice {
  const regular = struck ?? money(REGULAR_MARKER.exec(value)?.[1]);
  const sale = dollarAmounts(value).find((amount) => regular === undefined || amount < regular);
  if (sale !== undefined && regular !== undefined) {
    return {
      price: priceText(sale, regular),
      salePrice: sale,
      regularPrice: regular,
      discountPercent: discountPercent(sale, regular),
    };
  }
  const percent = percentOffIn(value);
  const bundle = bundlePhraseIn(value);
  if (
    bundle !== undefined &&
    (percent === undefined || value.indexOf(bundle) < value.indexOf('%'))
  ) {
    // 'Buy one, get one 50% off': that percent is off the second item, not off the price.
    return { price: percent ? `${bundle} ${percent}% off` : bundle };
  }
  if (percent !== undefined) return { price: `${percent}% off`, discountPercent: percent };
  const dollars = dollarsOffIn(value);
  if (dollars !== undefined) return { price: dollarsOffText(dollars) };
  return sale === undefined
    ? { price: '' }
    : { price: priceText(sale, undefined), salePrice: sale };
}

/** Dollar amounts in order, leaving out '$10 off' and bundle totals ('2 for $50'). */
function dollarAmounts(value: string): number[] {
  const bundle = bundlePhraseIn(value);
  const rest = bundle ? value.replace(bundle, ' ') : value;
  return [...rest.matchAll(DOLLAR_AMOUNT)]
    .slice(0, 20)
    .map((match) => money(match[1]))
    .filter((amount): amount is number => amount !== undefined && amount > 0);
}

import { weekdaysNamed } from '@stl-deals/domain';
import { discountPercent, money, priceText } from '../shared/deal-fields';
import { bundlePhraseIn, dollarsOffIn, dollarsOffText, percentOffIn } from '../shared/deal-phrases';

/** '$35', '$ 12.50', '$1,200' — a dollar amount in free text. */
const DOLLAR_AMOUNT = /\$\s?(\d+(?:,\d{3})*(?:\.\d{1,2})?)(?!\d)(?!\s*off\b)/gi;
// 'save 20%', '20% discount', '20% savings'.
const PERCENT_SAVING = /\bsave\s+\d{1,2}\s*%|\b\d{1,2}\s*%\s*(?:discount|savings?)\b/i;
/** With a weekday, these words make a line a special ('Wax Wednesday specials'). */
const DEAL_WORD = /\b(?:deals?|specials?|off|discounts?|sale|save|savings|happy hour|bogo)\b/i;
/** 'was $45', 'reg. $45', 'regularly $45': the amount after it is the regular price. */
const REGULAR_MARKER =
  /\b(?:was|reg(?:ular(?:ly)?)?\.?|retail|originally|msrp)\s*:?\s*\$\s?(\d+(?:\.\d{1,2})?)/i;

/**
 * Whether a block's own text reads as a deal (the brief's signals): '% off', '$ off', BOGO or
 * B1G1 or 'buy one get one', 'N for $X', a $price, or a weekday named with a deal word.
 */
export function readsAsDeal(value: string): boolean {
  return (
    percentOffIn(value) !== undefined ||
    dollarsOffIn(value) !== undefined ||
    bundlePhraseIn(value) !== undefined ||
    PERCENT_SAVING.test(value) ||
    /\$\s?\d/.test(value) ||
    (weekdaysNamed(value).length > 0 && DEAL_WORD.test(value))
  );
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

import { shownPercent, usualPriceLine, type ShownDiscount } from './shown-discount';

// Apart from the rule itself: the page's first load reads the card's parts only, and this is
// read by the feed, the push text and the comparison (loaded on use).

/**
 * The verdict in words, for the feed and anything else without a chip: 'Usual $52, 38% off',
 * 'Its usual price', '$11 above its usual price'; a claimed percent is named as such, '50% off
 * (claimed)'; null when there is nothing to say.
 */
export function shownDiscountText(shown: ShownDiscount, price: number): string | null {
  const percent = shownPercent(shown);
  if (shown.basis === 'claimed') return percent === null ? null : `${percent}% off (claimed)`;
  const line = usualPriceLine(shown, price);
  return percent === null ? line : `${line}, ${percent}% off`;
}

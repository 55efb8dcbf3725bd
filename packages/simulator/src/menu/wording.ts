import type { SizePrice } from './model';

/** Whole dollars bare, cents to two places: '$30', '$33.75'. */
export const dollars = (amount: number) =>
  `$${Number.isInteger(amount) ? amount : amount.toFixed(2)}`;

/** A size's price as a store writes it: '$33.75 (was $45)' on sale, else '$45'. */
export const priceWording = (size: SizePrice) =>
  size.sale === undefined
    ? dollars(size.price)
    : `${dollars(size.sale)} (was ${dollars(size.price)})`;

/** The whole percent a sale saves, 1 to 99. */
export const percentSaved = (size: SizePrice) =>
  size.sale === undefined ? undefined : Math.round((1 - size.sale / size.price) * 100);

import { z } from 'zod';
import { CalendarDaySchema, LIMITS, Money, ShortText } from './values';

/** The most days one price history answer covers, and how many it covers unless asked. */
export const PRICE_HISTORY_MAX_DAYS = 365;
export const PRICE_HISTORY_DEFAULT_DAYS = 90;

/** One day of a product at one dispensary, as the store recorded it (the day's last scrape). */
export const PricePointSchema = z.object({
  /** The market's calendar day (America/Chicago), 'YYYY-MM-DD'. */
  day: CalendarDaySchema,
  /** What the product sold for: its sale price on a deal, else its regular price. */
  salePrice: Money,
  /** The regular price the menu named, or null when it named none. */
  regularPrice: Money.nullable(),
  onDeal: z.boolean(),
});
export type PricePoint = z.infer<typeof PricePointSchema>;

/**
 * A current deal's price history: its product's days at its dispensary, oldest first, only the
 * days the product was seen. Empty when the deal has no product key or nothing is recorded yet.
 */
export const DealPriceHistorySchema = z.object({
  id: ShortText,
  dispensaryKey: z.string().max(LIMITS.key),
  points: z.array(PricePointSchema).max(PRICE_HISTORY_MAX_DAYS),
});
export type DealPriceHistory = z.infer<typeof DealPriceHistorySchema>;

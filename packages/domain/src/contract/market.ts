import { z } from 'zod';
import { CalendarDaySchema, DealCategorySchema, LIMITS, Money, ShortText } from './values';

/** The most days of a class's daily median line `GET /api/market` sends. */
export const MARKET_LINE_MAX_DAYS = 90;

const Count = z.number().int().nonnegative();
const Percent = z.number().int().min(-100_000).max(100_000);

/** A class's figures of one day (see `marketFigures`). */
export const MarketFiguresSchema = z.object({
  /** The median of the products' class prices, in dollars (per 100 mg of THC for edibles). */
  median: Money,
  low: Money,
  high: Money,
  stores: Count,
  products: Count,
  /** Whether `stores` reaches `minStores`: only then is the median the market's. */
  enough: z.boolean(),
});

export const MarketPointSchema = z.object({ day: CalendarDaySchema, median: Money });

/** One comparable class's market (see `MARKET_CLASSES`). */
export const MarketClassSchema = z.object({
  id: ShortText,
  /** Its words, as the card's line names it ('1/8 oz flower'). */
  label: ShortText,
  category: DealCategorySchema,
  /** Today's figures; null when no store priced the class today. */
  today: MarketFiguresSchema.nullable(),
  /**
   * The change of the daily median over the last 30 days (first day with enough stores to the
   * last), in whole percent; null with fewer than two such days.
   */
  trendPercent: Percent.nullable(),
  /** The daily medians of the days with enough stores, oldest first. */
  series: z.array(MarketPointSchema).max(MARKET_LINE_MAX_DAYS),
});

/** A store's claimed discounts against its price history (see `claimedDiscountsByStore`). */
export const ClaimedDiscountsSchema = z.object({
  dispensaryKey: z.string().max(LIMITS.key),
  deals: Count,
  claimedPercent: Percent,
  realPercent: Percent,
  realShare: z.number().min(0).max(1),
});

/** `GET /api/market`: the St. Louis market per comparable class, and per store its claims. */
export const MarketSchema = z.object({
  /** The market day the figures are of. */
  day: CalendarDaySchema,
  /** Stores a class needs for its median to count (`MARKET_MIN_STORES`). */
  minStores: Count,
  classes: z.array(MarketClassSchema).max(50),
  claimedDiscounts: z.array(ClaimedDiscountsSchema).max(1_000),
});
export type MarketAnswer = z.infer<typeof MarketSchema>;
export type MarketClassAnswer = z.infer<typeof MarketClassSchema>;

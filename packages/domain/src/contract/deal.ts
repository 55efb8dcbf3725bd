import { z } from 'zod';
import {
  LINK_KINDS,
  MAX_GRAMS,
  MAX_LOGO_URLS,
  MAX_POTENCY_MG,
  POTENCY_UNITS,
  UNIT_PRICE_UNITS,
} from './constants';
import { isImageAddress } from '../rules/url';
import {
  BoundedText,
  CalendarDaySchema,
  DealCategorySchema,
  DiscountCheckSchema,
  IsoDateTime,
  LIMITS,
  Money,
  PlatformSchema,
  ShortText,
  WeekdaySchema,
} from './values';

export const UnitPriceSchema = z.object({
  amount: Money,
  per: z.enum(UNIT_PRICE_UNITS),
});
export type UnitPrice = z.infer<typeof UnitPriceSchema>;

/**
 * How much of one cannabinoid a product holds, as its platform or its text states it and the
 * potency rules read it (`readPotencies`): `min` and `max` of a range, the same number twice for
 * one figure; `%` of the product's weight, or `mg` in the whole package. Positive (a 0 is a
 * menu's placeholder, never a figure), at most 100% or `MAX_POTENCY_MG`.
 */
export const PotencySchema = z
  .object({
    min: z.number().positive(),
    max: z.number().positive(),
    unit: z.enum(POTENCY_UNITS),
  })
  .refine((potency) => potency.min <= potency.max, 'min is above max')
  .refine(
    (potency) => potency.max <= (potency.unit === '%' ? 100 : MAX_POTENCY_MG),
    'above what a product can hold',
  );
export type Potency = z.infer<typeof PotencySchema>;

/**
 * A deal as the service sends it and the page reads it.
 *
 * The spec's fields (section 3) are required, except `dispensary` and `dispensaryKey`, which a
 * single-dispensary answer may leave out (the page stamps them, see `stampDeals`). `imageUrl` may be
 * blank. Every other field is an optional extension: the page uses it when present. Unknown fields
 * are stripped, never an error, so a richer backend stays readable.
 */
export const DealSchema = z.object({
  title: BoundedText,
  description: BoundedText,
  price: ShortText,
  imageUrl: z.string().max(LIMITS.url),
  sourceUrl: z.string().max(LIMITS.url),
  dispensary: ShortText.optional(),
  dispensaryKey: z.string().max(LIMITS.key).optional(),

  id: ShortText.optional(),
  category: DealCategorySchema.optional(),
  brand: ShortText.optional(),
  /**
   * One of `STRAIN_TYPES` as the service sends it (`strainTypeOf`, from the platform's strain
   * field, the figures and the title's words); any short text is read, so a deal stored by an
   * older build stays readable.
   */
  strainType: ShortText.optional(),
  size: ShortText.optional(),
  regularPrice: Money.optional(),
  salePrice: Money.optional(),
  discountPercent: z.number().min(0).max(100).optional(),
  unitPrice: UnitPriceSchema.optional(),
  specialName: ShortText.optional(),
  validDays: z.array(WeekdaySchema).max(7).optional(),
  endsAt: IsoDateTime.optional(),
  firstSeenAt: IsoDateTime.optional(),
  platform: PlatformSchema.optional(),
  /**
   * Where `sourceUrl` leads (`LINK_KINDS`): 'product', the product's own page at the store on its
   * platform; 'menu', the store's specials or menu page. Absent with a blank link, or from a
   * source that does not say (a feed): the page then shows it as the store's page.
   */
  linkKind: z.enum(LINK_KINDS).optional(),
  /**
   * What one item costs a shopper who takes the deal as offered ('2 for $65' is 32.5), worked out
   * by the service with `effectivePrice`; null when the rule finds no price. The price sorts and
   * the unit price use it (see `pricePerItem` for a deal without it).
   */
  effectivePrice: Money.nullable().optional(),
  /** The multi-buy `effectivePrice` comes from, as the deal words it ('2 for $65', 'B2G1'). */
  multiBuy: ShortText.optional(),
  /**
   * One product across stores (`productKey`): the same for the same product at any dispensary,
   * set by the service. The page groups the stores of a product by it.
   */
  productKey: ShortText.optional(),
  /**
   * The product's key within its own store (`storeProductKey`): stable across scrapes and days,
   * set by the scraper; the store's price observations are kept under it.
   */
  storeProductKey: ShortText.optional(),
  /**
   * What the deal weighs in grams (`dealGrams`: its size read as a weight), set by the service so
   * that the page's Size filter carries no size reader. Absent when the size is no weight.
   */
  grams: z.number().positive().max(MAX_GRAMS).optional(),
  /**
   * The logos the deal's card may show after its own image, in order (`logoUrlsFor`: its brand's,
   * then its dispensary chain's), chosen by the service so that the page carries no logo tables.
   * Each an http(s) URL or a path on the page's own origin. Absent when none is known.
   */
  logoUrls: z
    .array(z.string().refine(isImageAddress, 'an http(s) URL or a same-origin path'))
    .max(MAX_LOGO_URLS)
    .optional(),
  /**
   * Total THC (`readPotencies`: a stated total, else THC with 0.877 of its THCa), in percent for
   * flower, pre-rolls, vapes and concentrates, in mg per package for edibles and topicals. Absent
   * where neither the platform nor the deal's words state it. The page's view carries it too:
   * the card's 'THC 24%', the THC filter and the 'Most THC per dollar' sort read it.
   */
  thc: PotencySchema.optional(),
  /** CBD, read and stated as `thc` is. */
  cbd: PotencySchema.optional(),
  /** Price memory (see `priceMemory`): the lowest price charged in the 30 days before today. */
  lowest30d: Money.optional(),
  /** The median of the daily prices charged in the last 30 days (days the product was seen). */
  usualPrice: Money.optional(),
  /** The last price before today's that differs from it. */
  previousPrice: Money.optional(),
  /** The calendar day (America/Chicago, 'YYYY-MM-DD') the price became today's. */
  priceChangedAt: CalendarDaySchema.optional(),
  /** Whether the discount holds against the product's own history (see `DiscountCheck`). */
  discountCheck: DiscountCheckSchema.optional(),
});
export type Deal = z.infer<typeof DealSchema>;

/** A deal known to belong to a dispensary: what every list on the page works with. */
export type StampedDeal = Deal & { dispensary: string; dispensaryKey: string };

export const DealListSchema = z.array(DealSchema);

/**
 * The answers `GET /api/reactive/deals?view=` offers: `full` (the default, every field) and
 * `page`, only the fields the page reads (its rules and cards), about a fifth smaller on the wire.
 * A field the page starts reading must be added to `PAGE_DEAL_FIELDS`.
 */
export const DealListViewSchema = z.enum(['full', 'page']);
export type DealListView = z.infer<typeof DealListViewSchema>;

export const PAGE_DEAL_FIELDS = [
  // The page asks for a deal's price history by its id.
  'id',
  'title',
  'description',
  'price',
  'imageUrl',
  'sourceUrl',
  // The card says where its link leads ('View at <store>' or 'Store menu').
  'linkKind',
  'dispensary',
  'dispensaryKey',
  'category',
  'brand',
  // The Type filter reads it.
  'strainType',
  // The card's potency, the THC filter and the THC-per-dollar sort.
  'thc',
  'cbd',
  'size',
  'regularPrice',
  'salePrice',
  'discountPercent',
  'unitPrice',
  'specialName',
  'validDays',
  'endsAt',
  'firstSeenAt',
  'effectivePrice',
  'multiBuy',
  'productKey',
  'grams',
  'logoUrls',
  'lowest30d',
  'usualPrice',
  'previousPrice',
  'priceChangedAt',
  'discountCheck',
] as const satisfies ReadonlyArray<keyof Deal>;

import { z } from 'zod';

/** The spec's deal categories (section 3). 'other' is what no keyword matched. */
export const DEAL_CATEGORIES = [
  'flower',
  'edibles',
  'concentrates',
  'vapes',
  'pre-rolls',
  'topicals',
  'accessories',
  'other',
] as const;
export const DealCategorySchema = z.enum(DEAL_CATEGORIES);
export type DealCategory = z.infer<typeof DealCategorySchema>;

/** Weekday names as deals carry them in `validDays`, Sunday first as in `Date.getDay()`. */
export const WEEKDAYS = [
  'sunday',
  'monday',
  'tuesday',
  'wednesday',
  'thursday',
  'friday',
  'saturday',
] as const;
export const WeekdaySchema = z.enum(WEEKDAYS);
export type Weekday = z.infer<typeof WeekdaySchema>;

/** The menu platforms a dispensary's deals are read from. */
export const PLATFORMS = [
  'dutchie',
  'jane',
  'weedmaps',
  'leafly',
  'sweed',
  'dispense',
  'joint',
  'html',
  'feed',
] as const;
export const PlatformSchema = z.enum(PLATFORMS);
export type Platform = z.infer<typeof PlatformSchema>;

/** Bounds for every text that crosses a boundary: scraped text is hostile until cut to size. */
export const LIMITS = {
  text: 1000,
  shortText: 200,
  url: 2048,
  key: 100,
} as const;

export const BoundedText = z.string().max(LIMITS.text);
export const ShortText = z.string().max(LIMITS.shortText);
/** A price or amount in US dollars: finite and never negative. */
export const Money = z.number().finite().nonnegative();
export const IsoDateTime = z.iso.datetime({ offset: true });

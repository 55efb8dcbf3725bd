import { z } from 'zod';
import { DEAL_CATEGORIES, LIMITS, PLATFORMS, WEEKDAYS } from './constants';

export {
  DEAL_CATEGORIES,
  LIMITS,
  PLATFORMS,
  WEEKDAYS,
  type DealCategory,
  type Platform,
  type Weekday,
} from './constants';

export const DealCategorySchema = z.enum(DEAL_CATEGORIES);
export const WeekdaySchema = z.enum(WEEKDAYS);
export const PlatformSchema = z.enum(PLATFORMS);

export const BoundedText = z.string().max(LIMITS.text);
export const ShortText = z.string().max(LIMITS.shortText);
/** A price or amount in US dollars: finite and never negative. */
export const Money = z.number().finite().nonnegative();
export const IsoDateTime = z.iso.datetime({ offset: true });

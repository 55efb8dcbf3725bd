import { z } from 'zod';
import { DEAL_CATEGORIES, LIMITS, MAX_MONEY, PLATFORMS, WEEKDAYS } from './constants';

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
/** A price or amount in US dollars: from 0 to MAX_MONEY. */
export const Money = z.number().finite().nonnegative().max(MAX_MONEY);
export const IsoDateTime = z.iso.datetime({ offset: true });

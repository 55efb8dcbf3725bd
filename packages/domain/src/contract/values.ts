import { z } from 'zod';
import { isCalendarDay } from '../rules/calendar-day';
import {
  DEAL_CATEGORIES,
  DISCOUNT_CHECKS,
  LIMITS,
  MAX_MONEY,
  PLATFORMS,
  WEEKDAYS,
} from './constants';

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
/** A calendar day, 'YYYY-MM-DD' (see calendar-day.ts for the days that exist). */
export const CalendarDaySchema = z.string().refine(isCalendarDay, 'a calendar day, YYYY-MM-DD');
export const DiscountCheckSchema = z.enum(DISCOUNT_CHECKS);

import type { Deal, UnitPrice } from '../contract/deal';
import { WEEKDAYS, type Weekday } from '../contract/constants';
import { weekdayAt } from './day-filter';
import { dollarsText } from './number-text';
import { calendarAt, dateKey, monthDayText, type TimeZone } from './zoned-time';

/**
 * The facts a card shows so that deals compare at a glance, all from the contract's
 * optional extension fields: a deal without them shows none of these, as the spec's card.
 */

/**
 * Percent off, whole: the sent `discountPercent`, else worked out from `regularPrice` and
 * `salePrice` when the sale is lower; NaN when neither tells.
 */
export function discountOf(deal: Pick<Deal, 'discountPercent' | 'regularPrice' | 'salePrice'>) {
  if (typeof deal.discountPercent === 'number') return Math.round(deal.discountPercent);
  const { regularPrice: regular, salePrice: sale } = deal;
  if (typeof regular === 'number' && typeof sale === 'number' && regular > 0 && sale < regular) {
    return Math.round((1 - sale / regular) * 100);
  }
  return Number.NaN;
}

/** '$25' for whole dollars, '$24.50' otherwise. */
export function moneyText(amount: number): string {
  return dollarsText(amount, { cents: !Number.isInteger(amount) });
}

const UNIT_SUFFIX: Record<UnitPrice['per'], string> = {
  g: '/g',
  '100mg': '/100 mg',
  each: ' each',
};

/** '$8.57/g', '$2.10/100 mg', '$5.00 each' (always two decimals: unit prices are compared). */
export function unitPriceText(unit: UnitPrice): string {
  return `${dollarsText(unit.amount, { cents: true })}${UNIT_SUFFIX[unit.per]}`;
}

export const NEW_WITHIN_MS = 24 * 60 * 60 * 1000;

/** First seen within the last 24 hours of `now`. */
export function isNewDeal(deal: Pick<Deal, 'firstSeenAt'>, now: number): boolean {
  if (!deal.firstSeenAt) return false;
  const seen = Date.parse(deal.firstSeenAt);
  return !Number.isNaN(seen) && seen <= now && now - seen < NEW_WITHIN_MS;
}

const SHORT_DAY: Record<Weekday, string> = {
  sunday: 'Sun',
  monday: 'Mon',
  tuesday: 'Tue',
  wednesday: 'Wed',
  thursday: 'Thu',
  friday: 'Fri',
  saturday: 'Sat',
};

const DAY_MS = 24 * 60 * 60 * 1000;

/** The calendar date of `time` in `timeZone`, as 'YYYY-MM-DD'. */
function dateIn(time: number, timeZone: TimeZone): string {
  return dateKey(calendarAt(time, timeZone));
}

/**
 * When the deal ends, seen on `day` (the day the list shows; today by default):
 * - from `endsAt`: 'Ends today' on its own date, 'Ends Sun' within the next six days, 'Ends Dec 3'
 *   later; nothing when it already ended or when the list shows another day than today;
 * - else from `validDays`: the run of valid days from `day` on; its last day is 'Ends today' when
 *   that is `day` itself, else 'Ends Sun'; nothing when it is valid every day or not on `day`.
 */
export function endsLabel(
  deal: Pick<Deal, 'endsAt' | 'validDays'>,
  options: { now: number; timeZone: TimeZone; day?: Weekday },
): string | null {
  const { now, timeZone } = options;
  const today = weekdayAt(new Date(now), timeZone);
  const day = options.day ?? today;
  if (deal.endsAt) {
    const ends = Date.parse(deal.endsAt);
    if (Number.isNaN(ends) || ends < now || day !== today) return null;
    const endDate = dateIn(ends, timeZone);
    if (endDate === dateIn(now, timeZone)) return 'Ends today';
    for (let ahead = 1; ahead <= 6; ahead++) {
      if (dateIn(now + ahead * DAY_MS, timeZone) === endDate) {
        return `Ends ${SHORT_DAY[weekdayAt(new Date(ends), timeZone)]}`;
      }
    }
    return `Ends ${monthDayText(calendarAt(ends, timeZone))}`;
  }
  const valid = new Set(deal.validDays ?? []);
  if (valid.size === 0 || valid.size === 7 || !valid.has(day)) return null;
  const start = WEEKDAYS.indexOf(day);
  let last = day;
  for (let step = 1; step < 7; step++) {
    const next = WEEKDAYS[(start + step) % 7]!;
    if (!valid.has(next)) break;
    last = next;
  }
  return last === day && day === today ? 'Ends today' : `Ends ${SHORT_DAY[last]}`;
}

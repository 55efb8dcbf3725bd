import { addDays, dayNumber } from './calendar-day';

/**
 * The day the price memory records a scrape's prices under, and whether it may prune, when the
 * service's clock cannot be taken on its word. The history cannot be collected again, so a clock
 * stepped far ahead (a bad NTP step) must neither date rows in the future, which would shadow the
 * real days for as long as the step, nor prune, which would delete every day it thinks is old;
 * and a clock stepped back must not stall the memory or write over days already kept.
 *
 * The evidence is what the service has seen of the real day:
 * - the newest day the history holds (of any dispensary): a day once recorded is known to have
 *   come, since every day is recorded under this rule;
 * - the platform's own clock: the market's day of its answer's `Date` header, which may confirm a
 *   clock that moved ahead legitimately (the service was down for a week).
 * The confirmed day is the newest of the two. The clock is read as:
 * - ok: at most one day past the confirmed day (midnight comes, the first scrape of the day),
 *   and not before the newest day kept: its day is recorded under;
 * - ahead: more than a day past the confirmed day: the prices are recorded under the confirmed
 *   day, never a later one, and nothing is pruned;
 * - behind: before the newest day kept: the prices are recorded under that day (the history
 *   moves only forward; the day the clock names was recorded already).
 * A platform's clock never moves the day past the service's own: a source that says it is next
 * year confirms nothing that the service's clock does not also say.
 */

export type ClockReading = 'ok' | 'ahead' | 'behind';

export interface DayEvidence {
  /** The market's day on the service's clock, 'YYYY-MM-DD'. */
  clockDay: string;
  /** The newest day the price history holds, null when it holds none. */
  newestKeptDay: string | null;
  /** The market's day of the platform's own clock (its answer's `Date`), null when unknown. */
  sourceDay: string | null;
}

export interface RecordingDay {
  /** The day to record the prices under (and to work the price facts out on). */
  day: string;
  clock: ClockReading;
}

/** How far ahead of the confirmed day the clock may be, in days, and still be believed. */
export const CLOCK_AHEAD_TOLERANCE_DAYS = 1;

export function recordingDay(evidence: DayEvidence): RecordingDay {
  const { clockDay, newestKeptDay, sourceDay } = evidence;
  dayNumber(clockDay); // refuses a malformed day before anything is compared with it
  const confirmed = newestOf(newestKeptDay, sourceDay);
  if (confirmed !== null && clockDay > addDays(confirmed, CLOCK_AHEAD_TOLERANCE_DAYS)) {
    return { day: confirmed, clock: 'ahead' };
  }
  if (newestKeptDay !== null && clockDay < newestKeptDay) {
    return { day: newestKeptDay, clock: 'behind' };
  }
  return { day: clockDay, clock: 'ok' };
}

/** Whether the histories may be pruned on the clock's word: never while it reads ahead. */
export function mayPrune(evidence: DayEvidence): boolean {
  return recordingDay(evidence).clock !== 'ahead';
}

function newestOf(a: string | null, b: string | null): string | null {
  if (a !== null) dayNumber(a);
  if (b !== null) dayNumber(b);
  if (a === null) return b;
  if (b === null) return a;
  return a > b ? a : b;
}

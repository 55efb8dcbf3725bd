import { WEEKDAYS, type Opening, type Weekday, type WeeklyHours } from '@stl-deals/domain';
import { scriptJson } from './answers';
import { internationalPhone } from './phone-forms';

/** A store's week in the forms the platforms state it in (their serializers write them). */

/**
 * Each day as one stretch from its first opening to its last closing: what a platform that keeps
 * one pair of times a day (Dutchie, Weedmaps, Jane) shows of a day closed for lunch.
 */
export function oneSpanADay(hours: WeeklyHours): Record<Weekday, Opening | null> {
  return Object.fromEntries(
    WEEKDAYS.map((day) => {
      const openings = hours[day];
      const first = openings[0];
      const last = openings.at(-1);
      return [day, first && last ? { opens: first.opens, closes: last.closes } : null];
    }),
  ) as Record<Weekday, Opening | null>;
}

/** '13:05' as a 12-hour time: '1:05 PM' (`lower`: '1:05pm'); '00:00' and '24:00' are 12 AM. */
export function twelveHour(clock: string, lower = false): string {
  const [hours, minutes] = clock.split(':').map(Number) as [number, number];
  const hour = hours % 12 === 0 ? 12 : hours % 12;
  const half = hours % 24 < 12 ? 'AM' : 'PM';
  const text = `${hour}:${String(minutes).padStart(2, '0')}`;
  return lower ? `${text}${half.toLowerCase()}` : `${text} ${half}`;
}

/**
 * The week as schema.org JSON-LD (`openingHoursSpecification`, one specification per opening,
 * a closed day named by none), with the store's `telephone` when given, the script block a page
 * carries it in.
 */
export function openingHoursJsonLd(name: string, hours: WeeklyHours, phone?: string): string {
  const specifications = WEEKDAYS.flatMap((day) =>
    hours[day].map(({ opens, closes }) => ({
      '@type': 'OpeningHoursSpecification',
      dayOfWeek: `https://schema.org/${day[0]!.toUpperCase()}${day.slice(1)}`,
      opens,
      closes,
    })),
  );
  const store = {
    '@context': 'https://schema.org',
    '@type': 'Store',
    name,
    ...(phone ? { telephone: internationalPhone(phone) } : {}),
    openingHoursSpecification: specifications,
  };
  return `<script type="application/ld+json">${scriptJson(store)}</script>`;
}

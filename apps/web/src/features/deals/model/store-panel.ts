import {
  STATE_MARIJUANA_TAX,
  marketHoursZone,
  safeHttpUrl,
  weekdayAt,
  weekRows,
  type DispensaryTax,
  type Platform,
  type SourceStatus,
  type TaxRatePart,
  type TimeZone,
  type Weekday,
} from '@stl-deals/domain';
import type { StoreDetails } from '../api/get-store-details';
import { cacheUpdatedText } from './times';

/** The menu platforms by the names their stores' shoppers know them by. */
const PLATFORM_NAMES: Record<Platform, string> = {
  dutchie: 'Dutchie',
  jane: 'Jane',
  weedmaps: 'Weedmaps',
  leafly: 'Leafly',
  sweed: 'Sweed',
  dispense: 'Dispense',
  joint: 'Joint',
  html: 'its own specials page',
  feed: 'its deals feed',
};

/**
 * A maps search for the store's address (and name, so the right door comes first), which every
 * phone opens in its maps app; null when the address is unknown (a name alone may find another
 * store of the chain).
 */
export function directionsUrl(store: Pick<StoreDetails, 'name' | 'address'>): string | null {
  const address = store.address?.trim();
  if (!address) return null;
  const query = encodeURIComponent(`${store.name}, ${address}`);
  return `https://www.google.com/maps/search/?api=1&query=${query}`;
}

/** The store's own website, only when it is an http(s) address. */
export function websiteUrl(store: Pick<StoreDetails, 'website'>): string | null {
  return safeHttpUrl(store.website);
}

/** The week's rows with the market's today marked; none when the hours are unknown. */
export function hoursRows(
  store: Pick<StoreDetails, 'hours'>,
  now: number,
  timeZone: TimeZone,
): Array<{ weekday: Weekday; day: string; text: string; today: boolean }> {
  if (!store.hours) return [];
  const today = weekdayAt(new Date(now), marketHoursZone(now, timeZone));
  return weekRows(store.hours.week).map(({ weekday, text }) => ({
    weekday,
    day: weekday.charAt(0).toUpperCase() + weekday.slice(1),
    text,
    today: weekday === today,
  }));
}

/** Where the hours came from, in a line under them. */
export function hoursSourceText(store: Pick<StoreDetails, 'hours' | 'platform'>): string | null {
  if (!store.hours) return null;
  return store.hours.source === 'platform' && store.platform
    ? `Hours as the store's ${PLATFORM_NAMES[store.platform]} page states them.`
    : "Hours from our list of St. Louis dispensaries; the store's own page may say otherwise.";
}

/** Which menu the deals are read from. */
export function platformText(store: Pick<StoreDetails, 'platform'>): string {
  return store.platform
    ? `Deals read from ${PLATFORM_NAMES[store.platform]}.`
    : 'No menu is read for this store yet.';
}

/**
 * How the store's last reading went, from the service's status: when it was last read and how
 * many deals it gave, or that it failed with the service's public reason and its last success.
 */
export function lastReadText(source: SourceStatus | undefined, timeZone: TimeZone): string {
  if (!source) return 'Not read yet.';
  const when = (iso: string | null) => (iso ? cacheUpdatedText(iso, timeZone) : 'never');
  const deals = source.dealCount === 1 ? '1 deal' : `${source.dealCount} deals`;
  switch (source.state) {
    case 'ok':
      return `Last read ${when(source.lastSuccessAt)}: ${deals}.`;
    case 'running':
    case 'pending':
      return `Being read now. Last read ${when(source.lastSuccessAt)}.`;
    case 'unconfigured':
      return 'Its menu is not configured, so no deals are read.';
    default: {
      // The service's reasons are sentences: their own full stop ends the clause here.
      const reason = source.error ? `: ${source.error.replace(/\.+$/, '')}` : '';
      return `Last try ${when(source.lastAttemptAt)} failed${reason}. Last success ${when(source.lastSuccessAt)}.`;
    }
  }
}

/** A held-back price count, as the store's price problem; null when there is none. */
export function heldBackText(source: SourceStatus | undefined): string | null {
  const held = source?.pricesHeldBack;
  if (!held) return null;
  return `${held === 1 ? '1 price' : `${held} prices`} held back: far from the product's own history, until the next days confirm ${held === 1 ? 'it' : 'them'}.`;
}

function partText(name: string, part: TaxRatePart | undefined): string {
  if (!part || part.rate === null) return `${name} unknown`;
  return `${name} ${part.rate}%${part.status === 'inferred' ? ' (inferred)' : ''}`;
}

/**
 * The taxes of an adult-use sale at the store: the state's, the local marijuana tax and the sales
 * tax at its address (medical sales pay the state's medical rate and no local marijuana tax).
 */
export function taxText(tax: DispensaryTax | undefined): string {
  return [
    `State ${STATE_MARIJUANA_TAX.rec}% (medical ${STATE_MARIJUANA_TAX.med}%)`,
    partText('local marijuana tax', tax?.localMarijuana),
    partText('sales tax', tax?.sales),
  ].join(', ');
}

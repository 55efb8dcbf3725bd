import { SchemaChangedError } from '../../errors';
import type { RegistryEntry } from '../../registry';
import { at, text } from '../shared/deal-fields';
import { distinctItems, geoPoint, payloadsOf } from '../shared/received';
import { pageJsonLd } from '../shared/script-json';
import { openingHoursSpecificationWeek } from '../shared/store-hours';
import { jsonLdTelephone } from '../shared/store-phone';
import type { ParseResult, Received } from '../types';
import { isSlug, readDispensarySlug } from './dispensary';
import { readMenuItem } from './menu-item';
import { menuPageOf } from './next-data';

/** What Leafly's payloads are: the menu, labelled `menu-page-<n>` page by page. */
export const MENU = 'menu';

/**
 * The dispensary's coordinates from `props.pageProps.dispensary`. Its field names are not in a
 * real capture (platforms.md 4 names only the object): `lat`/`lon` and `latitude`/`longitude`
 * are read, and anything else gives no location.
 */
function locationOf(dispensary: unknown) {
  return (
    geoPoint(at(dispensary, 'lat'), at(dispensary, 'lon')) ??
    geoPoint(at(dispensary, 'latitude'), at(dispensary, 'longitude'))
  );
}

/**
 * Leafly menu pages (their `__NEXT_DATA__`) as deals, with the price of every item in every size,
 * the dispensary's location, and its weekly hours from the page's schema.org JSON-LD
 * `openingHoursSpecification` when the first page carries it (Leafly's store pages do,
 * directories.md 4.2).
 */
export function parse(received: readonly Received[], entry: RegistryEntry): ParseResult {
  const payloads = payloadsOf(received, MENU);
  if (payloads.length === 0) throw new SchemaChangedError('No Leafly menu page to read');
  const pages = payloads.map(({ body }) => menuPageOf(body));
  // The page names its dispensary too, for a parse of recorded pages without a registry slug.
  const slug =
    readDispensarySlug(entry) ??
    pages.map(({ dispensary }) => text(at(dispensary, 'slug'))).find(isSlug);
  const items = distinctItems(
    pages.map(({ items }) => items),
    (item) => text(at(item, 'id')),
  );
  const read = items.map((item) => readMenuItem(item, slug));
  const deals = read.map(({ deal }) => deal).filter((deal) => deal !== undefined);
  const prices = read.flatMap(({ prices }) => prices);
  const location = pages.map(({ dispensary }) => locationOf(dispensary)).find(Boolean);
  const first = payloads[0]!.body;
  const jsonLd = typeof first === 'string' ? pageJsonLd(first) : undefined;
  const hours = jsonLd ? openingHoursSpecificationWeek(jsonLd) : undefined;
  const phone = jsonLd ? jsonLdTelephone(jsonLd) : undefined;
  return {
    deals,
    prices,
    ...(location ? { location } : {}),
    ...(hours !== undefined ? { hours } : {}),
    ...(phone !== undefined ? { phone } : {}),
  };
}

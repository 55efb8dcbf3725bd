import type { RegistryEntry } from '../../registry';
import { at, list } from '../shared/deal-fields';
import { geoPoint } from '../shared/received';
import { dayBoundsWeek, isMarketZone } from '../shared/store-hours';
import { recordPhone } from '../shared/store-phone';
import type { ParseResult, Received } from '../types';
import { assertUsable, dispensaryCName, dispensaryOf, payloadsOf } from './graphql';
import { productsMenu } from './products';
import { storeSpecials } from './store-specials';

/**
 * Dutchie payloads to deals: the products on special from every `products:*` page, then the
 * store's specials; the price of every product's every size; and the store's coordinates and
 * weekly hours and phone number from `ConsumerDispensaries`. Throws
 * `BlockedError` for a Cloudflare page, `SchemaChangedError` for a rotated hash or a changed
 * shape, and `NotFoundError` when Dutchie has no such store.
 */
export function parse(received: readonly Received[], entry: RegistryEntry): ParseResult {
  assertUsable(received);
  const cName = dispensaryCName(entry);
  const storePayload = payloadsOf(received, 'store')[0];
  const store = storePayload ? dispensaryOf(storePayload, cName) : undefined;
  const location = store ? locationOf(store) : undefined;
  const products = productsMenu(payloadsOf(received, 'products'), cName);
  const deals = [...products.deals, ...storeSpecials(received, cName)];
  const { prices } = products;
  return {
    deals,
    prices,
    ...(location ? { location } : {}),
    ...(store ? { hours: hoursOf(store), phone: recordPhone(at(store, 'phone')) } : {}),
  };
}

/**
 * The store's regular week of pickup hours (a real 2022 answer's `pickupHours`, the same in
 * `hoursSettings.inStorePickup.hours`), in the time zone it names. `effectiveHours` comes last:
 * it may hold this week's holiday hours (`specialHours`), which are no store's every week.
 */
function hoursOf(store: Record<string, unknown>) {
  if (!isMarketZone(at(store, 'timezone'))) return null;
  return (
    dayBoundsWeek(at(store, 'pickupHours')) ??
    dayBoundsWeek(at(store, 'hoursSettings', 'inStorePickup', 'hours')) ??
    dayBoundsWeek(at(store, 'effectiveHours', 'pickupHours'))
  );
}

/**
 * `location.geometry.coordinates` is GeoJSON order, [lng, lat] (research 1.2). A point at 0,0
 * is a store without coordinates, not one in the Gulf of Guinea.
 */
function locationOf(store: Record<string, unknown>) {
  const [lng, lat] = list(at(store, 'location', 'geometry', 'coordinates'));
  return geoPoint(lat, lng);
}

import type { GeoPoint, WeeklyHours } from '@stl-deals/domain';
import { at } from '../shared/deal-fields';
import { geoPoint } from '../shared/received';
import { isMarketZone, workingHoursWeek } from '../shared/store-hours';
import { recordPhone } from '../shared/store-phone';
import type { PlatformConfig, RequestPlan } from '../types';
import type { JaneStore } from './store';

/** The label of the store's own record, beside its product pages. */
export const STORE_RECORD = 'store-record';

const RECORD_PATH = /\/api\/v1\/stores\/\d{1,9}\/?(?:\?|$)/;

/**
 * The store's record, `GET /api/v1/stores/<id>` (directories.md 2.2, a real answer: `lat`, `long`,
 * `time_zone_identifier`, `working_hours`). Cloudflare blocks it at times, so it is optional:
 * the menu is read without it.
 */
export function storeRecordRequest(config: PlatformConfig, store: JaneStore): RequestPlan {
  return {
    label: STORE_RECORD,
    url: `${config.baseUrls.jane}/api/v1/stores/${store.id}`,
    accept: 'application/json',
    optional: true,
  };
}

export const isStoreRecord = (body: unknown): boolean =>
  typeof at(body, 'store') === 'object' &&
  at(body, 'store') !== null &&
  Array.isArray(at(body, 'store', 'working_hours'));

/** Whether a captured answer is a store's record. */
export const isStoreRecordResponse = (url: string, body: unknown): boolean =>
  RECORD_PATH.test(url) && isStoreRecord(body);

/** The store's facts in its record: its coordinates, its week and its phone (null: none stated). */
export function storeRecordFacts(body: unknown): {
  location?: GeoPoint;
  hours: WeeklyHours | null;
  phone: string | null;
} {
  const store = at(body, 'store');
  const location = geoPoint(at(store, 'lat'), at(store, 'long'));
  const hours = isMarketZone(at(store, 'time_zone_identifier'))
    ? workingHoursWeek(at(store, 'working_hours'))
    : null;
  const phone = recordPhone(at(store, 'phone'));
  return location ? { location, hours, phone } : { hours, phone };
}

import type { GeoPoint, WeeklyHours } from '@stl-deals/domain';
import { at } from '../shared/deal-fields';
import { geoPoint } from '../shared/received';
import { businessHoursWeek, isMarketZone } from '../shared/store-hours';
import { recordPhone } from '../shared/store-phone';
import type { PlatformConfig, RequestPlan } from '../types';

/** The label of the listing's own record, beside its menu pages. */
export const LISTING = 'listing';

const LISTING_PATH = /\/discovery\/v1\/listings\/dispensaries\/[a-z0-9-]{1,200}\/?(?:\?|$)/;

/**
 * The listing's record, `GET /discovery/v1/listings/dispensaries/<slug>` (directories.md 3.2: its
 * `data.listing` has the store's contact fields; Weedmaps' own example of a listing answer has
 * `business_hours`, `timezone`, `latitude` and `longitude`). Optional: the menu is read without it.
 */
export function listingRequest(config: PlatformConfig, slug: string): RequestPlan {
  return {
    label: LISTING,
    url: `${config.baseUrls.weedmaps}/discovery/v1/listings/dispensaries/${slug}`,
    accept: 'application/json',
    optional: true,
  };
}

/** Whether a captured answer is a listing's record. */
export function isListingResponse(url: string, body: unknown): boolean {
  return LISTING_PATH.test(url) && isListingRecord(body);
}

export const isListingRecord = (body: unknown): boolean =>
  typeof at(body, 'data', 'listing') === 'object' && at(body, 'data', 'listing') !== null;

/**
 * The store's facts in its listing record: its coordinates, its week and its `phone_number`
 * (null: none stated).
 */
export function listingFacts(body: unknown): {
  location?: GeoPoint;
  hours: WeeklyHours | null;
  phone: string | null;
} {
  const listing = at(body, 'data', 'listing');
  const location = geoPoint(at(listing, 'latitude'), at(listing, 'longitude'));
  const hours = isMarketZone(at(listing, 'timezone'))
    ? businessHoursWeek(at(listing, 'business_hours'))
    : null;
  const phone = recordPhone(at(listing, 'phone_number'));
  return location ? { location, hours, phone } : { hours, phone };
}

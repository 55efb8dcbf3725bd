import type { GeoPoint, Platform } from '@stl-deals/domain';
import { z } from 'zod';

/**
 * One store as a platform's directory lists it. Every field is the directory's word, already
 * checked for shape and bounded; `hasMenu` says whether the store's menu is read on that platform
 * (a broad directory such as Weedmaps also lists stores whose menu lives elsewhere).
 */
export interface DirectoryListing {
  platform: Platform;
  /** The id the platform's adapter reads the store by (cName, store number, slug). */
  platformId: string;
  name: string;
  street?: string;
  city?: string;
  /** Two-letter state code, whatever the directory wrote. */
  state?: string;
  zip?: string;
  location?: GeoPoint;
  website?: string;
  menuUrl?: string;
  hasMenu: boolean;
  /** Which directory call said so, e.g. 'jane directory (stores-production)'. */
  source: string;
}

/** Where and how far around to look. */
export interface DirectoryQuery {
  near: GeoPoint;
  radiusMiles: number;
}

const MAX_TEXT = 200;

/** Directory text: a string, trimmed, spaces collapsed, bounded; anything else is absent. */
export const ListingText = z
  .unknown()
  .transform((value) =>
    typeof value === 'string' ? value.replace(/\s+/g, ' ').trim().slice(0, MAX_TEXT) : '',
  )
  .transform((value) => value || undefined);

/** An id as directories send them: a number or a short token. */
export const ListingId = z.union([
  z.number().int().nonnegative().transform(String),
  z.string().regex(/^[A-Za-z0-9][A-Za-z0-9_-]{0,99}$/),
]);

/** An http(s) URL, else absent: a listing's links are hostile like any scraped text. */
export const ListingUrl = z.unknown().transform((value) => {
  if (typeof value !== 'string' || value.length > 2048 || !URL.canParse(value)) return undefined;
  const { protocol } = new URL(value);
  return protocol === 'http:' || protocol === 'https:' ? value : undefined;
});

export const Latitude = z.number().min(-90).max(90);
export const Longitude = z.number().min(-180).max(180);

export function pointOf(lat: unknown, lng: unknown): GeoPoint | undefined {
  const latitude = Latitude.safeParse(lat);
  const longitude = Longitude.safeParse(lng);
  if (!latitude.success || !longitude.success) return undefined;
  // 0,0 is a blank record, not a store in the Gulf of Guinea.
  if (latitude.data === 0 && longitude.data === 0) return undefined;
  return { lat: latitude.data, lng: longitude.data };
}

const STATE_CODES: Record<string, string> = {
  missouri: 'MO',
  illinois: 'IL',
  kansas: 'KS',
  arkansas: 'AR',
  iowa: 'IA',
  kentucky: 'KY',
  tennessee: 'TN',
  oklahoma: 'OK',
  nebraska: 'NE',
};

/** 'Missouri' and 'MO' alike as 'MO' (Jane and Sweed write names, Dutchie and Weedmaps codes). */
export function stateCode(state: string | undefined): string | undefined {
  if (!state) return undefined;
  if (/^[A-Za-z]{2}$/.test(state)) return state.toUpperCase();
  return STATE_CODES[state.toLowerCase()] ?? state;
}

/** A US ZIP's five digits, from '63108' or '63108-1234'. */
export function zipCode(value: unknown): string | undefined {
  const text = typeof value === 'number' ? String(value) : typeof value === 'string' ? value : '';
  return /^\s*(\d{5})(?:-\d{4})?\s*$/.exec(text)?.[1];
}

/** The ZIP at the end of a one-line address ('..., St. Louis, MO 63108'). */
export function zipInAddress(address: string | undefined): string | undefined {
  return address
    ? /\b(\d{5})(?:-\d{4})?\s*(?:,?\s*(?:USA|United States))?\s*$/.exec(address)?.[1]
    : undefined;
}

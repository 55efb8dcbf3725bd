import { IsoDateTime, PlatformSchema, type GeoPoint } from '@stl-deals/domain';
import type { ResolvedSource } from './repository';

/*
 * What every engine checks before writing, so that a caller's mistake is a clear error at the
 * call instead of a row that sorts wrong or a value the page cannot use. Timestamps are stored as
 * UTC `toISOString()` text, which sorts in time order.
 */

export function isoFromDate(date: Date, what: string): string {
  if (Number.isNaN(date.getTime())) throw new RangeError(`${what} is not a valid date`);
  return date.toISOString();
}

export function isoFromText(text: string, what: string): string {
  if (!IsoDateTime.safeParse(text).success) {
    throw new RangeError(`${what} must be an ISO 8601 date-time with an offset, got '${text}'`);
  }
  return new Date(text).toISOString();
}

export function checkCount(count: number, what: string): number {
  if (!Number.isSafeInteger(count) || count < 0) {
    throw new RangeError(`${what} must be a whole number of at least 0, got ${count}`);
  }
  return count;
}

/** `what` names the point in the error, e.g. "Location of dispensary 'grove'". */
export function checkLocation(location: GeoPoint, what: string): GeoPoint {
  const { lat, lng } = location;
  if (!(Math.abs(lat) <= 90 && Math.abs(lng) <= 180)) {
    throw new RangeError(`${what} is out of range: lat ${lat}, lng ${lng}`);
  }
  return { lat, lng };
}

/** A resolved source must name a known platform, be dated, and carry only http(s) URLs. */
export function checkResolvedSource(dispensaryKey: string, source: ResolvedSource): void {
  const what = `Resolved source of dispensary '${dispensaryKey}'`;
  if (!PlatformSchema.safeParse(source.platform).success) {
    throw new TypeError(`${what} names no known platform: ${String(source.platform)}`);
  }
  isoFromText(source.resolvedAt, `${what}: resolvedAt`);
  for (const url of [source.menuUrl, source.specialsUrl, source.website]) {
    if (url !== undefined && !/^https?:\/\//i.test(url)) {
      throw new TypeError(`${what} has a URL that is not http(s): ${url.slice(0, 100)}`);
    }
  }
}

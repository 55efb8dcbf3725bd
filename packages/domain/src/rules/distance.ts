import type { Dispensary } from '../contract/dispensary';
import type { DistanceRadius } from '../contract/options';

export interface GeoPoint {
  lat: number;
  lng: number;
}

/** The spec's Earth radius (section 9). */
export const EARTH_RADIUS_MILES = 3959;

/** Great-circle distance in miles by the haversine formula. */
export function haversineMiles(from: GeoPoint, to: GeoPoint): number {
  const rad = (deg: number) => (deg * Math.PI) / 180;
  const dLat = rad(to.lat - from.lat);
  const dLng = rad(to.lng - from.lng);
  const a =
    Math.sin(dLat / 2) ** 2 +
    Math.cos(rad(from.lat)) * Math.cos(rad(to.lat)) * Math.sin(dLng / 2) ** 2;
  return 2 * EARTH_RADIUS_MILES * Math.asin(Math.min(1, Math.sqrt(a)));
}

/** Miles from the visitor to a dispensary; Infinity when either location is unknown. */
export function distanceToDispensary(
  visitor: GeoPoint | null,
  dispensary: Pick<Dispensary, 'lat' | 'lng'> | undefined,
): number {
  const lat = dispensary?.lat;
  const lng = dispensary?.lng;
  if (!visitor || typeof lat !== 'number' || typeof lng !== 'number') return Infinity;
  return haversineMiles(visitor, { lat, lng });
}

/**
 * The distance filter (spec section 5): it applies only with a radius other than 'all' and a
 * known visitor location, and then keeps what lies within that many miles (an unknown dispensary
 * location is infinitely far, so it is left out).
 */
export function withinRadius(
  distanceMiles: number,
  radius: DistanceRadius,
  locationKnown: boolean,
): boolean {
  if (radius === 'all' || !locationKnown) return true;
  return distanceMiles <= Number(radius);
}

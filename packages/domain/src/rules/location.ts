import type { LocationSource } from '../contract/dispensary';
import type { GeoPoint } from './distance';

/** A dispensary's coordinates with where they came from. */
export interface DispensaryLocation extends GeoPoint {
  locationSource: LocationSource;
  /** Only the ZIP centroid is approximate: it can lie a few miles from the door. */
  approximate: boolean;
}

/** What is known of one dispensary's place, from each source that may know it. */
export interface LocationCandidates {
  registry?: Partial<GeoPoint> | null;
  platform?: GeoPoint | null;
  geocoder?: GeoPoint | null;
  zipCentroid?: GeoPoint | null;
}

const ORDER: readonly LocationSource[] = ['registry', 'platform', 'geocoder', 'zip-centroid'];

/**
 * The best-sourced coordinates: the registry's (researched, with their source), then the menu
 * platform's own store record, then the geocoded street address, then the ZIP's centroid; null
 * when none is known. A point that is not a finite latitude and longitude counts as none.
 */
export function chooseLocation(candidates: LocationCandidates): DispensaryLocation | null {
  const bySource: Record<LocationSource, Partial<GeoPoint> | null | undefined> = {
    registry: candidates.registry,
    platform: candidates.platform,
    geocoder: candidates.geocoder,
    'zip-centroid': candidates.zipCentroid,
  };
  for (const locationSource of ORDER) {
    const point = bySource[locationSource];
    if (isPoint(point)) {
      return {
        lat: point.lat,
        lng: point.lng,
        locationSource,
        approximate: locationSource === 'zip-centroid',
      };
    }
  }
  return null;
}

function isPoint(point: Partial<GeoPoint> | null | undefined): point is GeoPoint {
  return (
    point !== null &&
    point !== undefined &&
    typeof point.lat === 'number' &&
    typeof point.lng === 'number' &&
    Math.abs(point.lat) <= 90 &&
    Math.abs(point.lng) <= 180
  );
}

/** The five-digit ZIP at the end of a US street address ('…, MO 63108' or '…, MO 63108-1234'). */
export function zipOfAddress(address: string | undefined): string | null {
  const match = /\b(\d{5})(?:-\d{4})?\s*$/.exec(address ?? '');
  return match ? match[1]! : null;
}

import type { GeoPoint } from '@stl-deals/domain';
import { z } from 'zod';
import type { JsonClient } from '../transports/json-client';

/**
 * The US Census Bureau's one-line address geocoder: public, no key, US street addresses.
 * https://geocoding.geo.census.gov/geocoder/Geocoding_Services_API.html
 */
export const CENSUS_GEOCODER_URL =
  'https://geocoding.geo.census.gov/geocoder/locations/onelineaddress';

/** Finds a street address's coordinates; null when the service knows no such address. */
export interface Geocoder {
  locate(address: string, signal: AbortSignal): Promise<GeoPoint | null>;
  close(): void;
}

/** Only what is read of an answer; anything else in it may change freely. */
const CensusAnswerSchema = z.object({
  result: z.object({
    addressMatches: z.array(
      z.object({
        coordinates: z.object({
          x: z.number().min(-180).max(180),
          y: z.number().min(-90).max(90),
        }),
      }),
    ),
  }),
});

/** The request for one address: the current benchmark (address ranges), JSON. */
export function censusRequestUrl(baseUrl: string, address: string): string {
  const url = new URL(baseUrl);
  url.searchParams.set('address', address);
  url.searchParams.set('benchmark', 'Public_AR_Current');
  url.searchParams.set('format', 'json');
  return url.href;
}

/** The first match's point (x is the longitude), null for no match; throws on another shape. */
export function readCensusAnswer(answer: unknown): GeoPoint | null {
  const parsed = CensusAnswerSchema.safeParse(answer);
  if (!parsed.success) throw new Error(`Unexpected geocoder answer: ${parsed.error.message}`);
  const match = parsed.data.result.addressMatches[0];
  return match ? { lat: match.coordinates.y, lng: match.coordinates.x } : null;
}

export function createCensusGeocoder(client: JsonClient, baseUrl = CENSUS_GEOCODER_URL): Geocoder {
  return {
    async locate(address, signal) {
      return readCensusAnswer(await client.fetchJson(censusRequestUrl(baseUrl, address), signal));
    },
    close: () => client.close(),
  };
}

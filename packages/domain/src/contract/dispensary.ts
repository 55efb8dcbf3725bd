import { z } from 'zod';
import { LOCATION_SOURCES } from './constants';
import { LIMITS, PlatformSchema, ShortText } from './values';

const Latitude = z.number().min(-90).max(90);
const Longitude = z.number().min(-180).max(180);

/**
 * Where a dispensary's coordinates came from, best first: its registry entry (sourced research),
 * the menu platform's store record, a geocoder for its street address, its ZIP code's centroid.
 */
export const LocationSourceSchema = z.enum(LOCATION_SOURCES);
export type LocationSource = z.infer<typeof LocationSourceSchema>;

/**
 * A dispensary as `GET /api/scraper/dispensaries` sends it. `lat`/`lng` are null (or absent) while
 * its location is unknown; distance to it is then infinite.
 */
export const DispensarySchema = z.object({
  key: z.string().min(1).max(LIMITS.key),
  name: ShortText.min(1),
  lat: Latitude.nullable().optional(),
  lng: Longitude.nullable().optional(),
  locationSource: LocationSourceSchema.optional(),
  /** True when the coordinates only place the dispensary in its area (a ZIP centroid). */
  approximate: z.boolean().optional(),

  address: ShortText.optional(),
  website: z.string().max(LIMITS.url).optional(),
  platform: PlatformSchema.optional(),
  /**
   * Where the platform came from: the registry's research source, or the store's website as the
   * service read it ('store website (Jane embed of store 4536)') with when.
   */
  platformSource: ShortText.optional(),
});
export type Dispensary = z.infer<typeof DispensarySchema>;

export const DispensaryListSchema = z.array(DispensarySchema);

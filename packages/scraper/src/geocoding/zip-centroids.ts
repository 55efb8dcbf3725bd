import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import type { GeoPoint } from '@stl-deals/domain';
import { z } from 'zod';

/** The bundled table: Census ZCTA points of the St. Louis metro (see registry/README.md). */
export const BUNDLED_ZIP_CENTROIDS_PATH = fileURLToPath(
  new URL('../../registry/zip-centroids.json', import.meta.url),
);

const ZipCentroidsSchema = z.strictObject({
  source: z.string().min(1),
  centroids: z.record(
    z.string().regex(/^\d{5}$/),
    z.tuple([z.number().min(-90).max(90), z.number().min(-180).max(180)]),
  ),
});

/**
 * ZIP code -> the centroid of its ZIP Code Tabulation Area: the last resort for a dispensary's
 * place, good to a few miles, so always shown as approximate.
 */
export function loadZipCentroids(path = BUNDLED_ZIP_CENTROIDS_PATH): ReadonlyMap<string, GeoPoint> {
  const table = ZipCentroidsSchema.parse(JSON.parse(readFileSync(path, 'utf8')));
  return new Map(Object.entries(table.centroids).map(([zip, [lat, lng]]) => [zip, { lat, lng }]));
}

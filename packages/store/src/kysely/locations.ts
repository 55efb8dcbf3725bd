import type { GeoPoint } from '@stl-deals/domain';
import type { Kysely } from 'kysely';
import type { StoreDatabase } from './database';

export async function upsertLocation(
  db: Kysely<StoreDatabase>,
  dispensaryKey: string,
  location: GeoPoint,
  foundAt: string,
): Promise<void> {
  await db
    .insertInto('dispensary_locations')
    .values({
      dispensary_key: dispensaryKey,
      lat: location.lat,
      lng: location.lng,
      found_at: foundAt,
    })
    .onConflict((oc) =>
      oc.column('dispensary_key').doUpdateSet((eb) => ({
        lat: eb.ref('excluded.lat'),
        lng: eb.ref('excluded.lng'),
        found_at: eb.ref('excluded.found_at'),
      })),
    )
    .execute();
}

export async function readLocations(db: Kysely<StoreDatabase>): Promise<Map<string, GeoPoint>> {
  const rows = await db
    .selectFrom('dispensary_locations')
    .select(['dispensary_key', 'lat', 'lng'])
    .orderBy('dispensary_key')
    .execute();
  return new Map(rows.map((row) => [row.dispensary_key, { lat: row.lat, lng: row.lng }]));
}

export async function upsertGeocodedAddress(
  db: Kysely<StoreDatabase>,
  address: string,
  location: GeoPoint | null,
  geocodedAt: string,
): Promise<void> {
  await db
    .insertInto('geocoded_addresses')
    .values({
      address,
      lat: location?.lat ?? null,
      lng: location?.lng ?? null,
      geocoded_at: geocodedAt,
    })
    .onConflict((oc) =>
      oc.column('address').doUpdateSet((eb) => ({
        lat: eb.ref('excluded.lat'),
        lng: eb.ref('excluded.lng'),
        geocoded_at: eb.ref('excluded.geocoded_at'),
      })),
    )
    .execute();
}

export async function readGeocodedAddresses(
  db: Kysely<StoreDatabase>,
): Promise<Map<string, GeoPoint | null>> {
  const rows = await db
    .selectFrom('geocoded_addresses')
    .select(['address', 'lat', 'lng'])
    .orderBy('address')
    .execute();
  return new Map(
    rows.map((row) => [
      row.address,
      row.lat === null || row.lng === null ? null : { lat: row.lat, lng: row.lng },
    ]),
  );
}

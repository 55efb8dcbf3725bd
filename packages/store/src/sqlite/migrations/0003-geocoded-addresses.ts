import { sql, type Kysely, type Migration } from 'kysely';

/**
 * What the geocoder answered per street address, a miss (null coordinates) included, so that each
 * address is asked once however often the service starts.
 */
export const geocodedAddresses: Migration = {
  async up(db: Kysely<unknown>): Promise<void> {
    await db.schema
      .createTable('geocoded_addresses')
      .addColumn('address', 'text', (col) => col.primaryKey())
      .addColumn('lat', 'real')
      .addColumn('lng', 'real')
      .addColumn('geocoded_at', 'text', (col) => col.notNull())
      .modifyEnd(sql`strict`)
      .execute();
  },
};

import { usPhoneNumber } from '@stl-deals/domain';
import type { Kysely } from 'kysely';
import type { StoreDatabase } from './database';

/** The dispensary's platform-stated phone number (E.164), or none (null deletes what was kept). */
export async function writeDispensaryPhone(
  db: Kysely<StoreDatabase>,
  dispensaryKey: string,
  phone: string | null,
  foundAt: string,
): Promise<void> {
  if (phone === null) {
    await db.deleteFrom('dispensary_phones').where('dispensary_key', '=', dispensaryKey).execute();
    return;
  }
  const row = { phone, found_at: foundAt };
  await db
    .insertInto('dispensary_phones')
    .values({ dispensary_key: dispensaryKey, ...row })
    .onConflict((oc) => oc.column('dispensary_key').doUpdateSet(row))
    .execute();
}

export async function readDispensaryPhones(
  db: Kysely<StoreDatabase>,
  dispensaryKey?: string,
): Promise<Map<string, string>> {
  let query = db
    .selectFrom('dispensary_phones')
    .select(['dispensary_key', 'phone'])
    .orderBy('dispensary_key');
  if (dispensaryKey !== undefined) query = query.where('dispensary_key', '=', dispensaryKey);
  const phones = new Map<string, string>();
  for (const row of await query.execute()) {
    // A number this build would not accept (its rules grew stricter) is forgotten, not served.
    if (isE164(row.phone)) phones.set(row.dispensary_key, row.phone);
  }
  return phones;
}

/** Whether a number is a US number written as E.164, '+13145550123', as the store keeps it. */
export function isE164(phone: string): boolean {
  return usPhoneNumber(phone)?.href === `tel:${phone}`;
}

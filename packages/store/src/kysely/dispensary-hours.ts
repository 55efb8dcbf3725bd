import { isNormalWeek, type WeeklyHours } from '@stl-deals/domain';
import type { Kysely } from 'kysely';
import type { StoreDatabase } from './database';

/** The dispensary's platform-stated week, or none (null deletes what was kept). */
export async function writeDispensaryHours(
  db: Kysely<StoreDatabase>,
  dispensaryKey: string,
  week: WeeklyHours | null,
  foundAt: string,
): Promise<void> {
  if (week === null) {
    await db.deleteFrom('dispensary_hours').where('dispensary_key', '=', dispensaryKey).execute();
    return;
  }
  const row = { week: JSON.stringify(week), found_at: foundAt };
  await db
    .insertInto('dispensary_hours')
    .values({ dispensary_key: dispensaryKey, ...row })
    .onConflict((oc) => oc.column('dispensary_key').doUpdateSet(row))
    .execute();
}

export async function readDispensaryHours(
  db: Kysely<StoreDatabase>,
  dispensaryKey?: string,
): Promise<Map<string, WeeklyHours>> {
  let query = db
    .selectFrom('dispensary_hours')
    .select(['dispensary_key', 'week'])
    .orderBy('dispensary_key');
  if (dispensaryKey !== undefined) query = query.where('dispensary_key', '=', dispensaryKey);
  const weeks = new Map<string, WeeklyHours>();
  for (const row of await query.execute()) {
    // A week this build would not accept (its rules grew stricter) is forgotten, not served.
    const week = parsedWeek(row.week);
    if (week) weeks.set(row.dispensary_key, week);
  }
  return weeks;
}

function parsedWeek(text: string): WeeklyHours | undefined {
  try {
    const week = JSON.parse(text) as unknown;
    return isNormalWeek(week) ? week : undefined;
  } catch {
    return undefined;
  }
}

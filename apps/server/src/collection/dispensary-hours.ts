import { storePhone, type StorePhone, type StoreHours, type WeeklyHours } from '@stl-deals/domain';
import type { RegistryEntry } from '@stl-deals/scraper';

/**
 * A dispensary's hours as the API sends them: the week its platform's store record last stated,
 * else its registry entry's, with where they came from; undefined when neither states any (the
 * page then says nothing rather than guess).
 */
export function dispensaryHours(
  entry: Pick<RegistryEntry, 'hours'>,
  platformHours: WeeklyHours | null,
): StoreHours | undefined {
  if (platformHours) return { source: 'platform', week: platformHours };
  if (entry.hours) return { source: 'registry', week: entry.hours };
  return undefined;
}

/**
 * A dispensary's phone number as the API sends it, as its hours: its platform's store record's
 * last stated number, else its registry entry's, with where it came from; undefined when neither
 * states a valid US number.
 */
export function dispensaryPhone(
  entry: Pick<RegistryEntry, 'phone'>,
  platformPhone: string | null,
): StorePhone | undefined {
  return (
    (platformPhone === null ? undefined : storePhone(platformPhone, 'platform')) ??
    storePhone(entry.phone, 'registry')
  );
}

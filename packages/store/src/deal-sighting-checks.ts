import { LIMITS } from '@stl-deals/domain';
import { isoFromDate } from './input-checks';
import type { SightingRow } from './kysely/snapshots';
import { checkMoney } from './price-observation-checks';
import type { DealSighting } from './repository';

/**
 * Checks every sighting of one dispensary's `recordSightings` call and keeps one row per key:
 * the earliest first sighting, the latest last one and its sale price (one statement must not
 * upsert a row twice: PostgreSQL refuses it).
 */
export function checkSightings(
  dispensaryKey: string,
  sightings: readonly DealSighting[],
): SightingRow[] {
  const kept = new Map<string, SightingRow>();
  sightings.forEach((sighting, index) => {
    const what = `Deal sighting ${index} of dispensary '${dispensaryKey}'`;
    const key: unknown = sighting.dealKey;
    if (typeof key !== 'string' || key.length === 0 || key.length > LIMITS.key) {
      throw new RangeError(`${what}: dealKey must be 1 to ${LIMITS.key} characters`);
    }
    const firstSeenAt = isoFromDate(sighting.firstSeenAt, `${what}: firstSeenAt`);
    const lastSeenAt = isoFromDate(sighting.lastSeenAt, `${what}: lastSeenAt`);
    if (lastSeenAt < firstSeenAt) {
      throw new RangeError(
        `${what}: lastSeenAt ${lastSeenAt} is before firstSeenAt ${firstSeenAt}`,
      );
    }
    const salePrice =
      sighting.salePrice === null ? null : checkMoney(sighting.salePrice, `${what}: salePrice`);
    const row = { key, firstSeenAt, lastSeenAt, salePrice };
    const before = kept.get(key);
    if (!before) {
      kept.set(key, row);
      return;
    }
    const later = lastSeenAt >= before.lastSeenAt ? row : before;
    kept.set(key, {
      key,
      firstSeenAt: firstSeenAt < before.firstSeenAt ? firstSeenAt : before.firstSeenAt,
      lastSeenAt: later.lastSeenAt,
      salePrice: later.salePrice,
    });
  });
  return [...kept.values()];
}

import type { GeoPoint, WeeklyHours } from '@stl-deals/domain';
import type { RegistryEntry } from '@stl-deals/scraper';
import type { DealsRepository, ResolvedSource, SourceHistory } from '@stl-deals/store';
import { trackSource, type HasMenuSource, type TrackedSource } from './tracked-source';

/** What the store kept of every dispensary, read when the collection opens, by dispensary key. */
export interface KeptOfSources {
  histories: readonly SourceHistory[];
  resolved: ReadonlyMap<string, ResolvedSource>;
  /** Where each one's platform's store lookup placed it. */
  locations: ReadonlyMap<string, GeoPoint>;
  /** The weekly hours each one's platform last stated. */
  hours: ReadonlyMap<string, WeeklyHours>;
  /** The phone number (E.164) each one's platform last stated. */
  phones: ReadonlyMap<string, string>;
  /** Street addresses geocoded so far, each to its point or null (none found). */
  geocoded: Map<string, GeoPoint | null>;
}

export async function loadKeptOfSources(
  repository: Pick<
    DealsRepository,
    | 'sourceHistories'
    | 'loadDispensaryLocations'
    | 'loadDispensaryHours'
    | 'loadDispensaryPhones'
    | 'loadGeocodedAddresses'
    | 'loadResolvedSources'
  >,
): Promise<KeptOfSources> {
  const [histories, locations, hours, phones, geocoded, resolved] = await Promise.all([
    repository.sourceHistories(),
    repository.loadDispensaryLocations(),
    repository.loadDispensaryHours(),
    repository.loadDispensaryPhones(),
    repository.loadGeocodedAddresses(),
    repository.loadResolvedSources(),
  ]);
  return { histories, resolved, locations, hours, phones, geocoded };
}

/** The registry's dispensaries as the collection starts tracking them, in the registry's order. */
export function trackSources(
  entries: readonly RegistryEntry[],
  kept: KeptOfSources,
  hasMenuSource: HasMenuSource,
): TrackedSource[] {
  const historyOf = new Map(kept.histories.map((history) => [history.dispensaryKey, history]));
  return entries.map((registered) =>
    trackSource(
      registered,
      {
        history: historyOf.get(registered.key),
        resolved: kept.resolved.get(registered.key),
        location: kept.locations.get(registered.key),
        hours: kept.hours.get(registered.key),
        phone: kept.phones.get(registered.key),
      },
      hasMenuSource,
    ),
  );
}

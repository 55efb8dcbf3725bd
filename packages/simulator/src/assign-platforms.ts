import type { Platform } from '@stl-deals/domain';
import type { Registry, RegistryEntry } from '@stl-deals/scraper';
import { SIMULATED_PLATFORM_NAMES } from './platforms';

/**
 * The registry with every dispensary on a platform the simulator serves: a dispensary keeps its
 * platform when it has a menu source there (a platform id or a menu or specials URL) and the
 * simulator has that platform; any other gets the platform with the fewest dispensaries so far
 * (ties in the contract's order), so every simulated platform is exercised. Pure.
 */
export function assignPlatforms(
  registry: Registry,
  platforms: readonly Platform[] = SIMULATED_PLATFORM_NAMES,
): Registry {
  const keeps = (entry: RegistryEntry) => platforms.includes(entry.platform) && hasSource(entry);
  const counts = new Map(platforms.map((platform) => [platform, 0]));
  for (const entry of registry.dispensaries.filter(keeps)) {
    counts.set(entry.platform, (counts.get(entry.platform) ?? 0) + 1);
  }
  const dispensaries = registry.dispensaries.map((entry) => {
    if (keeps(entry)) return entry;
    const platform = leastUsed(platforms, counts);
    counts.set(platform, (counts.get(platform) ?? 0) + 1);
    return { ...entry, platform };
  });
  return { dispensaries };
}

const hasSource = (entry: RegistryEntry) =>
  Boolean(entry.platformId ?? entry.menuUrl ?? entry.specialsUrl);

function leastUsed(
  platforms: readonly Platform[],
  counts: ReadonlyMap<Platform, number>,
): Platform {
  const [first, ...rest] = platforms;
  if (first === undefined) throw new RangeError('No platform to assign');
  return rest.reduce(
    (best, platform) => ((counts.get(platform) ?? 0) < (counts.get(best) ?? 0) ? platform : best),
    first,
  );
}

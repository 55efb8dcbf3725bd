import {
  parseRegistry,
  type PlatformConfig,
  type PlatformConfigOverride,
  type Registry,
} from '@stl-deals/scraper';
import { SIMULATED_PLATFORMS } from '../platforms';
import type { StoreDirectory } from '../stores';
import { websitePath } from './website';
import { parenthesizedPhone } from '../platforms/phone-forms';

/** The registry, once every dispensary is known to be on a platform the simulator answers for. */
export function requireSimulated(registry: Registry): Registry {
  for (const entry of registry.dispensaries) {
    if (!SIMULATED_PLATFORMS[entry.platform]) {
      throw new Error(
        `The simulator has no '${entry.platform}' platform (dispensary '${entry.key}'): assign it one with assignPlatforms`,
      );
    }
  }
  return registry;
}

/**
 * The registry with each dispensary's platform ids and URLs pointing at the simulator, and, where
 * its platform states no hours, the store's week as a registry entry carries one (see
 * menu/hours.ts), so that every simulated store has hours; and its phone number likewise.
 */
export function addressedRegistry(
  registry: Registry,
  stores: StoreDirectory,
  base: string,
): Registry {
  const dispensaries = registry.dispensaries.map((entry) => {
    const { platformId: _id, menuUrl: _menu, specialsUrl: _specials, ...rest } = entry;
    const store = stores.byKey(entry.key);
    const platform = SIMULATED_PLATFORMS[entry.platform];
    return {
      ...(store && !platform?.statesHours ? { hours: store.hours } : {}),
      ...(store && !platform?.statesPhone ? { phone: parenthesizedPhone(store.phone) } : {}),
      ...rest,
      // The store's own site is the simulator's too: nothing in demo mode reaches a real one.
      website: `${base}${websitePath(entry.key)}`,
      ...(store && platform?.address(store, base)),
    };
  });
  // The platforms' addresses must make a registry the service accepts: checked here, not there.
  return parseRegistry({ dispensaries }, 'simulated registry');
}

/**
 * What a PLATFORMS_CONFIG file for this simulator says: every platform's base URL here, and the
 * hashes it knows. Merged like an operator's file (`mergePlatformConfig`), so demo mode and the
 * tests use the mechanism production does.
 */
export function platformOverrideAt(
  base: string,
  dutchieHashes: PlatformConfig['dutchieHashes'],
): PlatformConfigOverride {
  return {
    baseUrls: {
      dutchie: base,
      janeAlgolia: base,
      jane: base,
      weedmaps: base,
      leafly: base,
      leaflyFinder: base,
      dispense: base,
    },
    // The deals' deep links lead to the simulator's pages for them.
    siteUrls: { dutchie: base, jane: base, weedmaps: base, leafly: base },
    dutchieHashes,
    // Blank, so the scraper reads the key from the store page as it must in production.
    janeAlgolia: { apiKey: '' },
  };
}

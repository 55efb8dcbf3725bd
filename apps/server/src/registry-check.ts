import { ALL_DISPENSARIES } from '@stl-deals/domain';
import { RegistryError, type Registry } from '@stl-deals/scraper';

/** Keys the API itself uses where a dispensary key goes: `?dispensary=all`, `refresh/all`. */
const RESERVED_KEYS: ReadonlySet<string> = new Set([ALL_DISPENSARIES.key]);

/**
 * Refuses, at start, a registry the API could not serve whole: a dispensary keyed `all` would be
 * shadowed by the every-dispensary shortcut of the deals call and by `refresh/all`. The scraper's
 * registry schema allows the key, since only the service gives it a meaning.
 */
export function checkServedRegistry(registry: Registry): Registry {
  registry.dispensaries.forEach(({ key }, index) => {
    if (RESERVED_KEYS.has(key)) {
      throw new RegistryError(
        `Invalid registry:\n  entry ${index} (key '${key}'), field 'key': '${key}' is reserved ` +
          `by the API (every dispensary at once); choose another key`,
      );
    }
  });
  return registry;
}

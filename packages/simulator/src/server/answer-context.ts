import { DEFAULT_PLATFORM_CONFIG, type PlatformConfig } from '@stl-deals/scraper';
import { generateMenu } from '../menu/generate';
import { menuDayNumber } from '../menu/menu-day';
import type { Menu } from '../menu/model';
import type { AnswerContext } from '../platforms/types';
import { hexId } from '../random';
import type { SimStore } from '../stores';
import { withLocalImages } from './product-images';

export interface ContextOptions {
  seed: string | number;
  now: () => Date;
  dutchieHashes: PlatformConfig['dutchieHashes'];
  /** The simulator's origin, known once it listens. */
  base: () => string;
}

/** A stable secret of a seed: the same simulator hands out the same keys and cookies. */
export const seededSecret = (seed: string | number) => (name: string) =>
  hexId(64, 'secret', seed, name);

/** The hashes a simulator's Dutchie knows unless told others: the scraper's, and its own search. */
export function defaultDutchieHashes(seed: string | number): PlatformConfig['dutchieHashes'] {
  return {
    ...DEFAULT_PLATFORM_CONFIG.dutchieHashes,
    // No default is published for the directory's query: this Dutchie has one of its own.
    DispensarySearch: seededSecret(seed)('dutchie-dispensary-search'),
  };
}

/**
 * What every answer may need, for one request: menus (made once per store and day), the
 * simulator's secrets, and the hashes Dutchie knows (other ones when they `rotated`). The menus
 * are those of the clock's day, or of the day `at` falls on when given.
 */
export function answerContexts(
  options: ContextOptions,
): (rotated: boolean, at?: Date) => AnswerContext {
  const menus = menuCache(options.seed, options.base);
  const rotated = rotate(options.dutchieHashes);
  const secret = seededSecret(options.seed);
  return (isRotated, at) => ({
    base: options.base(),
    menuOf: (store) => menus(store, at ?? options.now()),
    dutchieHashes: isRotated ? rotated : options.dutchieHashes,
    secret,
  });
}

/**
 * Menus kept: a few days of every store of a large registry. A store's menu is read by several
 * requests in a row (pages, specials), and a history read goes day by day, so the menus made
 * longest ago are the ones to drop.
 */
const MENUS_KEPT = 512;

/**
 * Menus made once per store and day (in St. Louis, when the menus move): the same all day, with
 * product photos served by this simulator.
 */
function menuCache(seed: string | number, base: () => string): (store: SimStore, at: Date) => Menu {
  const cache = new Map<string, Menu>();
  return (store, at) => {
    const key = `${store.key}|${menuDayNumber(at)}`;
    let menu = cache.get(key);
    if (!menu) {
      menu = withLocalImages(generateMenu({ seed, store: store.menuStore, now: at }), base());
      // Insertion order is age: the first key is the menu made longest ago.
      if (cache.size >= MENUS_KEPT) cache.delete(cache.keys().next().value!);
      cache.set(key, menu);
    }
    return menu;
  };
}

/** The hashes after Dutchie shipped a new client bundle: none of the old ones is known. */
function rotate(hashes: PlatformConfig['dutchieHashes']): PlatformConfig['dutchieHashes'] {
  const rotated = Object.entries(hashes).map(([name, hash]) => [name, hexId(64, 'rotated', hash)]);
  return Object.fromEntries(rotated) as PlatformConfig['dutchieHashes'];
}

import type { PlatformConfig } from '@stl-deals/scraper';
import { generateMenu } from '../menu/generate';
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

/**
 * What every answer may need, for one request: menus (made once per store and day), the
 * simulator's secrets, and the hashes Dutchie knows (other ones when they `rotated`).
 */
export function answerContexts(options: ContextOptions): (rotated: boolean) => AnswerContext {
  const menuOf = menuCache(options.seed, options.now, options.base);
  const rotated = rotate(options.dutchieHashes);
  const secret = seededSecret(options.seed);
  return (isRotated) => ({
    base: options.base(),
    menuOf,
    dutchieHashes: isRotated ? rotated : options.dutchieHashes,
    secret,
  });
}

/**
 * Menus made once per store and day: the same all day, with end dates that move with the days,
 * and product photos served by this simulator.
 */
function menuCache(
  seed: string | number,
  now: () => Date,
  base: () => string,
): (store: SimStore) => Menu {
  const cache = new Map<string, Menu>();
  return (store) => {
    const today = now();
    const key = `${store.key}|${today.toISOString().slice(0, 10)}`;
    let menu = cache.get(key);
    if (!menu) {
      menu = withLocalImages(generateMenu({ seed, store: store.menuStore, now: today }), base());
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

import type { Menu, MenuStore } from './model';
import { menuDayNumber } from './menu-day';
import { runSpecials } from './promotions';
import { shelfOn } from './shelf';

export interface MenuRequest {
  seed: string | number;
  store: MenuStore;
  /** The menu of the day this falls on in St. Louis; end dates are set from that day. */
  now: Date;
}

/**
 * The menu of one store: pure, and the same for the same seed, store key and day (in St. Louis).
 * It moves day by day: shelf prices change now and then, products come and go, specials start
 * and end (see shelf.ts and promotions.ts). About a third of the products carry a special; the
 * rest are ordinary items an adapter must leave out.
 */
export function generateMenu({ seed, store, now }: MenuRequest): Menu {
  const day = menuDayNumber(now);
  const shelf = shelfOn(seed, store.key, day);
  const specials = runSpecials(seed, store.key, day, shelf.products, shelf.lasting);
  return { store, products: shelf.products, specials };
}

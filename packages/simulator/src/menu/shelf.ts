import { hashUnit, seededRandom, type Random } from '../random';
import type { Product } from './model';
import { makeListing, makeListings, nameOf, pricedAt, type Listing } from './products';

/** Products on a menu, at least and at most; above 50 Dutchie needs a second page. */
const PRODUCTS = [36, 80] as const;
/**
 * The share of a menu's lines whose product is replaced now and then: a strain sells out and
 * another comes in. The newcomer has been seen only since its first day, so the first week its
 * price history is too short to judge (price memory's 'unknown').
 */
const ROTATING_SHARE = 0.2;
/** How long a rotating line keeps one product, in days, at least and at most. */
const ROTATION_DAYS = [20, 45] as const;
/** How long a product keeps one shelf price, in days, at least and at most. */
const PRICE_SPELL_DAYS = [14, 35] as const;
/**
 * The chance that a spell prices the product off its usual level, and how far at most (a share
 * of its line's price range): stores reprice now and then, and come back.
 */
const PRICE_MOVE_CHANCE = 0.35;
const PRICE_MOVE_LEVEL = 0.35;
/** How many times a newcomer is drawn again when it names a product the store already has. */
const NEWCOMER_TRIES = 8;

/** What a store has on its shelf on one day, priced, no special on anything yet. */
export interface Shelf {
  /** Every product of the day: the lasting ones first, in the same order every day. */
  products: Product[];
  /** The products the store always carries (the first ones of `products`). */
  lasting: Product[];
  /** Per product id, the first day of its run on the menu when it is a newcomer. */
  arrivedOn: ReadonlyMap<string, number>;
}

/**
 * The shelf of `storeKey` on the day numbered `day`: pure, the same for the same seed, store and
 * day. Most products stay for good at prices that move a little from spell to spell; a fifth of
 * the lines bring in a new product every few weeks.
 */
export function shelfOn(seed: string | number, storeKey: string, day: number): Shelf {
  const catalog = catalogOf(seed, storeKey);
  const names = new Set(catalog.names);
  const newcomers: Array<{ listing: Listing; arrivedOn: number }> = [];
  catalog.lines.forEach((line, index) => {
    const cycle = Math.floor((day + line.phase) / line.days);
    for (let attempt = 0; attempt < NEWCOMER_TRIES; attempt++) {
      const listing = catalog.newcomer(index, cycle, attempt);
      if (names.has(nameOf(listing))) continue;
      names.add(nameOf(listing));
      newcomers.push({ listing, arrivedOn: cycle * line.days - line.phase });
      return;
    }
    // A line whose every draw names a product already there stays empty that cycle.
  });

  const price = (listing: Listing) => pricedAt(listing, levelOn(listing, day, catalog.priceSalt));
  const lasting = catalog.lasting.map(price);
  return {
    products: [...lasting, ...newcomers.map(({ listing }) => price(listing))],
    lasting,
    arrivedOn: new Map(newcomers.map(({ listing, arrivedOn }) => [listing.product.id, arrivedOn])),
  };
}

/** What a store carries apart from the day: the same for the same seed and store. */
interface Catalog {
  lasting: readonly Listing[];
  names: ReadonlySet<string>;
  /** The rotating lines: how many days each keeps a product, and where its cycle starts. */
  lines: ReadonlyArray<{ days: number; phase: number }>;
  /** The product a rotating line brings in for a cycle, at the attempt-th draw. */
  newcomer(line: number, cycle: number, attempt: number): Listing;
  priceSalt: number;
}

/**
 * Catalogs made lately: a menu is made per store and day, and making a store's catalog again
 * (its hashes) would be most of the work. Bounded, as any seed and store may be asked for.
 */
const catalogs = new Map<string, Catalog>();
const CATALOGS_KEPT = 200;

function catalogOf(seed: string | number, storeKey: string): Catalog {
  const cacheKey = JSON.stringify([seed, storeKey]);
  const known = catalogs.get(cacheKey);
  if (known) return known;
  const random = seededRandom(seed, storeKey);
  const count = random.int(...PRODUCTS);
  const rotating = Math.round(count * ROTATING_SHARE);
  const lasting = makeListings(random, storeKey, count - rotating);
  const lines = Array.from({ length: rotating }, () => {
    const days = random.int(...ROTATION_DAYS);
    return { days, phase: random.int(0, days - 1) };
  });
  const draws = new Map<string, { random: Random; listings: Listing[] }>();
  const catalog: Catalog = {
    lasting,
    names: new Set(lasting.map(nameOf)),
    lines,
    newcomer(line, cycle, attempt) {
      const drawKey = `${line}|${cycle}`;
      let drawn = draws.get(drawKey);
      if (!drawn) {
        drawn = { random: seededRandom(seed, storeKey, 'line', line, cycle), listings: [] };
        draws.set(drawKey, drawn);
      }
      while (drawn.listings.length <= attempt) {
        const ids = ['line', line, cycle, drawn.listings.length];
        drawn.listings.push(makeListing(drawn.random, storeKey, ids));
      }
      return drawn.listings[attempt]!;
    },
    priceSalt: seededRandom(seed, storeKey, 'prices').int(0, 0x7fffffff),
  };
  if (catalogs.size >= CATALOGS_KEPT) catalogs.clear();
  catalogs.set(cacheKey, catalog);
  return catalog;
}
/** Where the product's shelf price sits on `day`: its own level, or moved for the spell. */
function levelOn(listing: Listing, day: number, salt: number): number {
  const { number } = listing.product;
  const [shortest, longest] = PRICE_SPELL_DAYS;
  const days = shortest + Math.floor(hashUnit(salt, number, 1) * (longest - shortest + 1));
  const phase = Math.floor(hashUnit(salt, number, 2) * days);
  const spell = Math.floor((day + phase) / days);
  if (hashUnit(salt, number, 3, spell) >= PRICE_MOVE_CHANCE) return listing.level;
  const move = (hashUnit(salt, number, 4, spell) * 2 - 1) * PRICE_MOVE_LEVEL;
  return listing.level + move;
}

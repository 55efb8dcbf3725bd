import { addDays, priceMemory, priceMemoryCard, type PriceObservation } from '@stl-deals/domain';
import { loadRegistry } from '@stl-deals/scraper';
import { beforeAll, describe, expect, it } from 'vitest';
import { generateMenu, type MenuStore } from '../src';

/*
 * The menus move day by day, deterministic per seed: these tests read them as the service's price
 * memory would (one observation per product, size and St. Louis day) and check that every case
 * of the page's price memory line shows up across the bundled 39 stores.
 */

const SEED = 'menu-days-test';
/** The last day read; the first is DAYS - 1 days before it. */
const LAST_DAY = '2026-11-27';
/** 60 days of history before the first day judged, and a month more to judge on another day. */
const DAYS = 91;
const JUDGED_DAYS = [addDays(LAST_DAY, -30), LAST_DAY];

/** Noon in St. Louis on `day` (18:00 UTC in winter, 17:00 in summer: both that day). */
const noonOf = (day: string) => new Date(`${day}T18:00:00Z`);
const menuOn = (store: MenuStore, day: string, seed: string | number = SEED) =>
  generateMenu({ seed, store, now: noonOf(day) });

/** One product size of one store, as the price memory keys it. */
const sizeKey = (store: string, productId: string, size: string) => `${store}|${productId}|${size}`;

interface Sighting extends PriceObservation {
  /** The regular price the menu shows (the 'was' of a sale). */
  claimed: number;
}

/** Every store's menus of every day read, as sightings per product size, in day order. */
const sightings = new Map<string, Sighting[]>();
let stores: MenuStore[] = [];
const days = Array.from({ length: DAYS }, (_, index) => addDays(LAST_DAY, index - DAYS + 1));

beforeAll(async () => {
  const registry = await loadRegistry();
  stores = registry.dispensaries.map(({ key, name }) => ({ key, name }));
  for (const store of stores) {
    for (const day of days) {
      for (const product of menuOn(store, day).products) {
        for (const size of product.sizes) {
          const key = sizeKey(store.key, product.id, size.label);
          const list = sightings.get(key) ?? [];
          sightings.set(key, list);
          list.push({
            day,
            salePrice: size.sale ?? null,
            regularPrice: size.price,
            claimed: size.price,
            onDeal: product.specialId !== undefined,
          });
        }
      }
    }
  }
}, 60_000);

/**
 * The price memory line of every product size on a deal on `today`, by kind ('unknown' too), and
 * how many claim a regular price the history finds inflated (the card then shows 'Usual $X').
 */
function linesOn(today: string): Map<string, number> {
  const kinds = new Map<string, number>();
  for (const list of sightings.values()) {
    const now = list.find((sighting) => sighting.day === today);
    if (!now?.onDeal) continue;
    const memory = priceMemory(
      list.filter((sighting) => sighting.day < today),
      { day: today, price: now.salePrice ?? now.claimed, claimedRegularPrice: now.claimed },
    );
    const kind =
      memory.discountCheck === 'unknown' ? 'unknown' : (priceMemoryCard(memory)?.kind ?? 'none');
    kinds.set(kind, (kinds.get(kind) ?? 0) + 1);
    if (memory.discountCheck === 'inflated')
      kinds.set('inflated', (kinds.get('inflated') ?? 0) + 1);
  }
  return kinds;
}

describe('the menus day by day', () => {
  it('are the same for the same seed, store and St. Louis day, and move with the day', () => {
    const store = { key: 'soulard', name: 'Soulard' };
    expect(menuOn(store, '2026-11-20')).toEqual(menuOn(store, '2026-11-20'));
    // 00:30 and 23:30 in St. Louis (CST, UTC-6) are the same day; 00:30 the next day is not.
    const at = (iso: string) => generateMenu({ seed: SEED, store, now: new Date(iso) });
    expect(at('2026-11-20T06:30:00Z')).toEqual(at('2026-11-21T05:30:00Z'));
    expect(at('2026-11-21T06:30:00Z')).not.toEqual(at('2026-11-21T05:30:00Z'));
    expect(menuOn(store, '2026-11-20', 'another seed')).not.toEqual(menuOn(store, '2026-11-20'));
  });

  it('change prices, put products on and off sale, and bring in new products', () => {
    let repriced = 0;
    let onAndOff = 0;
    let newcomers = 0;
    for (const list of sightings.values()) {
      const shelf = new Set(list.map((sighting) => sighting.regularPrice));
      if (list.some((sighting) => sighting.salePrice === null) && shelf.size > 1) repriced += 1;
      const sale = list.map((sighting) => sighting.salePrice !== null);
      if (sale.some((on, index) => index > 0 && on && !sale[index - 1])) onAndOff += 1;
      if (list[0]!.day > days[0]! && list.length < DAYS) newcomers += 1;
    }
    expect(repriced).toBeGreaterThan(100);
    expect(onAndOff).toBeGreaterThan(100);
    expect(newcomers).toBeGreaterThan(100);
  });

  it.each(JUDGED_DAYS)(
    'show every price memory line on %s, with two months seen before it',
    (today) => {
      const lines = linesOn(today);
      // Each case on more than a handful of deals, so the demo's page shows all of them at once.
      for (const kind of ['lowest-in-30-days', 'price-dropped', 'inflated', 'unknown']) {
        expect(lines.get(kind) ?? 0, kind).toBeGreaterThanOrEqual(10);
      }
    },
  );

  it('raise the regular price of some stores as a sale starts, above any price charged', () => {
    const inflatedAt = new Set<string>();
    for (const [key, list] of sightings) {
      list.forEach((sighting, index) => {
        const started = sighting.salePrice !== null && list[index - 1]?.salePrice === null;
        if (!started) return;
        const since = addDays(sighting.day, -30);
        const charged: number[] = [];
        for (let back = index - 1; back >= 0 && list[back]!.day >= since; back--) {
          charged.push(list[back]!.salePrice ?? list[back]!.regularPrice!);
        }
        if (charged.length >= 7 && sighting.claimed > Math.max(...charged) * 1.05) {
          inflatedAt.add(key.split('|')[0]!);
        }
      });
    }
    // Some stores do, not all.
    expect(inflatedAt.size).toBeGreaterThanOrEqual(5);
    expect(inflatedAt.size).toBeLessThan(stores.length);
  });
});

import { describe, expect, it } from 'vitest';
import { generateMenu, type Menu, type Saving } from '../src';
import { BRANDS } from '../src/menu/catalog';
import { NOW } from './support';

const store = (key: string) => ({ key, name: `Store ${key}` });
const menuOf = (key: string, seed: string | number = 7, now = NOW) =>
  generateMenu({ seed, store: store(key), now });

/** Forty stores' menus: enough for every deal format to show up. */
const MENUS: readonly Menu[] = Array.from({ length: 40 }, (_, index) => menuOf(`store-${index}`));

describe('generateMenu', () => {
  it('makes the same menu from the same seed, store and day', () => {
    expect(menuOf('soulard')).toEqual(menuOf('soulard'));
  });

  it('makes another menu for another seed or another store', () => {
    expect(menuOf('soulard', 8)).not.toEqual(menuOf('soulard', 7));
    expect(menuOf('the-hill')).not.toEqual(menuOf('soulard'));
  });

  it('sells Missouri brands in the categories they make', () => {
    for (const product of MENUS.flatMap((menu) => menu.products)) {
      expect(BRANDS[product.category]).toContain(product.brand);
    }
  });

  it('prices an eighth of whole flower as St. Louis stores do, $35 to $55 before a special', () => {
    // On a sale, an inflating store shows a raised regular price: left out here.
    const eighths = MENUS.flatMap((menu) => menu.products)
      .filter((product) => product.subcategory === 'Whole Flower')
      .flatMap((product) =>
        product.sizes.filter((size) => size.label === '3.5g' && size.sale === undefined),
      );
    expect(eighths.length).toBeGreaterThan(100);
    for (const eighth of eighths) {
      expect(eighth.price).toBeGreaterThanOrEqual(35);
      expect(eighth.price).toBeLessThanOrEqual(55);
    }
  });

  it('keeps most products at their regular price and cuts the price of at least three', () => {
    for (const menu of MENUS) {
      const ordinary = menu.products.filter((product) => product.specialId === undefined);
      const cut = menu.products.filter((product) => product.sizes.some((size) => size.sale));
      expect(ordinary.length).toBeGreaterThan(menu.products.length / 2);
      expect(cut.length).toBeGreaterThanOrEqual(3);
      for (const size of cut.flatMap((product) => product.sizes)) {
        if (size.sale !== undefined) expect(size.sale).toBeLessThan(size.price);
      }
    }
  });

  it('runs every deal format: percent and dollars off, target prices, BOGO, bundles, weekdays', () => {
    const specials = MENUS.flatMap((menu) => menu.specials);
    const kinds = new Set(specials.map((special) => special.saving.kind));
    expect([...kinds].sort()).toEqual(
      (['bogo', 'bundle', 'dollars', 'percent', 'target'] satisfies Saving['kind'][]).sort(),
    );
    const weekdays = new Set(specials.flatMap((special) => special.days ?? []));
    expect(weekdays.size).toBe(7);
    expect(specials.some((special) => special.scope === 'store')).toBe(true);
  });

  it('dates the specials that end after the day the menu is made', () => {
    const ends = MENUS.flatMap((menu) => menu.specials.flatMap((special) => special.endsAt ?? []));
    expect(ends.length).toBeGreaterThan(0);
    for (const end of ends) expect(Date.parse(end)).toBeGreaterThan(NOW.getTime());
  });

  it('puts every product special on the products it names', () => {
    for (const menu of MENUS) {
      for (const special of menu.specials.filter((each) => each.scope === 'products')) {
        expect(menu.products.some((product) => product.specialId === special.id)).toBe(true);
      }
    }
  });
});

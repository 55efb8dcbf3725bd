import type { DealCategory } from '@stl-deals/domain';
import { describe, expect, it } from 'vitest';
import { dispenseCategory } from '../dispense/categories';
import { dutchieCategory } from '../dutchie/categories';
import { janeCategory } from '../jane/categories';
import { jointCategory } from '../joint/categories';
import { leaflyCategory } from '../leafly/categories';
import { sweedCategory } from '../sweed/categories';
import { weedmapsCategory } from '../weedmaps/categories';
import { categoryIn, categoryTable, foldCategoryName } from './categories';

/**
 * Every category value each platform documents (platforms.md) or its real captures carry, with
 * the spec's category a visitor would look for it in. Written by hand, not from the tables.
 */
// prettier-ignore
const DOCUMENTED: Array<[string, (...names: unknown[]) => DealCategory | undefined, unknown[], DealCategory]> = [
  ['dutchie', dutchieCategory, ['Flower'], 'flower'],
  ['dutchie', dutchieCategory, ['Pre-Rolls', 'singles'], 'pre-rolls'],
  ['dutchie', dutchieCategory, ['Vaporizers', 'disposables'], 'vapes'],
  ['dutchie', dutchieCategory, ['Concentrate'], 'concentrates'],
  ['dutchie', dutchieCategory, ['Edible'], 'edibles'],
  ['dutchie', dutchieCategory, ['Tincture'], 'edibles'],
  ['dutchie', dutchieCategory, ['Oral', 'troches'], 'edibles'],
  ['dutchie', dutchieCategory, ['Oral', 'tablets'], 'edibles'],
  ['dutchie', dutchieCategory, ['ORALS'], 'edibles'],
  ['dutchie', dutchieCategory, ['Topicals'], 'topicals'],
  ['dutchie', dutchieCategory, ['Accessories'], 'accessories'],
  ['dutchie', dutchieCategory, ['Apparel'], 'accessories'],
  ['dutchie', dutchieCategory, ['CBD'], 'other'],
  ['dutchie', dutchieCategory, ['Seeds'], 'other'],
  ['dutchie', dutchieCategory, ['Clones'], 'other'],
  ['jane', janeCategory, ['flower'], 'flower'],
  ['jane', janeCategory, ['vape'], 'vapes'],
  ['jane', janeCategory, ['edible'], 'edibles'],
  ['jane', janeCategory, ['extract'], 'concentrates'],
  ['jane', janeCategory, ['pre-roll'], 'pre-rolls'],
  ['jane', janeCategory, ['tincture'], 'edibles'],
  ['jane', janeCategory, ['topical'], 'topicals'],
  ['jane', janeCategory, ['gear'], 'accessories'],
  ['jane', janeCategory, ['merch'], 'accessories'],
  ['jane', janeCategory, ['grow'], 'other'],
  ['weedmaps', weedmapsCategory, ['Flower'], 'flower'],
  ['weedmaps', weedmapsCategory, ['Pre Roll', 'Flower'], 'pre-rolls'],
  ['weedmaps', weedmapsCategory, ['Infused Flower', 'Flower'], 'flower'],
  ['weedmaps', weedmapsCategory, ['Shake', 'Flower'], 'flower'],
  ['weedmaps', weedmapsCategory, ['Concentrates'], 'concentrates'],
  ['weedmaps', weedmapsCategory, ['Disposable', 'Vape Pens'], 'vapes'],
  ['weedmaps', weedmapsCategory, ['Drinks', 'Edibles'], 'edibles'],
  ['weedmaps', weedmapsCategory, ['Gummies', 'Edibles'], 'edibles'],
  ['weedmaps', weedmapsCategory, ['Candy', 'Edibles'], 'edibles'],
  ['weedmaps', weedmapsCategory, ['Accessories', 'Gear'], 'accessories'],
  ['weedmaps', weedmapsCategory, ['Topicals'], 'topicals'],
  ['weedmaps', weedmapsCategory, ['Cultivation'], 'other'],
  ['leafly', leaflyCategory, ['Flower'], 'flower'],
  ['leafly', leaflyCategory, ['Pre-roll'], 'pre-rolls'],
  ['leafly', leaflyCategory, ['Vaporizers'], 'vapes'],
  ['leafly', leaflyCategory, ['Cartridge'], 'vapes'],
  ['leafly', leaflyCategory, ['Concentrate'], 'concentrates'],
  ['leafly', leaflyCategory, ['Edible'], 'edibles'],
  ['leafly', leaflyCategory, ['Topical'], 'topicals'],
  ['leafly', leaflyCategory, ['Accessory'], 'accessories'],
  ['sweed', sweedCategory, ['Flower', 'Popcorn', 'Popcorn'], 'flower'],
  ['sweed', sweedCategory, ['Pre-Rolls', 'Pre-Roll Packs'], 'pre-rolls'],
  ['sweed', sweedCategory, ['Vape', 'Cartridge'], 'vapes'],
  ['sweed', sweedCategory, ['Concentrates', 'Badder'], 'concentrates'],
  ['sweed', sweedCategory, ['Edibles', 'Other', 'Lozenges'], 'edibles'],
  ['sweed', sweedCategory, ['Oral', 'Tablet', 'Tablets'], 'edibles'],
  ['sweed', sweedCategory, ['Topical', 'Balm'], 'topicals'],
  ['sweed', sweedCategory, ['Accessories', 'Devices', 'Vaporizer'], 'accessories'],
  ['sweed', sweedCategory, ['Apparel', 'Apparel', 'Hat'], 'accessories'],
  ['dispense', dispenseCategory, ['EDIBLES', '🍬Edibles🍫', 'Edibles'], 'edibles'],
  ['dispense', dispenseCategory, ['FLOWER'], 'flower'],
  ['dispense', dispenseCategory, ['PRE_ROLLS'], 'pre-rolls'],
  ['dispense', dispenseCategory, ['VAPORIZERS'], 'vapes'],
  ['dispense', dispenseCategory, ['CONCENTRATES'], 'concentrates'],
  ['dispense', dispenseCategory, ['TOPICALS'], 'topicals'],
  ['joint', jointCategory, ['EDIBLES', 'GUMMIES'], 'edibles'],
  ['joint', jointCategory, ['TINCTURES', 'FLAVORED'], 'edibles'],
  ['joint', jointCategory, ['TOPICALS', 'BALMS'], 'topicals'],
  ['joint', jointCategory, ['FLOWER', 'SHAKE_TRIM'], 'flower'],
  ['joint', jointCategory, ['PRE_ROLLS', 'INFUSED'], 'pre-rolls'],
  ['joint', jointCategory, ['CONCENTRATES', 'RSO'], 'concentrates'],
  ['joint', jointCategory, ['VAPORIZERS', 'DISPOSABLES'], 'vapes'],
  ['joint', jointCategory, ['ACCESSORIES'], 'accessories'],
  ['joint', jointCategory, ['CBD', 'CAPSULES'], 'edibles'],
];

describe('per-platform category tables', () => {
  it.each(DOCUMENTED)('%s %j -> %s', (_platform, categoryOf, names, category) => {
    expect(categoryOf(...names)).toBe(category);
  });
});

describe('categoryIn', () => {
  const table = categoryTable({ Flower: 'flower', Grow: 'other', 'Pre Roll': 'pre-rolls' });

  it('folds case, punctuation and emoji', () => {
    expect(foldCategoryName('🍬PRE_ROLLS🍫')).toBe('pre rolls');
    expect(categoryIn(table, 'pre-roll')).toBe('pre-rolls');
  });

  it('takes the first name the table knows, a known category over its other', () => {
    expect(categoryIn(table, 'Big Buds', 'Flower')).toBe('flower');
    expect(categoryIn(table, 'Grow', 'Flower')).toBe('flower');
    expect(categoryIn(table, 'Grow')).toBe('other');
  });

  it('falls back to the shared word rules for a name the platform added later', () => {
    expect(categoryIn(table, 'Live Rosin')).toBe('concentrates');
    expect(categoryIn(table, 'Mystery')).toBe('other');
    expect(categoryIn(table, undefined, null)).toBeUndefined();
    expect(categoryIn(table, '__proto__')).toBe('other');
  });
});

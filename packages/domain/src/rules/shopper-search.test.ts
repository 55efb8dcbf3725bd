import { describe, expect, it } from 'vitest';
import type { Deal } from '../contract/deal';
import { deriveCategory } from './category';
import { buildDealViews, filterDeals, type DealFilters } from './deal-list';
import {
  buildShopperIndex,
  editsBetween,
  searchShopperIndex,
  shopperSearchDeals,
  suggestQuery,
} from './shopper-search';
import { meaningOf, queryWords, textWords, typoAllowance } from './shopper-words';
import { dealGrams } from './size-filter';

/** A deal as the service sends it: its category and weight worked out. */
function deal(title: string, more: Partial<Deal> = {}): Deal {
  const made: Deal = {
    title,
    description: '',
    price: '$30',
    imageUrl: '',
    sourceUrl: 'https://shop.example/d',
    dispensary: 'Swade Cherokee',
    dispensaryKey: 'swade',
    ...more,
  };
  const category = deriveCategory(made);
  return { ...made, category, grams: dealGrams({ size: made.size, category }) };
}

const DEALS = [
  deal('Blue Dream 3.5g', { brand: 'Proper', size: '3.5g', strainType: 'Sativa' }),
  deal('Dream Queen Cartridge 1g', { brand: 'STIIIZY', size: '1g' }),
  deal('Wedding Cake Pre-Roll 1g', { brand: 'Illicit', size: '1g' }),
  deal('Sour Gummies 100mg', { brand: 'Cake', size: '100mg' }),
  deal('Sour Diesel 1/8 oz', { brand: 'Flora Farms' }),
  deal('Crème Brûlée Live Resin Badder', { brand: 'Vivid', size: '1g' }),
  deal('Super Boof Quarter', { brand: 'Proper', size: '7g' }),
  deal('Half Off Smalls', { brand: 'Amaze', description: 'Every half ounce bag', size: '14g' }),
  deal('Gelato Disposable Vape', { brand: 'Kushy Punch', description: 'Blue raz flavor' }),
  deal('Buy one get one: BOGO joints', { brand: 'Sinse' }),
  deal('Rosin Gummies', { brand: 'Flora Farms', dispensary: 'Good Day Farm - Central West End' }),
  deal('Blue Cheese Resin Cart', { brand: 'BeLeaf' }),
  deal('Flower Friday Eighths', { brand: 'House' }),
];
const views = buildDealViews(DEALS, [], null);
const index = buildShopperIndex(views);
const titles = (query: string) =>
  [...(searchShopperIndex(index, query)?.keys() ?? [])].map((view) => view.deal.title);
const FILTERS: DealFilters = { category: 'all', radius: 'all', search: '', sort: 'relevance' };
const listed = (search: string, more: Partial<DealFilters> = {}) =>
  shopperSearchDeals(views, { ...FILTERS, search, ...more }, false).map((view) => view.deal.title);

describe('shopper words', () => {
  it.each([
    ['Crème BRÛLÉE', ['creme', 'brulee']],
    ['Pre-Rolls 3.5g', ['preroll', 'g3.5']],
    ['pre roll 1/8 oz', ['preroll', 'g3.5']],
    ['1 oz zip', ['zip', 'g28']],
  ])('reads %j as words including %j', (text, words) => {
    expect(textWords(text)).toEqual(expect.arrayContaining(words));
  });

  it.each([
    ['carts', 'cart'],
    ['cartridges', 'cart'],
    ['vapes', 'cart'],
    ['gummies', 'gummy'],
    ['joints', 'preroll'],
    ['edibles', 'edible'],
    ['quarters', 'quarter'],
    ['stizzy', 'stiiizy'],
    ['glass', null],
    ['cart', null],
  ])('reads %j as also meaning %j', (word, meant) => {
    expect(meaningOf(word)).toBe(meant);
  });

  it("does not read 'Half Off' as a half ounce, but a query's 'half' may be one", () => {
    expect(textWords('Half Off Smalls')).not.toContain('g14');
    expect(queryWords('half')).toEqual([{ typed: 'half', means: ['g14'], grams: 14 }]);
  });

  it.each([
    ['eighth', 3.5],
    ['1/8', 3.5],
    ['3.5 g', 3.5],
    ['quarters', 7],
    ['1/4 oz', 7],
    ['ounce', 28],
  ])('reads the size word %j as %s g', (query, grams) => {
    expect(queryWords(query).find((word) => word.grams !== null)?.grams).toBe(grams);
  });

  it.each([
    ['dab', 0],
    ['blue', 1],
    ['gelato', 1],
    ['blueberry', 2],
    ['3.5', 0],
  ])('allows %j %s typos', (word, edits) => {
    expect(typoAllowance(word)).toBe(edits);
  });

  it.each([
    ['dream', 'dreem', 1],
    ['dream', 'draem', 1],
    ['stiiizy', 'stiizy', 1],
    ['gelato', 'gealto', 1],
    ['blueberry', 'bluebery', 1],
    ['wedding', 'weding', 1],
    ['kush', 'cake', 3],
  ])('counts the edits from %j to %j: %s (at most 2 looked for)', (a, b, edits) => {
    expect(editsBetween(a, b, 2)).toBe(Math.min(edits, 3));
  });
});

describe('searchShopperIndex', () => {
  it.each([
    ['blu dream', ['Blue Dream 3.5g']],
    ['dream blue', ['Blue Dream 3.5g']],
    ['blue dr', ['Blue Dream 3.5g']],
    ['BLUE DREEM', ['Blue Dream 3.5g']],
    ['stiizy', ['Dream Queen Cartridge 1g']],
    ['stizzy', ['Dream Queen Cartridge 1g']],
    ['creme brulee', ['Crème Brûlée Live Resin Badder']],
    ['batter', ['Crème Brûlée Live Resin Badder']],
    ['live resin', ['Crème Brûlée Live Resin Badder']],
    ['kushie', ['Gelato Disposable Vape']],
  ])('finds %j: %j', (query, found) => {
    expect(titles(query)).toEqual(found);
  });

  it("finds a size by its name, its figures and the deal's weight", () => {
    const eighths = ['Blue Dream 3.5g', 'Sour Diesel 1/8 oz', 'Flower Friday Eighths'];
    expect(titles('eighth')).toEqual(eighths);
    expect(titles('1/8 oz')).toEqual(eighths);
    expect(titles('quarter')).toEqual(['Super Boof Quarter']);
    expect(titles('half')).toEqual(['Half Off Smalls']);
    expect(titles('sativa eighth')).toEqual(['Blue Dream 3.5g']);
  });

  it('finds a product form by any of its words', () => {
    const vapes = ['Dream Queen Cartridge 1g', 'Gelato Disposable Vape', 'Blue Cheese Resin Cart'];
    expect(titles('carts')).toEqual(vapes);
    expect(titles('vape')).toEqual(vapes);
    expect(titles('pre rolls')).toEqual([
      'Wedding Cake Pre-Roll 1g',
      'Buy one get one: BOGO joints',
    ]);
    expect(titles('gummy')).toEqual(['Sour Gummies 100mg', 'Rosin Gummies']);
    expect(titles('bogo')).toEqual(['Buy one get one: BOGO joints']);
  });

  it("needs every word: a strain's name is no brand's deal", () => {
    expect(titles('wedding cake')).toEqual(['Wedding Cake Pre-Roll 1g']);
    expect(titles('cake gummies')).toEqual(['Sour Gummies 100mg']);
    expect(titles('blue dream cart')).toEqual([]);
  });

  it('matches nothing for a blank query (the list shows everything)', () => {
    expect(searchShopperIndex(index, '  ')).toBeNull();
  });
});

describe('how shoppers also type', () => {
  it.each([
    ['buy one get one', ['Buy one get one: BOGO joints']],
    ['pre ro', ['Wedding Cake Pre-Roll 1g', 'Buy one get one: BOGO joints']],
    ['florafarms', ['Sour Diesel 1/8 oz', 'Rosin Gummies']],
    ['be leaf', ['Blue Cheese Resin Cart']],
    ['cwe', ['Rosin Gummies']],
    ['half oz', ['Half Off Smalls']],
  ])('finds %j: %j', (query, found) => {
    expect(titles(query)).toEqual(found);
  });

  it('reads a typo only for a word no deal has: rosin is no misspelt resin', () => {
    expect(titles('rosin')).toEqual(['Rosin Gummies']);
    expect(titles('gumies')).toEqual(['Sour Gummies 100mg', 'Rosin Gummies']);
  });

  it('finds a disposable by vape, not every vape by disposable', () => {
    expect(titles('vape')).toContain('Gelato Disposable Vape');
    expect(titles('disposable')).toEqual(['Gelato Disposable Vape']);
    expect(titles('disposable')).not.toContain('Dream Queen Cartridge 1g');
  });

  it("reads a deal's 'Eighths' as 3.5 g, and puts a searched size before a title's word", () => {
    expect(titles('1/8')).toContain('Flower Friday Eighths');
    expect(listed('half')[0]).toBe('Half Off Smalls');
  });
});

describe('shopperSearchDeals', () => {
  it("orders Relevance by where and how each word matched, equal matches in the service's order", () => {
    // 'blue': the title's word beats a description's ('Blue raz flavor').
    expect(listed('blue')).toEqual([
      'Blue Dream 3.5g',
      'Blue Cheese Resin Cart',
      'Gelato Disposable Vape',
    ]);
    // Both a title's word: the service's order.
    expect(listed('sour')).toEqual(['Sour Gummies 100mg', 'Sour Diesel 1/8 oz']);
    // 'proper': both in the brand; the service's order (its deeper discount first) decides.
    const ranked = buildDealViews(
      [
        deal('Blue Dream 3.5g', { brand: 'Proper' }),
        deal('Super Boof Quarter', { brand: 'Proper' }),
        deal('Proper Kush', { brand: 'House' }),
      ],
      [],
      null,
    );
    const ordered = shopperSearchDeals(ranked, { ...FILTERS, search: 'proper' }, false);
    expect(ordered.map((view) => view.deal.title)).toEqual([
      'Proper Kush',
      'Blue Dream 3.5g',
      'Super Boof Quarter',
    ]);
  });

  it('keeps every deal the spec search finds, and the other filters and sorts', () => {
    const spec = filterDeals(views, { ...FILTERS, search: 'ream' }, false);
    expect(spec.length).toBeGreaterThan(0);
    expect(listed('ream')).toEqual(expect.arrayContaining(spec.map((view) => view.deal.title)));
    expect(listed('proper', { sort: 'dispensary' })).toHaveLength(2);
    expect(listed('proper', { category: 'flower' })).toEqual(
      expect.arrayContaining(['Blue Dream 3.5g', 'Super Boof Quarter']),
    );
    expect(listed('proper', { category: 'edibles' })).toEqual([]);
  });
});

describe('suggestQuery', () => {
  it.each([
    ['blu dreem cart', 'blue dream cart'],
    ['sour deisel', 'sour diesel'],
    ['gelatto', 'gelato'],
  ])('offers %j as %j', (query, suggestion) => {
    expect(suggestQuery(index, query)).toBe(suggestion);
  });

  it('offers nothing when every word is a word of the deals, or none is close', () => {
    expect(suggestQuery(index, 'blue dream')).toBeNull();
    expect(suggestQuery(index, 'xqzzv')).toBeNull();
  });
});

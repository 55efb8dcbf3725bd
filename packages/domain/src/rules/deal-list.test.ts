import { describe, expect, it } from 'vitest';
import {
  buildDealViews,
  dayOf,
  prepareDealView,
  filterAndSortDeals,
  filterAndSortDealsNarrowing,
  showableDeals,
  splitDeals,
  type DealFilters,
} from './deal-list';
import type { Deal } from '../contract/deal';
import { deriveCategory } from './category';
import { dealGrams } from './size-filter';
import { effectivePriceFields } from './effective-price';
import { pricesWithTax } from './prices-with-tax';
import type { Dispensary } from '../contract/dispensary';

const dispensaries: Dispensary[] = [
  { key: 'near', name: 'Near Store', lat: 38.63, lng: -90.2 },
  { key: 'far', name: 'Far Store', lat: 38.78, lng: -90.6 },
  { key: 'nowhere', name: 'Unknown Store', lat: null, lng: null },
];
/** A deal as the service sends it: its category derived where the menu gave none. */
const deal = (title: string, dispensaryKey: string, price = '$10'): Deal => {
  const made = {
    title,
    description: '',
    price,
    imageUrl: '',
    sourceUrl: 'https://example.com',
    dispensaryKey,
    dispensary: dispensaries.find((d) => d.key === dispensaryKey)?.name ?? '',
  };
  return { ...made, category: deriveCategory(made) };
};
const deals = [
  deal('20% off Wyld gummies', 'far', '$16'),
  deal('Munchie Monday edible BOGO', 'near', '$20'),
  deal('Live resin cart $25 special', 'near', '$25'),
  deal('Half off every pre-roll', 'nowhere', '$4'),
];
const visitor = { lat: 38.6247, lng: -90.1848 };
const all: DealFilters = { category: 'all', radius: 'all', search: '', sort: 'relevance' };
const titles = (views: { deal: Deal }[]) => views.map((v) => v.deal.title);

describe('the deal list pipeline', () => {
  const views = buildDealViews(deals, dispensaries, visitor);

  it('derives category, distance and sort price, keeping the service order as rank', () => {
    expect(
      views.map((v) => [v.category, Number.isFinite(v.distanceMiles), v.sortPrice, v.rank]),
    ).toEqual([
      ['edibles', true, 16, 0],
      ['edibles', true, 20, 1],
      ['vapes', true, 25, 2],
      ['pre-rolls', false, 4, 3],
    ]);
  });

  it('builds the same views from deals prepared while read, and from others; the distance follows the visitor', () => {
    const copies = deals.map((d) => ({ ...d }));
    for (const copy of copies) prepareDealView(copy);
    expect(buildDealViews(copies, dispensaries, visitor)).toEqual(views);
    // The deal's own facts are kept; what depends on the visitor is worked out each time.
    const unlocated = buildDealViews(copies, dispensaries, null);
    expect(unlocated.map((v) => v.distanceMiles)).toEqual(deals.map(() => Infinity));
    expect(unlocated.map((v) => [v.category, v.searchText])).toEqual(
      views.map((v) => [v.category, v.searchText]),
    );
  });

  it('hides other days’ deals', () => {
    expect(titles(showableDeals(views, 'saturday'))).toEqual([
      '20% off Wyld gummies',
      'Live resin cart $25 special',
      'Half off every pre-roll',
    ]);
    expect(titles(showableDeals(views, 'monday'))).toHaveLength(4);
  });

  it.each<[string, Partial<DealFilters>, boolean, string[]]>([
    [
      'no filters',
      {},
      true,
      ['20% off Wyld gummies', 'Live resin cart $25 special', 'Half off every pre-roll'],
    ],
    ['category', { category: 'vapes' }, true, ['Live resin cart $25 special']],
    ['search', { search: 'WYLD' }, true, ['20% off Wyld gummies']],
    ['radius with a location', { radius: '5' }, true, ['Live resin cart $25 special']],
    [
      'radius without a location',
      { radius: '5' },
      false,
      ['20% off Wyld gummies', 'Live resin cart $25 special', 'Half off every pre-roll'],
    ],
    [
      'price low to high',
      { sort: 'price-low' },
      true,
      ['Half off every pre-roll', '20% off Wyld gummies', 'Live resin cart $25 special'],
    ],
    [
      'distance',
      { sort: 'distance' },
      true,
      ['Live resin cart $25 special', '20% off Wyld gummies', 'Half off every pre-roll'],
    ],
  ])('%s', (_name, filters, locationKnown, expected) => {
    const shown = showableDeals(views, 'saturday');
    expect(titles(filterAndSortDeals(shown, { ...all, ...filters }, locationKnown))).toEqual(
      expected,
    );
  });
});

describe('price sorts of multi-buys', () => {
  const offers: Deal[] = [
    { ...deal('Live resin carts 2 for $65', 'near', '2 for $65'), regularPrice: 42 },
    deal('Eighths special, any strain', 'near', '2 FOR $55'),
    { ...deal('Wyld gummies, buy two get one', 'near', 'B2G1'), regularPrice: 30 },
    deal('Pre-roll special, all strains', 'near', 'B2G1'),
    deal('Flower special, house eighths', 'near', '$30'),
  ];
  // As the service sends them: each with its price per item and multi-buy.
  const served = offers.map((offer) => ({ ...offer, ...effectivePriceFields(offer) }));
  const shown = showableDeals(buildDealViews(served, dispensaries, null), 'saturday');

  it('sort by the price per item, with deals of no known price last both ways', () => {
    expect(titles(filterAndSortDeals(shown, { ...all, sort: 'price-low' }, false))).toEqual([
      'Wyld gummies, buy two get one',
      'Eighths special, any strain',
      'Flower special, house eighths',
      'Live resin carts 2 for $65',
      'Pre-roll special, all strains',
    ]);
    expect(titles(filterAndSortDeals(shown, { ...all, sort: 'price-high' }, false))).toEqual([
      'Live resin carts 2 for $65',
      'Flower special, house eighths',
      'Eighths special, any strain',
      'Wyld gummies, buy two get one',
      'Pre-roll special, all strains',
    ]);
    expect(shown.map((view) => [view.sortPrice, view.multiBuy])).toEqual([
      [32.5, '2 for $65'],
      [27.5, '2 for $55'],
      [20, 'B2G1'],
      [Number.NaN, undefined],
      [30, undefined],
    ]);
  });

  it('reads a deal from an older service, without the fields, by its sale price or first number', () => {
    const older = [
      { ...offers[0]!, salePrice: 60 },
      offers[1]!,
      offers[2]!,
      { ...offers[4]!, unitPrice: { amount: 8.57, per: 'g' as const } },
    ];
    const views = buildDealViews(older, dispensaries, null);
    expect(views.map((view) => [view.sortPrice, view.multiBuy, view.unitPrice])).toEqual([
      [60, undefined, undefined],
      [2, undefined, undefined],
      [2, undefined, undefined],
      [30, undefined, { amount: 8.57, per: 'g' }],
    ]);
  });

  it('gives no price to a deal the service found none for, whatever its text says', () => {
    const [view] = buildDealViews(
      [{ ...deal('Pre-rolls 4/20', 'near', '4/20 only'), effectivePrice: null }],
      dispensaries,
      null,
    );
    expect(view!.sortPrice).toBeNaN();
  });
});

describe('size and brand filters and the best real discount', () => {
  const menu: Deal[] = [
    {
      ...deal('Blue Dream flower special', 'near', '$30'),
      size: '1/8 oz',
      brand: 'Flora Farms',
      strainType: 'Sativa',
      thc: { min: 24, max: 24, unit: '%' as const },
    },
    {
      ...deal('Gelato flower special', 'near', '$25'),
      size: '3.5g',
      brand: 'FLORA  FARMS',
      strainType: 'Hybrid',
      thc: { min: 18, max: 21, unit: '%' as const },
    },
    { ...deal('Runtz flower special', 'far', '$90'), size: '1 oz', brand: 'Illicit' },
    {
      ...deal('Live resin cart special', 'far', '$40'),
      size: '1000mg',
      brand: 'Illicit',
      thc: { min: 82, max: 82, unit: '%' as const },
    },
    {
      ...deal('Wyld gummies special', 'near', '$18'),
      size: '100mg',
      brand: 'Wyld',
      strainType: 'Sativa',
      thc: { min: 100, max: 100, unit: 'mg' as const },
    },
    deal('Store-wide flower special', 'near', '$20'),
  ]
    .map((made) => ({ ...made, category: deriveCategory(made) }))
    // As the service sends them: with the weight it reads from the size (NaN is none).
    .map((made) => {
      const grams = dealGrams(made);
      return Number.isNaN(grams) ? made : { ...made, grams };
    });
  const views = buildDealViews(menu, dispensaries, visitor);
  const kept = (filters: Partial<DealFilters>, locationKnown = true) =>
    titles(filterAndSortDeals(views, { ...all, ...filters }, locationKnown));

  it.each<[string, Partial<DealFilters>, string[]]>([
    ['any size', { size: 'any' }, titles(views)],
    [
      'an eighth, written as ounces or grams',
      { size: 'eighth' },
      menu.slice(0, 2).map((d) => d.title),
    ],
    ['a gram, a cart sized in milligrams', { size: 'gram' }, ['Live resin cart special']],
    ['an ounce', { size: 'ounce' }, ['Runtz flower special']],
    ['a half, which no deal weighs', { size: 'half' }, []],
    [
      'a brand, whatever its spelling',
      { brand: 'flora farms' },
      ['Blue Dream flower special', 'Gelato flower special'],
    ],
    ['a brand and a size', { brand: 'illicit', size: 'ounce' }, ['Runtz flower special']],
    [
      'a brand and a category',
      { brand: 'illicit', category: 'vapes' },
      ['Live resin cart special'],
    ],
    ['a brand no deal is of', { brand: 'kiva' }, []],
    [
      "'My stores': one store",
      { stores: ['far'] },
      ['Runtz flower special', 'Live resin cart special'],
    ],
    ['two stores, every deal of each', { stores: ['far', 'near'] }, titles(views)],
    [
      'a store and a category',
      { stores: ['near'], category: 'flower' },
      ['Blue Dream flower special', 'Gelato flower special', 'Store-wide flower special'],
    ],
    ['a store no deal is of', { stores: ['closed-store'] }, []],
    ['no stores: every store', { stores: [] }, titles(views)],
    [
      "'Open now': the open stores' deals",
      { open: new Set(['far']) },
      ['Runtz flower special', 'Live resin cart special'],
    ],
    ["'Open now' with none open: no deal", { open: new Set<string>() }, []],
    ["'Open now' and 'My stores': both", { open: new Set(['far']), stores: ['near'] }, []],
    [
      "'Open now' and a category",
      { open: new Set(['far', 'near']), category: 'vapes' },
      ['Live resin cart special'],
    ],
    ['open or not: every store', { open: null }, titles(views)],
    [
      'THC 20%+, a range by its top',
      { thc: '20' },
      ['Blue Dream flower special', 'Gelato flower special', 'Live resin cart special'],
    ],
    ['THC 25%+', { thc: '25' }, ['Live resin cart special']],
    ['THC 100 mg+: mg only', { thc: '100mg' }, ['Wyld gummies special']],
    [
      'THC 15%+ in flower',
      { thc: '15', category: 'flower' },
      ['Blue Dream flower special', 'Gelato flower special'],
    ],
    ['a type', { type: 'Sativa' }, ['Blue Dream flower special', 'Wyld gummies special']],
    ['a type and a THC', { type: 'Sativa', thc: '10mg' }, ['Wyld gummies special']],
    ['a type no deal is of', { type: 'Indica' }, []],
    ['any THC and type', { thc: 'any', type: 'any' }, titles(views)],
    ['every brand', { brand: '' }, titles(views)],
    [
      'a brand, a size and a search',
      { brand: 'flora farms', size: 'eighth', search: 'gelato' },
      ['Gelato flower special'],
    ],
  ])('%s', (_name, filters, expected) => {
    expect(kept(filters)).toEqual(expected);
  });

  it('sorts by the real discount from the usual price the service sent, unknown last', () => {
    const remembered = [
      { ...menu[0]!, usualPrice: 40, discountCheck: 'real' as const }, // 25% below
      { ...menu[1]!, usualPrice: 50, discountCheck: 'unknown' as const }, // too few days
      { ...menu[2]!, usualPrice: 100, discountCheck: 'real' as const }, // 10% below
      menu[3]!, // no usual price
      { ...menu[4]!, usualPrice: 18, discountCheck: 'none' as const }, // 0%
    ];
    const sorted = filterAndSortDeals(
      buildDealViews(remembered, dispensaries, null),
      { ...all, sort: 'real-discount' },
      false,
    );
    const percentOf = ({ shown }: (typeof sorted)[number]) =>
      shown?.basis === 'usual' ? shown.percent : Number.NaN;
    expect(sorted.map((view) => [view.deal.title, percentOf(view)])).toEqual([
      ['Blue Dream flower special', 25],
      ['Runtz flower special', 10],
      ['Wyld gummies special', 0],
      ['Gelato flower special', Number.NaN],
      ['Live resin cart special', Number.NaN],
    ]);
  });

  it('sorts by the price with tax when prices are shown with tax, also while a search narrows', () => {
    const rates = (localMarijuana: number, sales: number) => ({
      localMarijuana: { rate: localMarijuana, status: 'verified' as const },
      sales: { rate: sales, status: 'verified' as const },
    });
    const taxed = pricesWithTax('rec', [
      { key: 'near', tax: rates(3, 11) },
      { key: 'far', tax: rates(0, 0) },
    ]);
    // $32 near is $38.40 with 6 + 3 + 11 = 20%; $35 far is $37.10 with 6%; $36 far is $38.16.
    const priced = buildDealViews(
      [
        deal('Gelato flower special', 'far', '$36'),
        deal('Blue Dream flower special', 'near', '$32'),
        deal('Runtz flower special', 'far', '$35'),
      ],
      dispensaries,
      null,
    );
    const cheapest = (tax: DealFilters['tax'], search = '') =>
      titles(
        filterAndSortDealsNarrowing(priced, { ...all, sort: 'price-low', search, tax }, false),
      );
    expect(cheapest(null)).toEqual([
      'Blue Dream flower special',
      'Runtz flower special',
      'Gelato flower special',
    ]);
    expect(cheapest(taxed, 'flower')).toEqual([
      'Runtz flower special',
      'Gelato flower special',
      'Blue Dream flower special',
    ]);
    expect(cheapest(taxed, 'flower s')).toEqual(
      titles(filterAndSortDeals(priced, { ...all, sort: 'price-low', tax: taxed }, false)),
    );
  });

  it('narrows a search only while the size, brand, THC, type, stores and open stores stay as they were', () => {
    const base = { ...all, search: 'flower' };
    for (const filters of [
      { ...base, size: 'eighth' as const },
      { ...base, size: 'eighth' as const, search: 'flower s' },
      { ...base, size: 'ounce' as const, search: 'flower s' },
      { ...base, stores: ['far'], search: 'flower s' },
      { ...base, stores: ['near'], search: 'flower sp' },
      { ...base, brand: 'illicit', search: 'flower s' },
      { ...base, brand: 'flora farms', search: 'flower sp' },
      { ...base, thc: '20' as const, search: 'flower spe' },
      { ...base, type: 'Sativa' as const, search: 'flower spec' },
      { ...base, open: new Set(['far']), search: 'flower spec' },
      { ...base, open: new Set<string>(), search: 'flower speci' },
      { ...base, open: null, search: 'flower specia' },
      { ...base, search: 'flower spe' },
    ]) {
      expect(filterAndSortDealsNarrowing(views, filters, true)).toEqual(
        filterAndSortDeals(views, filters, true),
      );
    }
  });
});

describe('dayOf and splitDeals', () => {
  it('reads the Deals for choice from today', () => {
    expect(dayOf('today', 'tuesday')).toBe('tuesday');
    expect(dayOf('tomorrow', 'tuesday')).toBe('wednesday');
    expect(dayOf('tomorrow', 'saturday')).toBe('sunday');
    expect(dayOf('friday', 'tuesday')).toBe('friday');
  });

  it('says why the deals not shown are hidden', () => {
    const views = buildDealViews(
      [
        {
          title: 'Tuesday gummies 20% off',
          description: '',
          price: '$10',
          imageUrl: '',
          sourceUrl: '',
        },
        {
          title: 'Friday flower special',
          description: '',
          price: '$20',
          imageUrl: '',
          sourceUrl: '',
        },
        {
          title: 'Vape carts $25',
          description: '',
          price: '$25',
          imageUrl: '',
          sourceUrl: '',
          validDays: ['monday'],
        },
        {
          title: 'Everyday low prices on edibles',
          description: '',
          price: '',
          imageUrl: '',
          sourceUrl: '',
        },
      ],
      [],
      null,
    );
    const { showable, counts } = splitDeals(views, 'tuesday');
    expect(showable.map((view) => view.deal.title)).toEqual([
      'Tuesday gummies 20% off',
      'Everyday low prices on edibles',
    ]);
    expect(counts).toEqual({ showable: 2, otherDays: 2 });
  });
});

describe('filterAndSortDealsNarrowing', () => {
  it('gives what filterAndSortDeals gives, keystroke by keystroke and back', () => {
    const titles = ['Blue Dream 3.5g', 'Blue gummies', 'Dream cart', 'Gummy bears', 'Blue balm'];
    const views = buildDealViews(
      titles.map((title, i) => ({
        title,
        description: `deal number ${i}`,
        price: `$${10 + i}`,
        imageUrl: '',
        sourceUrl: '',
      })),
      [],
      null,
    );
    const base = { category: 'all', radius: 'all', sort: 'relevance' } as const;
    for (const search of ['b', 'bl', 'blue', 'blue ', 'blue d', 'blue', 'g', 'gu', '', 'dream']) {
      for (const category of ['all', 'edibles'] as const) {
        const filters = { ...base, category, search };
        expect(filterAndSortDealsNarrowing(views, filters, false)).toEqual(
          filterAndSortDeals(views, filters, false),
        );
      }
    }
  });

  it('finds a longer search past the place where the shorter one first matched', () => {
    const views = buildDealViews(
      ['Blue bag with blue dream', 'Blue dream blue', 'Blueberry'].map((title) => ({
        title,
        description: '',
        price: '$10',
        imageUrl: '',
        sourceUrl: '',
      })),
      [],
      null,
    );
    const titles = (search: string) =>
      filterAndSortDealsNarrowing(
        views,
        { category: 'all', radius: 'all', sort: 'relevance', search },
        false,
      ).map((view) => view.deal.title);
    expect(titles('blue')).toHaveLength(3);
    expect(titles('blue d')).toEqual(['Blue bag with blue dream', 'Blue dream blue']);
    expect(titles('blue dream')).toEqual(['Blue bag with blue dream', 'Blue dream blue']);
    expect(titles('blue dream b')).toEqual(['Blue dream blue']);
  });

  it('agrees with filterAndSortDeals over random texts and searches typed and erased', () => {
    // A two-letter alphabet makes overlapping and repeated matches the rule, not the exception.
    let seed = 7;
    const random = () => (seed = (seed * 1103515245 + 12345) % 2147483648) / 2147483648;
    const word = (length: number) =>
      Array.from({ length }, () => (random() < 0.5 ? 'a' : 'b')).join('');
    const views = buildDealViews(
      Array.from({ length: 60 }, () => ({
        title: word(1 + Math.floor(random() * 12)),
        description: word(Math.floor(random() * 6)),
        price: '$10',
        imageUrl: '',
        sourceUrl: '',
      })),
      [],
      null,
    );
    let search = '';
    for (let step = 0; step < 400; step++) {
      search =
        random() < 0.7 || search === ''
          ? search + word(1)
          : search.slice(0, -1 - Math.floor(random() * 3));
      if (search.length > 8) search = '';
      const filters = { category: 'all', radius: 'all', sort: 'relevance', search } as const;
      expect(filterAndSortDealsNarrowing(views, filters, false)).toEqual(
        filterAndSortDeals(views, filters, false),
      );
    }
  });
});

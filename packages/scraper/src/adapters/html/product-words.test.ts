import type { Deal } from '@stl-deals/domain';
import { describe, expect, it } from 'vitest';
import { finalizeDeals } from '../../normalize';
import { entryFor, payloadsDir, readText, sharedFixtures } from '../shared/testing';
import { parse } from './parse';

/**
 * A specials page's deal carries the brand, size and strain type its words state, by the
 * domain's rules (brandInText, the size reader, the strain type), as a menu's deal does.
 */
const url = 'https://www.greenlightrockhill.example/specials/';
const parsePage = (body: string, name = 'Greenlight Rock Hill'): Deal[] =>
  parse([{ label: 'specials-page', url, body }], entryFor('html', { specialsUrl: url, name }))
    .deals;
const facts = (deals: readonly Deal[]) =>
  deals.map(({ title, brand, size }) => [title, brand ?? null, size ?? null]);
const payloads = payloadsDir(import.meta.url);

describe('html parse: a product card’s brand and size from its words', () => {
  it.each<[string, string, Array<[string, string | null, string | null]>]>([
    [
      'a WordPress product card (name heading, size line, sale price)',
      '<main><h1>Weekly Specials</h1><div class="product-card"><h3><a href="#p">Proper Blue Dream</a></h3><p class="size">3.5g · Indica · THC 24.1%</p><p class="price"><ins>$30</ins> <del>$45</del></p></div></main>',
      [['Proper Blue Dream', 'Proper', '3.5g']],
    ],
    [
      'a WooCommerce tile (price row first, name heading, size line)',
      '<main><h1>Specials</h1><div class="product-tile"><div class="tile-price"><ins class="amount">$22</ins> <del class="amount">$30</del> <span class="onsale-badge">27% off</span></div><h3 class="tile-title"><a href="#w">Wana Sour Gummies Mango</a></h3><p class="tile-meta">100mg · 100mg THC</p></div></main>',
      [['Wana Sour Gummies Mango', 'Wana', '100mg']],
    ],
    [
      'a size in the title, a brand in the description',
      '<main><h1>Specials</h1><article><h3>Eighths $25 (reg. $35)</h3><p>Any Sundro 3.5g, while supplies last.</p></article></main>',
      [['Eighths $25 (reg. $35)', 'Sundro', '3.5g']],
    ],
    [
      'a brand’s line: the brand, and the size its words state',
      '<main><h1>Specials</h1><article><h3>$10 Off Terrabis Eighths</h3><p>Any Terrabis 3.5g.</p></article></main>',
      [['$10 Off Terrabis Eighths', 'Terrabis', '3.5g']],
    ],
    [
      'an ordinary word leading a store-wide offer is no brand',
      '<main><h1>Specials</h1><article><h3>Elevate Your Weekend</h3><p>20% off all 3.5g flower</p></article></main>',
      [['Elevate Your Weekend', null, null]],
    ],
    [
      'an ordinary word inside a special’s words is no brand',
      '<main><h1>Specials</h1><article><h3>Flower Friday</h3><p>Proper eighths, 2 for $70.</p></article></main>',
      [['Flower Friday', null, null]],
    ],
    [
      'a size that is a limit, with no brand, is no size',
      '<main><h1>Specials</h1><article><h3>Max Out Wednesday</h3><p>25% off to max out your legal limit, 28 grams of flower</p></article></main>',
      [['Max Out Wednesday', null, null]],
    ],
    [
      'a gift’s size is not what is sold',
      '<main><h1>Specials</h1><article><h3>20% off Robhots</h3><p>Spend $100 and get a free 1g pre-roll too.</p></article></main>',
      [['20% off Robhots', 'Robhots', null]],
    ],
    [
      'a special on two brands names neither',
      '<main><h1>Specials</h1><article><h3>Munchie Monday</h3><p>20% off Wana and Robhots 100mg gummies</p></article></main>',
      [['Munchie Monday', null, null]],
    ],
    [
      'the store’s own name on a store-wide offer is not a brand',
      '<main><h1>Specials</h1><p>Shop Greenlight online for 10% off</p></main>',
      [['Shop Greenlight online for 10% off', null, null]],
    ],
    [
      'the store’s own name on its product is',
      '<main><h1>Specials</h1><div class="product-card"><h3>Greenlight Gas</h3><p>3.5g · Hybrid</p><p class="price"><ins>$28</ins> <del>$40</del></p></div></main>',
      [['Greenlight Gas', 'Greenlight', '3.5g']],
    ],
  ])('%s', (_, html, expected) => {
    expect(facts(parsePage(html))).toEqual(expected);
  });

  it('keeps the brand and size the page’s JSON-LD gives', () => {
    const deals = parsePage(readText(payloads, 'json-ld-featured-products.html'));
    expect(facts(deals).slice(0, 3)).toEqual([
      ['Proper Lemon Fire MAC 3.5g', 'Proper', '3.5g'],
      ['Good Day Farm Garlic Cookies Live Badder 1g', 'Good Day Farm', '1g'],
      ['Wana Sour Gummies Mango 100mg', 'Wana', '100mg'],
    ]);
  });

  it('reads the recorded pages’ brands and sizes where their words state them', () => {
    const named = (file: string) =>
      facts(parsePage(readText(payloads, file))).filter(([, brand, size]) => brand || size);
    expect(named('custom-promo-tiles.html')).toEqual([
      ['Cloud Cover Carts', 'Cloud Cover', '1g'],
      ['Good Day Farm Eighths', 'Good Day Farm', '3.5g'],
    ]);
    expect(named('promo-bar-mega-footer.html')).toEqual([
      ['Flora Farms Quarters $55', 'Flora Farms', '7g'],
      ['BOGO Robhots Gummies', 'Robhots', '100mg'],
    ]);
    expect(named('wordpress-weekly-specials.html')).toEqual([
      ['Terp Tuesday', 'Cloud Cover', null],
      ['Wax Wednesday', 'Good Day Farm', null],
      ['Pre-Roll Saturday', 'Illicit', null],
      ['Sunday Funday', 'Flora Farms', null],
    ]);
  });

  it('leaves the strain type and potency to the service’s one pass, which reads the size’s card', () => {
    const [deal] = finalizeDeals(
      parsePage(
        '<main><h1>Specials</h1><div class="product-card"><h3>Proper Blue Dream</h3><p>3.5g · Indica · THC 24.1%</p><p class="price"><ins>$30</ins> <del>$45</del></p></div></main>',
      ),
      'html',
      'greenlight-rock-hill',
    );
    expect(deal).toMatchObject({
      brand: 'Proper',
      size: '3.5g',
      strainType: 'Indica',
      thc: { min: 24.1, max: 24.1, unit: '%' },
    });
  });
});

const fixtures = sharedFixtures(import.meta.url, 'wordpress', '.html');
describe.skipIf(fixtures.absent)(
  'html parse: ../shared/fixtures/wordpress brands and sizes',
  () => {
    // Remedy Tulalip's week (Washington) names no Missouri brand and no product's size: its one
    // weight ('28 grams', the legal limit) is a condition, and its 'Rotating Brands' none.
    it.each(fixtures.files)('%s names no brand or size', (file) => {
      const deals = parse(
        [
          {
            label: 'specials-page',
            url: 'https://remedytulalip.com/promos/',
            body: readText(fixtures.dir, file),
          },
        ],
        entryFor('html', {
          specialsUrl: 'https://remedytulalip.com/promos/',
          name: 'Remedy Tulalip',
        }),
      ).deals;
      expect(deals.length).toBeGreaterThan(0);
      expect(deals.filter((deal) => deal.brand || deal.size)).toEqual([]);
    });
  },
);

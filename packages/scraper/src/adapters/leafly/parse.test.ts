import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { SchemaChangedError } from '../../errors';
import { finalizeDeals } from '../../normalize';
import type { RegistryEntry } from '../../registry';
import { scriptJson } from '../shared/script-json';
import { assertParsesSafely, hostileVariants, problemsOf, sharedFixtures } from '../shared/testing';
import { parse } from './parse';

const menuPage = readFileSync(new URL('./payloads/menu-page-1.html', import.meta.url), 'utf8');

const entry: RegistryEntry = {
  key: 'mound-city-dispensary-south-grand',
  name: 'Mound City Dispensary - South Grand',
  platform: 'leafly',
  platformId: 'mound-city-dispensary-south-grand',
};
const parseBody = (body: unknown, target: RegistryEntry = entry) =>
  parse([{ label: 'menu-page-1', url: 'http://sim.test/leafly', body }], target);

/** A menu page around a __NEXT_DATA__ object, as Next.js renders it. */
const pageWith = (nextData: unknown) =>
  `<!DOCTYPE html><html><body><div id="__next"></div><script id="__NEXT_DATA__" type="application/json">${JSON.stringify(nextData)}</script></body></html>`;

const link = (id: string) =>
  `https://www.leafly.com/dispensary-info/mound-city-dispensary-south-grand/p/${id}`;

describe('leafly parse on the project payload', () => {
  const { deals, location } = parseBody(menuPage);

  it.each([
    ['Proper - Flower - Banana Runtz', 30, 40, 25, '$30 (was $40)', link('4412870311'), 'flower'],
    ['Flora Farms - Flower - Grape Pie', 36, 45, 20, '$36 (was $45)', link('4412870354'), 'flower'],
    ['Illicit - Flower - Cheetah Piss', 64, 80, 20, '$64 (was $80)', link('4412870398'), 'flower'],
    [
      'Good Day Farm - Pre-Roll - Orange Cookies',
      8,
      10,
      20,
      '$8 (was $10)',
      link('4412870421'),
      'pre-rolls',
    ],
    [
      'Wana - Edible - Sour Gummies Mango',
      17.6,
      22,
      20,
      '$17.60 (was $22)',
      link('4412870467'),
      'edibles',
    ],
    [
      'Head Change - Concentrate - Grape Cream Cake Live Rosin',
      52,
      65,
      20,
      '$52 (was $65)',
      link('4412870549'),
      'concentrates',
    ],
    [
      'Sinse - Vape - Strawberry Cough Live Resin Cart',
      28,
      35,
      20,
      '$28 (was $35)',
      link('4412870583'),
      'vapes',
    ],
    [
      'Flora Farms - Flower - Blue Frost',
      60,
      75,
      20,
      '$60 (was $75)',
      `${link('4412870664')}?variant=4412870665`,
      'flower',
    ],
  ])('%s', (title, salePrice, regularPrice, discountPercent, price, sourceUrl, category) => {
    const deal = deals.find((candidate) => candidate.title === title);
    expect(deal).toMatchObject({
      salePrice,
      regularPrice,
      discountPercent,
      price,
      sourceUrl,
      category,
    });
    expect(deal?.imageUrl).toMatch(/^https:\/\/leaflogixmedia\.blob\.core\.windows\.net\//);
  });

  it('keeps only items with a variant deal or a sortPrice below the price', () => {
    expect(deals).toHaveLength(8);
    const brands = deals.map((deal) => deal.brand);
    expect(brands).not.toContain('Robhots');
    expect(brands).not.toContain('Cloud Cover');
  });

  it('reads strain type and size from the name tokens and the size on sale', () => {
    expect(deals[0]).toMatchObject({
      brand: 'Proper',
      strainType: 'Hybrid',
      size: '3.5g',
      unitPrice: { amount: 8.57, per: 'g' },
      description: '25% off 3.5g · THC 27.82%',
    });
    expect(deals.find((deal) => deal.brand === 'Head Change')?.strainType).toBe('Hybrid');
    expect(deals.find((deal) => deal.title.endsWith('Blue Frost'))?.size).toBe('7g');
    expect(deals.find((deal) => deal.brand === 'Wana')?.unitPrice).toEqual({
      amount: 17.6,
      per: '100mg',
    });
  });

  it("gives the dispensary's location", () => {
    expect(location).toEqual({ lat: 38.602741, lng: -90.243187 });
  });

  it('passes the spec cleaning rules', () => {
    expect(finalizeDeals(deals, 'leafly', entry.key)).toHaveLength(8);
  });
});

describe('leafly parse: the store hours', () => {
  const store = {
    '@context': 'https://schema.org',
    '@type': 'Store',
    name: 'Mound City Dispensary - South Grand',
    openingHoursSpecification: [
      {
        '@type': 'OpeningHoursSpecification',
        dayOfWeek: ['Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday', 'Saturday'],
        opens: '09:00',
        closes: '21:00',
      },
    ],
  };
  const withJsonLd = menuPage.replace(
    '</head>',
    `<script type="application/ld+json">${JSON.stringify(store)}</script></head>`,
  );

  it("reads the week of the page's schema.org JSON-LD; a day it does not name is closed", () => {
    const day = [{ opens: '09:00', closes: '21:00' }];
    expect(parseBody(withJsonLd).hours).toEqual({
      sunday: [],
      monday: day,
      tuesday: day,
      wednesday: day,
      thursday: day,
      friday: day,
      saturday: day,
    });
    expect(parseBody(withJsonLd).deals).toEqual(parseBody(menuPage).deals);
  });

  it('says nothing of hours when the page carries none', () => {
    expect(parseBody(menuPage).hours).toBeUndefined();
  });

  it("reads the store's schema.org telephone, and says nothing of a phone when the page states none", () => {
    const withPhone = menuPage.replace(
      '</head>',
      `<script type="application/ld+json">${JSON.stringify({ ...store, telephone: '(314) 555-0161' })}</script></head>`,
    );
    expect(parseBody(withPhone).phone).toBe('+13145550161');
    expect(parseBody(withJsonLd).phone).toBeUndefined();
    expect(parseBody(menuPage).phone).toBeUndefined();
  });

  it("links an item with no id to the dispensary's menu", () => {
    const page = pageWith({
      props: {
        pageProps: {
          menuData: {
            menuItems: [{ name: 'Proper - Flower - Jealousy (3.5g)', price: 40, sortPrice: 30 }],
          },
        },
      },
    });
    expect(parseBody(page).deals[0]).toMatchObject({
      sourceUrl: 'https://www.leafly.com/dispensary-info/mound-city-dispensary-south-grand/menu',
      linkKind: 'menu',
    });
    expect(parseBody(menuPage).deals[0]?.linkKind).toBe('product');
  });
});

describe('leafly parse, other cases', () => {
  it("links with the page's own dispensary slug when the registry gives none", () => {
    const { deals } = parseBody(menuPage, { ...entry, platformId: undefined });
    expect(deals[0]?.sourceUrl).toBe(link('4412870311'));
  });

  it('falls back to the price against sortPrice when no variant has a deal', () => {
    const nextData = {
      props: {
        pageProps: {
          menuData: {
            menuItems: [
              {
                id: 77,
                name: 'Illicit - Flower - Gelato 41 (H) (3.5g)',
                brandName: 'Illicit',
                productCategory: 'Flower',
                price: 45,
                sortPrice: 36,
                variants: [{ id: 77, price: 45, displayQuantity: '3.5g' }],
              },
            ],
          },
        },
      },
    };
    expect(parseBody(pageWith(nextData)).deals[0]).toMatchObject({
      price: '$36 (was $45)',
      sourceUrl: link('77'),
    });
  });

  it.each([
    ['a page without __NEXT_DATA__', '<html><body><h1>Menu</h1></body></html>'],
    ['a bot check page', '<html><title>Just a moment...</title></html>'],
    [
      '__NEXT_DATA__ that is not JSON',
      '<script id="__NEXT_DATA__" type="application/json">{"props":</script>',
    ],
    ['__NEXT_DATA__ without menuData', pageWith({ props: { pageProps: { dispensary: {} } } })],
    ['an answer that is not HTML', { props: {} }],
  ])('fails as schema-changed on %s', (_, body) => {
    expect(() => parseBody(body)).toThrow(SchemaChangedError);
  });

  it('fails as schema-changed with no menu page at all', () => {
    expect(() => parse([], entry)).toThrow(SchemaChangedError);
  });
});

/** The real capture (platforms.md 4) is the __NEXT_DATA__ JSON; the test puts it in a page. */
const FIXTURES: Record<string, { deals: number }> = {
  // Three items; two carry variants[].deal (50 -> 30 and 35 -> 17), one has none.
  'leafly-next-data-menuItems-trimmed.json': { deals: 2 },
};

const fixtures = sharedFixtures(import.meta.url, 'leafly');

describe.skipIf(fixtures.absent)('leafly parse on the shared fixtures', () => {
  it.each(Object.entries(FIXTURES))('%s', (file, { deals: count }) => {
    const nextData = JSON.parse(readFileSync(join(fixtures.dir, file), 'utf8')) as unknown;
    const result = parseBody(pageWith(nextData), { ...entry, platformId: 'sol-flower-scottsdale' });
    expect(result.deals).toHaveLength(count);
    expect(problemsOf(result)).toEqual([]);
    for (const deal of result.deals) {
      expect(deal.sourceUrl).toMatch(
        /^https:\/\/www\.leafly\.com\/dispensary-info\/sol-flower-scottsdale\/p\/\d+$/,
      );
      expect(deal.imageUrl).toMatch(/^https:\/\//);
    }
  });

  it('knows every capture in the folder', () => {
    expect(fixtures.files.filter((file) => !(file in FIXTURES))).toEqual([]);
  });
});

describe('leafly parse on hostile input', () => {
  const nextData = scriptJson(menuPage, '__NEXT_DATA__');

  it('throws only named errors and keeps every deal within bounds', () => {
    assertParsesSafely(
      hostileVariants(nextData).map((data) => pageWith(data)),
      (body) => parseBody(body),
    );
  });

  it('does the same on arbitrary text as the page', () => {
    assertParsesSafely(
      fc.oneof(fc.string({ maxLength: 2_000 }), fc.constant(menuPage.slice(0, 4_000))),
      (body) => parseBody(body),
      100,
    );
  });
});

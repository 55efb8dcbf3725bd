import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { Deal, Platform, Potency } from '@stl-deals/domain';
import { describe, expect, it } from 'vitest';
import { SHARED_FIXTURES_DIR } from '../src/accuracy/corpus';
import { finalizeDeals } from '../src/normalize';
import { parseRecorded } from '../src/recorded';
import { parse as parseSweed } from '../src/adapters/sweed/parse';
import { parse as parseDispense } from '../src/adapters/dispense/parse';
import { parse as parseJoint } from '../src/adapters/joint/parse';
import { parse as parseWeedmaps } from '../src/adapters/weedmaps/parse';
import { entryFor } from '../src/adapters/shared/testing';

/**
 * Potency and strain type as every adapter hands them to the store, on the project's recorded
 * payloads (through the service's own parse and finalize), and on the traps the third-party
 * captures hold, read in place from ../shared/fixtures.
 */

const adapters = fileURLToPath(new URL('../src/adapters/', import.meta.url));

function parsed(platform: Platform, files: string[], store: Record<string, string> = {}): Deal[] {
  return parseRecorded(
    files.map((file) => ({ name: file, text: readFileSync(join(adapters, file), 'utf8') })),
    { platform, platformId: 'recorded', ...store },
  );
}

/** 'THC 24.1%' / '100mg', as a row reads it. */
const shown = (potency: Potency | undefined) =>
  potency === undefined
    ? '-'
    : `${potency.min === potency.max ? potency.min : `${potency.min}-${potency.max}`}${potency.unit}`;

const rows = (deals: readonly Deal[], titles: readonly string[]) =>
  titles.map((title) => {
    const deal = deals.find((each) => each.title === title);
    return [title, shown(deal?.thc), shown(deal?.cbd), deal?.strainType ?? '-'];
  });

describe('potency and strain type on the recorded payloads', () => {
  it.each<[Platform, string[], Record<string, string>, string[][]]>([
    [
      'dutchie',
      ['dutchie/payloads/filtered-products-page-0.json'],
      {},
      [
        ['Flora Farms Sour Diesel', '26.1%', '0.1%', 'Sativa'],
        ['Wana Sour Gummies Strawberry Lemonade 100mg', '100mg', '-', 'Hybrid'],
        ['Proper Pineapple Express Live Resin Cart', '84.2%', '0.1%', 'Sativa'],
      ],
    ],
    [
      'jane',
      ['jane/payloads/algolia-products-page-0.json'],
      {},
      [
        ['Flora Farms Blue Frost', '27.4%', '0.1%', 'Hybrid'],
        // Jane states an edible's potency as 0: its dose is its amount ('100mg').
        ['Wana Sour Gummies Tropical Punch 10pk', '100mg', '-', 'Hybrid'],
        ['Sinse Tangie Live Resin Cart', '82.5%', '0.1%', 'Sativa'],
      ],
    ],
    [
      'weedmaps',
      ['weedmaps/payloads/menu-items-page-1.json'],
      {},
      [
        ['Proper | Jealousy | 3.5g', '28.4%', '-', 'Hybrid'],
        ['Wana | Quick Strawberry Daiquiri Gummies | 100mg', '100mg', '-', 'Sativa'],
      ],
    ],
    [
      'leafly',
      ['leafly/payloads/menu-page-1.html'],
      {},
      [
        ['Illicit - Flower - Cheetah Piss', '31.15%', '-', 'Sativa'],
        ['Wana - Edible - Sour Gummies Mango', '100mg', '-', '-'],
      ],
    ],
    [
      'sweed',
      ['sweed/payloads/get-product-list-page-1.json'],
      { menuUrl: 'https://shop.example.com/soulard' },
      [
        ['Cloud Cover Sour Tangie Live Resin Cartridge', '78.9%', '-', 'Sativa'],
        ['Wana Sour Gummies Mango', '100mg', '-', 'Sativa'],
      ],
    ],
    [
      'dispense',
      ['dispense/payloads/venue-products-skip-0.json'],
      { menuUrl: 'https://www.example.com/shop/' },
      [
        ['Good Day Farm Sherb Cake - 3.5g', '26.1%', '-', 'Hybrid'],
        ['Wana Quick Sour Gummies Pina Colada - 100mg', '100mg', '-', 'Hybrid'],
      ],
    ],
    [
      'joint',
      ['joint/payloads/search-from-0.json'],
      { menuUrl: 'https://www.example.com/menu/' },
      [
        // A trimmed answer keeps only the shown value ('28.10%').
        ['Illicit | Gelato 41 | Flower', '28.1%', '-', 'Indica'],
        ['Robhots | Peach Ring Gummies | 100mg', '100mg', '-', 'Hybrid'],
      ],
    ],
    [
      'html',
      ['html/payloads/json-ld-featured-products.html'],
      { menuUrl: 'https://www.example.com/specials' },
      [
        // A specials page's edible: its stated dose is its THC.
        ['Wana Sour Gummies Mango 100mg', '100mg', '-', '-'],
        ['Happy Hour', '-', '-', '-'],
      ],
    ],
  ])('%s', (platform, files, store, expected) => {
    const deals = parsed(platform, files, store);
    expect(
      rows(
        deals,
        expected.map(([title]) => title!),
      ),
    ).toEqual(expected);
  });
});

describe('the potency pass every deal goes through', () => {
  const deal = (fields: Partial<Deal>): Deal => ({
    title: 'Blue Dream',
    description: '',
    price: '$30',
    imageUrl: '',
    sourceUrl: '',
    ...fields,
  });
  const finalized = (fields: Partial<Deal>) => finalizeDeals([deal(fields)], 'html', 'store')[0];

  it('reads a specials page card: THC 24.1%, its strain type from its words', () => {
    const read = finalized({
      title: 'Sour Diesel 3.5g',
      description: '$30 · Sativa · THC 24.1% · CBD 0.1%',
    });
    expect([read?.thc, read?.cbd, read?.strainType]).toEqual([
      { min: 24.1, max: 24.1, unit: '%' },
      { min: 0.1, max: 0.1, unit: '%' },
      'Sativa',
    ]);
  });

  it("reads '100mg THC' and a counted serving", () => {
    expect(finalized({ title: 'Wana Gummies', description: '100mg THC' })?.thc).toEqual({
      min: 100,
      max: 100,
      unit: 'mg',
    });
    expect(finalized({ title: 'Mints 20pk', description: '5mg THC each' })?.thc).toEqual({
      min: 100,
      max: 100,
      unit: 'mg',
    });
  });

  it('keeps a valid figure its adapter sent, drops one that breaks the contract', () => {
    const sent = { min: 22, max: 21, unit: '%' as const };
    expect(finalized({ title: 'Blue Dream 3.5g', thc: sent })?.thc).toBeUndefined();
    expect(
      finalized({
        title: 'Blue Dream 3.5g',
        description: 'THC 25%',
        thc: { min: 21, max: 22, unit: '%' },
      })?.thc,
    ).toEqual({ min: 21, max: 22, unit: '%' });
  });

  it('normalizes the strain type, and files a CBD-dominant product as CBD', () => {
    expect(finalized({ strainType: 'Indica Hybrid' })?.strainType).toBe('Hybrid');
    expect(finalized({ strainType: 'N/A' })).not.toHaveProperty('strainType');
    expect(
      finalized({
        title: 'Relief Balm',
        category: 'topicals',
        strainType: 'Hybrid',
        description: '100mg THC · 300mg CBD',
      })?.strainType,
    ).toBe('CBD');
  });

  it("reads no threshold of a store-wide special as a product's potency", () => {
    const read = finalized({
      title: 'Flower Friday',
      description: '20% off all flower over 30% THC',
    });
    expect(read?.thc).toBeUndefined();
  });
});

// The traps of the real captures, each read in place (never copied into the project) and put on
// sale in memory, so that its product becomes a deal.
const shared = (path: string) => join(SHARED_FIXTURES_DIR, path);
const hasShared = (path: string) => existsSync(shared(path));
const sharedJson = (path: string) => JSON.parse(readFileSync(shared(path), 'utf8')) as unknown[];

describe('the traps in the third-party captures', () => {
  it.skipIf(!hasShared('sweed/sweed-curaleaf-GetProductList-products.json'))(
    "Sweed: one piece's MG on a '5mg ea | 20-Pack' is multiplied by the pack, and it is CBD-led",
    () => {
      const products = sharedJson('sweed/sweed-curaleaf-GetProductList-products.json');
      const drops = products.find(
        (product) => (product as { name: string }).name === 'Chill Drops',
      ) as {
        variants: Array<Record<string, unknown>>;
      };
      const onSale = { ...drops, variants: [{ ...drops.variants[0], promoPrice: 1 }] };
      const entry = entryFor('sweed', { platformId: '1', menuUrl: 'https://shop.example.com/a' });
      const [read] = finalizeDeals(
        parseSweed(
          [{ label: 'page:1', url: 'https://shop.example.com', body: { list: [onSale] } }],
          entry,
        ).deals,
        'sweed',
        'a',
      );
      expect([read?.thc, read?.cbd, read?.strainType]).toEqual([
        { min: 9.3, max: 10.3, unit: 'mg' },
        { min: 74.2, max: 84, unit: 'mg' },
        'CBD',
      ]);
    },
  );

  it.skipIf(!hasShared('dispense/dispense-indigo-venue-products.json'))(
    "Dispense: an edible's percent is its weight's share, so its THC is the dose it is sold as",
    () => {
      const records = sharedJson('dispense/dispense-indigo-venue-products.json');
      const named = (name: string) => {
        const record = records.find((each) => (each as { name: string }).name === name) as object;
        return { ...record, variants: [], priceWithDiscounts: 1, price: 10 };
      };
      const entry = entryFor('dispense', {
        platformId: '1',
        menuUrl: 'https://www.example.com/shop/',
      });
      const body = {
        data: [
          named('Bango Bites Bango Mango Gummies - 100mg'),
          named('Illicit Gummies Mango 10:1 CBD:THC - 100mg'),
        ],
      };
      const deals = finalizeDeals(
        parseDispense([{ label: 'page:1', url: 'https://api', body }], entry).deals,
        'dispense',
        'a',
      );
      expect(deals.map((each) => [each.thc, each.strainType])).toEqual([
        [{ min: 100, max: 100, unit: 'mg' }, 'Hybrid'],
        [undefined, 'CBD'],
      ]);
    },
  );

  it.skipIf(!hasShared('jointcommerce/joint-shopcuzzies-_search-hits-source.json'))(
    'Joint: a 0.4% THC, 0.5% CBD hemp flower stays as stated; a lotion names its doses',
    () => {
      const hits = sharedJson('jointcommerce/joint-shopcuzzies-_search-hits-source.json');
      const pick = (start: string) =>
        hits.find((hit) => (hit as { name: string }).name.startsWith(start));
      const entry = entryFor('joint', {
        platformId: '1',
        menuUrl: 'https://www.example.com/menu/',
      });
      const body = {
        hits: {
          hits: [pick('Red Bullz'), pick('Pain Relief 1:1 CBD:THC Lotion')].map((_source) => ({
            _source,
          })),
        },
      };
      const deals = finalizeDeals(
        parseJoint([{ label: 'page:1', url: 'https://a', body }], entry).deals,
        'joint',
        'a',
      );
      const red = deals.find((each) => each.title.includes('Red Bullz'));
      const lotion = deals.find((each) => each.title.includes('Lotion'));
      expect([red?.thc, red?.cbd, red?.strainType]).toEqual([
        { min: 0.4, max: 0.4, unit: '%' },
        { min: 0.5, max: 0.5, unit: '%' },
        'CBD',
      ]);
      expect([lotion?.thc, lotion?.cbd, lotion?.strainType]).toEqual([
        { min: 100, max: 100, unit: 'mg' },
        { min: 100, max: 100, unit: 'mg' },
        undefined,
      ]);
    },
  );

  it.skipIf(!hasShared('weedmaps/wm-jsonapi-menu_items-off-the-charts-las-cruces.json'))(
    "Weedmaps JSON:API: the cannabinoid measurements, the platform's figure over the name's",
    () => {
      const answer = JSON.parse(
        readFileSync(
          shared('weedmaps/wm-jsonapi-menu_items-off-the-charts-las-cruces.json'),
          'utf8',
        ),
      ) as { data: Array<{ attributes: { name: string } }> };
      const items = answer.data.filter((item) =>
        item.attributes.name.startsWith('Green Hornet|Green Apple'),
      );
      const entry = entryFor('weedmaps', { platformId: 'off-the-charts-las-cruces' });
      const deals = finalizeDeals(
        parseWeedmaps(
          [{ label: 'menu-items-page-1', url: 'https://a', body: { ...answer, data: items } }],
          entry,
        ).deals,
        'weedmaps',
        'a',
      );
      expect(deals.map((each) => each.thc)).toEqual([{ min: 100, max: 100, unit: 'mg' }]);
    },
  );
});

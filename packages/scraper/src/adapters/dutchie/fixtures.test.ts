import { describe, expect, it } from 'vitest';
import { BlockedError, ScrapeError } from '../../errors';
import type { RegistryEntry } from '../../registry';
import { problemsOf, readText, sharedFixtures } from '../shared/testing';
import type { Received } from '../types';
import { labelOf } from './browser';
import { parse } from './parse';

/**
 * The third-party captures in ../shared/fixtures/dutchie (research 1.6), read in place and never
 * copied. Several are wrapped by the repositories they came from; `received` unwraps each into
 * what a transport would hand over, labelled by `labelOf` as the browser transport labels it.
 */
const fixtures = sharedFixtures(import.meta.url, 'dutchie');

/** A POST's URL: the label then comes from the body's data field. */
const GRAPHQL = 'https://dutchie.com/graphql';
const entry = (platformId: string): RegistryEntry => ({
  key: 'fixture-store',
  name: 'Fixture store',
  platform: 'dutchie',
  platformId,
});
const labelled = (url: string, body: unknown): Received => ({
  label: labelOf(url, body) ?? 'unlabelled',
  url,
  body,
});

interface Expectation {
  entry: RegistryEntry;
  received(content: string): Received[];
  /** Deals counted by hand from the file. */
  products: number;
  storeSpecials: number;
}

const json = (content: string) => JSON.parse(content) as Record<string, unknown>;

const EXPECTED: Record<string, Expectation> = {
  // One real product, $4 (was $8) under '50% Off Brands', with its live request URL.
  'dutchie-FilteredProducts-product-saleSpecial.json': {
    entry: entry('kushmart-north'),
    received: (content) => {
      const { _provenance, product } = json(content) as {
        _provenance: { url: string };
        product: unknown;
      };
      return [labelled(_provenance.url, { data: { filteredProducts: { products: [product] } } })];
    },
    products: 1,
    storeSpecials: 0,
  },
  // Three real products: $17 (was $30), $45 (was $60), and a '2 for $69' bundle at $39.
  'dutchie-getPersonalizedProducts-live-capture.json': {
    entry: entry('the-mint-tempe'),
    received: (content) => [labelled(GRAPHQL, json(content))],
    products: 3,
    storeSpecials: 0,
  },
  // Three products: two with recSpecialPrices below recPrices, one with [].
  'dutchie-filteredProducts-trulieve-harvest-trimmed.json': {
    entry: entry('harvest-of-scottsdale'),
    received: (content) => [labelled(GRAPHQL, json(content))],
    products: 2,
    storeSpecials: 0,
  },
  // An intercept envelope: a store stub, six cards (one nameless) and an empty products page.
  'dutchie-GetSpecialMenuCards-intercept.json': {
    entry: entry('the-joint'),
    received: (content) =>
      (json(content).intercepted as Array<{ url: string; data: unknown }>).map((capture) =>
        labelled(capture.url, capture.data),
      ),
    products: 0,
    storeSpecials: 5,
  },
};

const read = (file: string) => readText(fixtures.dir, file);

describe.skipIf(fixtures.absent)('parse on the third-party Dutchie fixtures', () => {
  it.each(Object.entries(EXPECTED))('%s', (file, expected) => {
    const result = parse(expected.received(read(file)), expected.entry);
    const { deals } = result;
    const products = deals.filter((deal) => deal.id?.startsWith('product:'));
    expect(products).toHaveLength(expected.products);
    expect(deals).toHaveLength(expected.products + expected.storeSpecials);
    expect(problemsOf(result)).toEqual([]);
    for (const deal of deals) expect(deal.sourceUrl).not.toBe('');
  });

  it('reads the real sale product as the research describes it', () => {
    const file = 'dutchie-FilteredProducts-product-saleSpecial.json';
    const expected = EXPECTED[file]!;
    const [deal] = parse(expected.received(read(file)), expected.entry).deals;
    expect(deal).toMatchObject({
      title: "Mama J's: Alien Rock Candy - PR 2pk",
      price: '$4 (was $8)',
      salePrice: 4,
      regularPrice: 8,
      discountPercent: 50,
      category: 'pre-rolls',
      specialName: '50% Off Brands',
      sourceUrl:
        'https://dutchie.com/dispensary/kushmart-north/product/mama-j-s-alien-rock-candy-pr-2pk',
    });
  });

  it('recognises the Cloudflare block page', () => {
    const page = read('dutchie-cloudflare-block-page.html');
    expect(() => parse([{ label: 'store', url: GRAPHQL, body: page }], entry('x'))).toThrow(
      BlockedError,
    );
  });

  it('parses any other capture that appears without throwing anything but a scrape error', () => {
    const known = new Set([...Object.keys(EXPECTED), 'dutchie-cloudflare-block-page.html']);
    for (const file of fixtures.files.filter(
      (each) => !known.has(each) && each.endsWith('.json'),
    )) {
      console.warn(`Dutchie fixture ${file} has no expected deal count yet`);
      try {
        parse([labelled(GRAPHQL, JSON.parse(read(file)) as unknown)], entry('x'));
      } catch (error) {
        expect(error).toBeInstanceOf(ScrapeError);
      }
    }
  });
});

import { describe, expect, it } from 'vitest';
import { finalizeDeals, finalizeMenu, plainText } from '../src/normalize';

describe('plainText', () => {
  it.each<[unknown, string]>([
    ['<b>20% off</b> all <i>flower</i>', '20% off all flower'],
    ['<script>alert(1)</script>BOGO gummies', 'BOGO gummies'],
    ['<style>.a{}</style>Half off', 'Half off'],
    ['Tom &amp; Jerry&nbsp;OG', 'Tom & Jerry OG'],
    ['line\nbreak\ttab\u0000null', 'line break tab null'],
    ['C1\u0085next\u009fline', 'C1 next line'],
    // Every bidirectional control, each able to reorder what is shown after it.
    ['\u202eFFO %05\u202c Gummies', 'FFO %05 Gummies'],
    ['a\u200eb\u200fc\u061cd\u202ae\u202bf\u202cg\u202dh\u202ei', 'abcdefghi'],
    ['\u2066isolated\u2067 \u2068text\u2069', 'isolated text'],
    ['&lt;img src=x onerror=alert(1)&gt;', 'img src=x onerror=alert(1)'],
    [42, ''],
    [null, ''],
  ])('%j -> %j', (input, expected) => {
    expect(plainText(input)).toBe(expected);
  });

  it('cuts to the bound', () => {
    expect(plainText('x'.repeat(5000))).toHaveLength(1000);
    expect(plainText('x'.repeat(5000), 200)).toHaveLength(200);
  });

  it('cleans a hostile field of megabytes as far as its bound only', () => {
    // 2 MB of unclosed '<script': the markup patterns would rescan to its end from each one, for
    // minutes (the test's timeout); cut first, it is read as the text it is.
    const cleaned = plainText(`Half off ${'<script'.repeat(300_000)}`);
    expect(cleaned.startsWith('Half off <script<script')).toBe(true);
    expect(cleaned).toHaveLength(1000);
  });
});

describe('finalizeDeals', () => {
  const deal = {
    title: '20% off all Wyld gummies',
    description: 'Fridays only',
    price: '$16 (was $20)',
    imageUrl: 'https://img.example/wyld.png',
    sourceUrl: 'https://shop.example/wyld',
  };

  it('keys, cleans and keeps good deals', () => {
    const [kept] = finalizeDeals([deal], 'feed', 'kind-goods-soulard');
    expect(kept).toMatchObject({ ...deal, platform: 'feed' });
    expect(kept?.id).toMatch(/^feed:kind-goods-soulard:[0-9a-f]{16}$/);
  });

  it('blanks links and images that are not http(s)', () => {
    const [kept] = finalizeDeals(
      [{ ...deal, imageUrl: 'javascript:alert(1)', sourceUrl: 'data:text/html,x' }],
      'feed',
      'k',
    );
    expect(kept).toMatchObject({ imageUrl: '', sourceUrl: '' });
  });

  it('makes the short text fields plain too, and leaves out one left blank', () => {
    const [kept] = finalizeDeals(
      [
        {
          ...deal,
          brand: '\u202eDLYW\u202c <b>Co</b>',
          strainType: 'Hybrid\u0000',
          size: '\u2066 \u2069',
          specialName: 'Fri&amp;Sat',
        },
      ],
      'feed',
      'k',
    );
    expect(kept).toMatchObject({ brand: 'DLYW Co', strainType: 'Hybrid', specialName: 'Fri&Sat' });
    expect(kept).not.toHaveProperty('size');
  });

  it('makes prices and percent consistent, and counts each mend per problem', () => {
    const { deals, priceProblems } = finalizeMenu(
      [
        { ...deal, title: 'Claims 99% off', regularPrice: 40, salePrice: 30, discountPercent: 99 },
        {
          ...deal,
          title: 'Also claims 90% off',
          regularPrice: 20,
          salePrice: 16,
          discountPercent: 90,
        },
        { ...deal, title: 'Sale above regular', regularPrice: 30, salePrice: 45 },
        { ...deal, title: 'Astronomical price', regularPrice: 1e308, salePrice: NaN },
        { ...deal, title: 'Honest 20% off', regularPrice: 20, salePrice: 16, discountPercent: 20 },
      ],
      'feed',
      'k',
    );
    expect(deals.map((kept) => kept.discountPercent)).toEqual([25, 20, undefined, undefined, 20]);
    expect(deals[2]).not.toHaveProperty('salePrice');
    expect(deals[3]).not.toHaveProperty('regularPrice');
    expect(priceProblems).toEqual({
      'percent-from-prices': 2,
      'sale-above-regular': 1,
      'price-out-of-range': 1,
    });
  });

  it('drops junk and duplicates', () => {
    const junk = { ...deal, title: 'CSS styles', description: '' };
    expect(finalizeDeals([deal, junk, deal], 'feed', 'k')).toHaveLength(1);
  });

  it('keeps the same id for the same deal across scrapes and distinguishes others', () => {
    const first = finalizeDeals([deal, { ...deal, id: 'sku-1' }], 'feed', 'k');
    const second = finalizeDeals([deal, { ...deal, id: 'sku-1' }], 'feed', 'k');
    expect(first.map((d) => d.id)).toEqual(second.map((d) => d.id));
    expect(first[0]?.id).not.toBe(first[1]?.id);
  });
});

describe('text bounds count what the contract counts', () => {
  it('cuts emoji text to 1,000 UTF-16 units without splitting a character', () => {
    const cut = plainText('🌿'.repeat(800));
    expect(cut.length).toBe(1000);
    expect(cut).toBe('🌿'.repeat(500));
    expect(plainText(`a${'🌿'.repeat(600)}`).length).toBe(999);
  });
});

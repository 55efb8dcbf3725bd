import {
  effectivePriceFields,
  PAGE_VIEW_LIMITS,
  pageDealOf,
  varietyKeys,
  type Deal,
  type DealListView,
} from '@stl-deals/domain';
import { describe, expect, it } from 'vitest';
import { serializeDeals, type SerializedDeal } from '../src/collection/serialized-deals';

const base: Deal = {
  id: 'feed:a:1',
  title: 'Blue Dream eighth',
  description: '20% off all eighths',
  price: '$36 (was $45)',
  imageUrl: 'https://example.com/1.jpg',
  sourceUrl: 'https://example.com/deals/1',
  platform: 'feed',
  brand: 'Proper',
  size: '3.5g',
  regularPrice: 45,
  salePrice: 36,
  discountPercent: 20,
};

/** A deal's JSON in `view`, copied out as the read model copies it into a list. */
function viewOf(deal: SerializedDeal, view: DealListView): string {
  const target = Buffer.alloc(deal.byteLength(view) + 2, '#');
  const end = deal.copyTo(view, target, 1);
  expect(end).toBe(1 + deal.byteLength(view));
  // Nothing written outside its own bytes.
  expect([target[0], target[end]]).toEqual([0x23, 0x23]);
  return target.toString('utf8', 1, end);
}

describe('serializeDeals', () => {
  const long = (length: number) => 'é'.repeat(length);
  const unpriced: Deal[] = [
    base,
    // Nothing but the page's fields: both views are the same bytes.
    { ...base, id: 'feed:a:0', platform: undefined },
    // The fields the page never reads: only the full view has them.
    { ...base, id: 'feed:a:2', storeProductKey: 'id:2', strainType: 'hybrid' },
    // A multi-buy, in both views.
    { ...base, id: 'feed:a:3', price: '2 for $65', regularPrice: 42, salePrice: undefined },
    // Texts the page view cuts and an address it leaves out: the full view keeps them whole.
    {
      ...base,
      id: 'feed:a:4',
      title: long(PAGE_VIEW_LIMITS.title + 5),
      description: long(PAGE_VIEW_LIMITS.description + 1),
      sourceUrl: `https://example.com/${'s'.repeat(PAGE_VIEW_LIMITS.url)}`,
      storeProductKey: 'id:4',
    },
  ];
  // As the read model gives them: each with its price per item and multi-buy worked out.
  const deals = unpriced.map((deal) => ({ ...deal, ...effectivePriceFields(deal) }));

  it('gives each deal its full view (every field, whole texts) and its page view', () => {
    const serialized = serializeDeals(deals);
    expect(serialized).toHaveLength(deals.length);
    serialized.forEach((deal, index) => {
      const priced = deals[index]!;
      const full = JSON.parse(viewOf(deal, 'full')) as Deal;
      expect(full).toEqual(JSON.parse(JSON.stringify(priced)));
      const page = JSON.parse(viewOf(deal, 'page')) as Deal;
      expect(page).toEqual(JSON.parse(JSON.stringify(pageDealOf(priced))));
      expect(deal.pageJson()).toBe(viewOf(deal, 'page'));
      expect(deal.variety).toEqual(varietyKeys(priced));
    });
    expect(viewOf(serialized[1]!, 'full')).toBe(viewOf(serialized[1]!, 'page'));
    expect(JSON.parse(viewOf(serialized[2]!, 'full'))).toMatchObject({ storeProductKey: 'id:2' });
    expect(JSON.parse(viewOf(serialized[2]!, 'page'))).not.toHaveProperty('storeProductKey');
    expect(JSON.parse(viewOf(serialized[3]!, 'page'))).toMatchObject({
      effectivePrice: 32.5,
      multiBuy: '2 for $65',
    });
    const cut = JSON.parse(viewOf(serialized[4]!, 'page')) as Deal;
    expect(cut.title).toHaveLength(PAGE_VIEW_LIMITS.title);
    expect(cut.sourceUrl).toBe('');
  });

  it('gives a result with no deals nothing', () => {
    expect(serializeDeals([])).toEqual([]);
  });
});

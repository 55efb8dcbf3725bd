import type { Deal } from '@stl-deals/domain';

/** A valid deal numbered `n`, with an id, so that its history key is its id. */
export function sampleDeal(n: number, overrides: Partial<Deal> = {}): Deal {
  return {
    id: `dutchie:grove:${n}`,
    title: `Deal ${n}`,
    description: `Sample deal number ${n}`,
    price: `$${10 + n}`,
    imageUrl: '',
    sourceUrl: `https://example.com/deals/${n}`,
    platform: 'dutchie',
    salePrice: 10 + n,
    ...overrides,
  };
}

export function sampleDeals(count: number): Deal[] {
  return Array.from({ length: count }, (_, n) => sampleDeal(n));
}

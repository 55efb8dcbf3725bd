import { describe, expect, it } from 'vitest';
import { productDeal } from './product-offer';

describe('productDeal', () => {
  it('shows the buy-X-get-Y phrase of a long special name beside the shelf price, as written', () => {
    const deal = productDeal({
      id: '1',
      name: 'Jealousy Pre-Roll',
      regularPrice: 12,
      specials: [{ name: 'All Proper pre-rolls this week: buy two get one free' }],
    });
    expect(deal?.price).toBe('$12 · buy two get one free');
  });
});

import { describe, expect, it } from 'vitest';
import { categoryOf, menuProductDeal, productDeal, strainTypeOf } from './product-deal';

describe('readers', () => {
  it('names strain types and nothing else', () => {
    expect([strainTypeOf('indica'), strainTypeOf('S'), strainTypeOf('cbd')]).toEqual([
      'Indica',
      'Sativa',
      'CBD',
    ]);
    expect(strainTypeOf('Gummies')).toBeUndefined();
    expect(strainTypeOf('__proto__')).toBeUndefined();
  });

  it('prefers a category it knows over a sub-category it does not', () => {
    expect(categoryOf('Flower', 'Big Buds')).toBe('flower');
    expect(categoryOf('Grow', 'extract')).toBe('concentrates');
    expect(categoryOf('Grow')).toBe('other');
    expect(categoryOf(undefined, 7)).toBe('other');
    expect(categoryOf(undefined, null)).toBeUndefined();
  });
});

describe('menuProductDeal', () => {
  const offer = {
    id: '1',
    brand: 'Proper',
    name: 'Jealousy',
    regularPrice: 40,
    category: 'flower' as const,
  };

  it('is no deal without a saving or a bundle', () => {
    expect(menuProductDeal(offer)).toBeUndefined();
    expect(menuProductDeal({ ...offer, salePrice: 40 })).toBeUndefined();
    expect(menuProductDeal({ ...offer, salePrice: 39.9 })).toBeUndefined();
    expect(menuProductDeal({ ...offer, salePrice: 30, name: undefined })).toBeUndefined();
  });

  it('computes the sale price from a percent off', () => {
    expect(menuProductDeal({ ...offer, percentOff: 25, size: '3.5g' })).toMatchObject({
      price: '$30 (was $40)',
      salePrice: 30,
      discountPercent: 25,
      description: '25% off 3.5g',
      unitPrice: { amount: 8.57, per: 'g' },
    });
  });

  it('says "25% off" when only the percent is known', () => {
    const deal = menuProductDeal({ ...offer, regularPrice: undefined, percentOff: 25 });
    expect(deal).toMatchObject({ price: '25% off', discountPercent: 25 });
    expect(deal?.salePrice).toBeUndefined();
  });

  it('takes a fractional percent off the regular price', () => {
    expect(menuProductDeal({ ...offer, percentOff: 12.5 })).toMatchObject({
      price: '$35 (was $40)',
      discountPercent: 13,
    });
  });

  it('gives no unit price for a size that only looks like one', () => {
    expect(
      menuProductDeal({ ...offer, salePrice: 30, size: 'constructor' })?.unitPrice,
    ).toBeUndefined();
  });

  it('keeps the platform name when it already names the brand', () => {
    const deal = menuProductDeal({ ...offer, name: 'Proper | Jealousy | 3.5g', salePrice: 30 });
    expect(deal?.title).toBe('Proper | Jealousy | 3.5g');
  });

  it('reads a bundle special at the regular price, with its weekdays', () => {
    expect(
      menuProductDeal({ ...offer, specialName: 'BOGO Proper eighths every Monday' }),
    ).toMatchObject({
      price: 'BOGO',
      regularPrice: 40,
      description: 'BOGO Proper eighths every Monday',
      validDays: ['monday'],
    });
  });

  it.each([
    ['B2G1 Proper Pre-Rolls', 'B2G1'],
    ['Buy 2 Get 1 Proper Pre-Rolls', 'Buy 2 Get 1'],
    ['Pre-rolls: buy two get one free', 'buy two get one free'],
  ])('reads a buy-X-get-Y special %s as written', (specialName, price) => {
    expect(menuProductDeal({ ...offer, specialName })?.price).toBe(price);
  });
});

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

import { describe, expect, it } from 'vitest';
import { menuProductDeal } from './menu-product';

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

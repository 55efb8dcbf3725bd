import { buildDealViews, type Deal } from '@stl-deals/domain';
import { describe, expect, it } from 'vitest';
import { deal, DISPENSARIES } from '../../../test/fixtures';
import { comparisonRows } from './product-comparison';

const rowsOf = (deals: Deal[]) => comparisonRows(buildDealViews(deals, DISPENSARIES, null));

describe('comparisonRows', () => {
  it("says each store's discount as its card does: the verdict where the history judges", () => {
    const rows = rowsOf([
      deal({
        title: 'A',
        salePrice: 32,
        regularPrice: 64,
        usualPrice: 52,
        discountCheck: 'inflated',
      }),
      deal({ title: 'B', salePrice: 50, regularPrice: 60, usualPrice: 50, discountCheck: 'none' }),
      deal({ title: 'C', salePrice: 30, regularPrice: 60, discountCheck: 'unknown' }),
      deal({ title: 'D', salePrice: 30 }),
    ]);
    expect(rows.map((row) => row.discount)).toEqual([
      'Usual $52, 38% off',
      'Its usual price',
      '50% off (claimed)',
      null,
    ]);
  });

  it('writes a multi-buy in sentence case beside its price per item', () => {
    const [row] = rowsOf([
      deal({
        title: 'Carts',
        price: '2 FOR $65',
        regularPrice: 42,
        effectivePrice: 32.5,
        multiBuy: '2 FOR $65',
      }),
    ]);
    expect([row!.each, row!.offer]).toEqual(['$32.50', '2 for $65']);
  });
});

import { buildDealViews, effectivePriceFields, type Deal } from '@stl-deals/domain';
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

  it('shows a multi-buy beside its price per item as the service writes it, in sentence case', () => {
    const made = deal({ title: 'Carts', price: '2 FOR $65', regularPrice: 42 });
    const [row] = rowsOf([{ ...made, ...effectivePriceFields(made) }]);
    expect([row!.each, row!.offer]).toEqual(['$32.50', '2 for $65']);
  });
});

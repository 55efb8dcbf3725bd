import { describe, expect, it } from 'vitest';
import { extendedWindow, observationsOf, priceWindow } from '../src/collection/price-window';

const day = (d: string, salePrice: number | null, regularPrice: number | null = null) => ({
  day: d,
  salePrice,
  regularPrice,
  onDeal: false,
});

describe('a price window', () => {
  it.each([
    [19.99, 19.99],
    [0.1 + 0.2, 0.3],
    // Half a cent rounds up on its decimal value, as the price memory rule reads money.
    [2.675, 2.68],
    [2.665, 2.67],
    [10.004, 10],
    [1_000_000, 1_000_000],
  ])('keeps %d as %d dollars (whole cents)', (price, kept) => {
    const [observation] = observationsOf(
      priceWindow([day('2026-11-20', price, price)], '2026-11-01', '2026-11-26'),
    );
    expect(observation).toEqual(day('2026-11-20', kept, kept));
  });

  it('holds the days from `since` through `through`, oldest first, with no price kept as none', () => {
    const window = priceWindow(
      [
        day('2026-11-25', 30),
        day('2026-10-01', 10),
        day('2026-11-20', null, 40),
        day('2026-11-27', 1),
      ],
      '2026-10-28',
      '2026-11-26',
    );
    expect(observationsOf(window)).toEqual([day('2026-11-20', null, 40), day('2026-11-25', 30)]);
  });

  it('moves on: the days past `since` leave, the later ones join', () => {
    const window = priceWindow(
      [day('2026-11-01', 10), day('2026-11-20', 20)],
      '2026-10-28',
      '2026-11-26',
    );
    const moved = extendedWindow(window, [day('2026-11-27', 30)], '2026-11-02', '2026-11-27');
    expect(moved.through).toBe('2026-11-27');
    expect(observationsOf(moved)).toEqual([day('2026-11-20', 20), day('2026-11-27', 30)]);
  });
});

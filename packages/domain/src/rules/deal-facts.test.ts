import { describe, expect, it } from 'vitest';
import { discountOf, endsLabel, isNewDeal, moneyText, unitPriceText } from './deal-facts';

/** Wednesday 4 June 2025, noon in St. Louis. */
const NOW = Date.parse('2025-06-04T17:00:00Z');
const TZ = 'America/Chicago';

describe('discountOf', () => {
  it.each<[object, number]>([
    [{ discountPercent: 33.4 }, 33],
    [{ regularPrice: 45, salePrice: 30 }, 33],
    [{ regularPrice: 45, salePrice: 45 }, Number.NaN],
    [{ salePrice: 30 }, Number.NaN],
    [{}, Number.NaN],
  ])('%j -> %s', (deal, expected) => {
    expect(discountOf(deal)).toBe(expected);
  });
});

describe('prices', () => {
  it('writes money and unit prices', () => {
    expect(moneyText(25)).toBe('$25');
    expect(moneyText(24.5)).toBe('$24.50');
    expect(unitPriceText({ amount: 8.571, per: 'g' })).toBe('$8.57/g');
    expect(unitPriceText({ amount: 2.1, per: '100mg' })).toBe('$2.10/100 mg');
    expect(unitPriceText({ amount: 5, per: 'each' })).toBe('$5.00 each');
  });
});

describe('isNewDeal', () => {
  it.each<[string | undefined, boolean]>([
    ['2025-06-04T10:00:00Z', true],
    ['2025-06-03T17:00:01Z', true],
    ['2025-06-03T17:00:00Z', false],
    ['2025-06-05T10:00:00Z', false],
    [undefined, false],
  ])('first seen %s -> %s', (firstSeenAt, expected) => {
    expect(isNewDeal(firstSeenAt ? { firstSeenAt } : {}, NOW)).toBe(expected);
  });
});

describe('endsLabel', () => {
  const at = { now: NOW, timeZone: TZ };
  it.each<[object, string | null]>([
    [{ endsAt: '2025-06-05T04:59:00Z' }, 'Ends today'], // 23:59 in St. Louis
    [{ endsAt: '2025-06-05T05:30:00Z' }, 'Ends Thu'],
    [{ endsAt: '2025-06-08T20:00:00Z' }, 'Ends Sun'],
    [{ endsAt: '2025-06-20T20:00:00Z' }, 'Ends Jun 20'],
    [{ endsAt: '2025-06-01T20:00:00Z' }, null],
    [{ validDays: ['wednesday'] }, 'Ends today'],
    [{ validDays: ['wednesday', 'thursday', 'friday'] }, 'Ends Fri'],
    [{ validDays: ['saturday', 'sunday'] }, null],
    [
      { validDays: ['sunday', 'monday', 'tuesday', 'wednesday', 'thursday', 'friday', 'saturday'] },
      null,
    ],
    [{}, null],
  ])('%j -> %s', (deal, expected) => {
    expect(endsLabel(deal, at)).toBe(expected);
  });

  it('reads validDays from the day shown', () => {
    expect(endsLabel({ validDays: ['saturday', 'sunday'] }, { ...at, day: 'saturday' })).toBe(
      'Ends Sun',
    );
    expect(endsLabel({ validDays: ['friday'] }, { ...at, day: 'friday' })).toBe('Ends Fri');
    expect(endsLabel({ endsAt: '2025-06-05T04:59:00Z' }, { ...at, day: 'friday' })).toBeNull();
  });
});

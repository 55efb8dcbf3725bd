import { describe, expect, it } from 'vitest';
import { readDealHistory } from './get-deal-history';

const point = (overrides: Record<string, unknown> = {}) => ({
  day: '2025-06-01',
  salePrice: 20,
  regularPrice: 30,
  onDeal: true,
  ...overrides,
});

const answer = (points: unknown, overrides: Record<string, unknown> = {}) => ({
  id: 'd1',
  dispensaryKey: 'swade',
  points,
  ...overrides,
});

describe('readDealHistory', () => {
  it('reads the days in order, leaving out fields the contract does not name', () => {
    const read = readDealHistory(
      answer([
        point({ day: '2025-06-03', regularPrice: null, onDeal: false, note: 'x' }),
        point({ day: '2025-06-01' }),
      ]),
      'd1',
    );
    expect(read).toEqual({
      id: 'd1',
      dispensaryKey: 'swade',
      points: [
        { day: '2025-06-01', salePrice: 20, regularPrice: 30, onDeal: true },
        { day: '2025-06-03', salePrice: 20, regularPrice: null, onDeal: false },
      ],
    });
  });

  it.each<[string, unknown, RegExp]>([
    ['not an object', [], /does not match the contract/],
    ['another deal', answer([], { id: 'd2' }), /not of deal d1/],
    ['no dispensary key', answer([], { dispensaryKey: 7 }), /does not match/],
    ['no list of days', answer({ 0: point() }), /does not match/],
    ['more than a year of days', answer(Array(366).fill(point())), /does not match/],
    ['a day that is no calendar day', answer([point({ day: '2025-02-30' })]), /does not match/],
    ['a price sent as text', answer([point({ salePrice: '20' })]), /does not match/],
    ['no price', answer([point({ salePrice: null })]), /does not match/],
    ['a negative price', answer([point({ regularPrice: -1 })]), /does not match/],
    ['a price beyond the bound', answer([point({ salePrice: 1e308 })]), /does not match/],
    ['no onDeal', answer([point({ onDeal: 'yes' })]), /does not match/],
    ['two points of one day', answer([point(), point()]), /two points of 2025-06-01/],
  ])('refuses %s', (_, input, message) => {
    expect(() => readDealHistory(input, 'd1')).toThrow(message);
  });

  it('takes a price of 0 and a regular price not named', () => {
    const read = readDealHistory(answer([point({ salePrice: 0, regularPrice: null })]), 'd1');
    expect(read.points[0]).toMatchObject({ salePrice: 0, regularPrice: null });
  });
});

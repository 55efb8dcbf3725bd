import type { StampedDeal } from '@stl-deals/domain';
import { describe, expect, it } from 'vitest';
import { compareRelevance, type RankedDeal } from '../src/collection/relevance';

const deal = (title: string, extra: Partial<StampedDeal> = {}): StampedDeal => ({
  title,
  description: '',
  price: '',
  imageUrl: '',
  sourceUrl: '',
  dispensary: 'A',
  dispensaryKey: 'a',
  ...extra,
});
const ranked = (title: string, extra: Partial<StampedDeal>, dispensaryIndex = 0): RankedDeal => ({
  deal: deal(title, extra),
  dispensaryIndex,
});
const order = (...deals: RankedDeal[]) =>
  [...deals].sort(compareRelevance).map(({ deal }) => deal.title);

describe('relevance order', () => {
  it.each<[string, RankedDeal[], string[]]>([
    [
      'deeper discount first',
      [ranked('10%', { discountPercent: 10 }), ranked('40%', { discountPercent: 40 })],
      ['40%', '10%'],
    ],
    [
      'no discount counts as 0%',
      [ranked('none', {}), ranked('5%', { discountPercent: 5 })],
      ['5%', 'none'],
    ],
    [
      'then newer first',
      [
        ranked('old', { discountPercent: 20, firstSeenAt: '2026-11-01T00:00:00Z' }),
        ranked('new', { discountPercent: 20, firstSeenAt: '2026-11-20T00:00:00Z' }),
      ],
      ['new', 'old'],
    ],
    [
      'unknown first sighting counts as oldest',
      [ranked('unknown', {}), ranked('seen', { firstSeenAt: '2026-11-20T00:00:00Z' })],
      ['seen', 'unknown'],
    ],
    [
      'then registry order',
      [ranked('second store', {}, 1), ranked('first store', {}, 0)],
      ['first store', 'second store'],
    ],
    [
      "then the menu's own order (stable)",
      [ranked('menu 1', {}), ranked('menu 2', {}), ranked('menu 3', {})],
      ['menu 1', 'menu 2', 'menu 3'],
    ],
  ])('%s', (_name, deals, expected) => {
    expect(order(...deals)).toEqual(expected);
  });
});

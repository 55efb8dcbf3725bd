import type { StampedDeal } from '@stl-deals/domain';
import { describe, expect, it } from 'vitest';
import { compareRelevance, rankDeal, type RankedDeal } from '../src/collection/relevance';

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
const ranked = (title: string, extra: Partial<StampedDeal>, dispensaryIndex = 0): RankedDeal =>
  rankDeal(deal(title, extra), dispensaryIndex);
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
      'the checked discount, not the claimed one: a claim of 99% 42% below its usual price',
      [
        ranked('claims 99%', {
          discountPercent: 99,
          salePrice: 30,
          regularPrice: 4000,
          effectivePrice: 30,
          usualPrice: 52,
          discountCheck: 'inflated',
        }),
        ranked('50% unchecked', { discountPercent: 50, discountCheck: 'unknown' }),
        ranked('45% checked', { effectivePrice: 22, usualPrice: 40, discountCheck: 'real' }),
      ],
      ['50% unchecked', '45% checked', 'claims 99%'],
    ],
    [
      'a price above its usual one after no discount at all',
      [
        ranked('above', {
          discountPercent: 30,
          effectivePrice: 61,
          usualPrice: 50,
          discountCheck: 'none',
        }),
        ranked('none', {}),
      ],
      ['none', 'above'],
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
    [
      'within one day the instant does not decide',
      [
        ranked('earlier', { id: 'a', firstSeenAt: '2026-11-20T10:00:00Z' }, 0),
        ranked('later', { id: 'a', firstSeenAt: '2026-11-20T11:00:00Z' }, 1),
      ],
      ['earlier', 'later'],
    ],
  ])('%s', (_name, deals, expected) => {
    expect(order(...deals)).toEqual(expected);
  });

  it("mixes equal deals of several stores instead of stacking one store's deals", () => {
    const deals = [0, 1, 2].flatMap((store) =>
      Array.from({ length: 10 }, (_, n) =>
        ranked(`store ${store}`, { id: `feed:store-${store}:${n}`, discountPercent: 20 }, store),
      ),
    );
    const sorted = order(...deals);
    // Registry order would put store 0's ten deals first, one unbroken run.
    expect(new Set(sorted.slice(0, 10)).size).toBeGreaterThanOrEqual(2);
    const longestRun = Math.max(
      ...sorted.map((title, i) => {
        let run = 1;
        while (sorted[i + run] === title) run++;
        return run;
      }),
    );
    expect(longestRun).toBeLessThan(5);
    // A fixed shuffle: the same order whatever order the deals arrive in.
    expect(sorted).toEqual(order(...[...deals].reverse()));
  });
});

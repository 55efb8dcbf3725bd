import { describe, expect, it } from 'vitest';
import type { SortKey } from '../contract/options';
import { DEAL_CATEGORIES, type DealCategory } from '../contract/values';
import type { DealView } from './deal-view';
import { categoryLabel, groupDeals, groupHeading } from './grouping';

/** A deal view from 'id:category:dispensary'. */
function view(spec: string, rank = 0): DealView {
  const [id = '', category = 'other', dispensary = ''] = spec.split(':');
  return {
    deal: {
      title: id,
      description: '',
      price: '',
      imageUrl: '',
      sourceUrl: `https://example.com/${id}`,
      dispensary,
      dispensaryKey: dispensary.toLowerCase(),
    },
    category: category as DealCategory,
    distanceMiles: Infinity,
    sortPrice: 0,
    rank,
  };
}

/** 'Heading: a b | Other: c' — each group's heading ('-' for null) and its deal ids. */
function render(views: string[], sortKey: SortKey): string {
  return groupDeals(
    views.map((spec, rank) => view(spec, rank)),
    sortKey,
  )
    .map(
      (group) => `${group.heading ?? '-'}: ${group.deals.map((item) => item.deal.title).join(' ')}`,
    )
    .join(' | ');
}

const SORTED_BY_CATEGORY = [
  'a:flower:Swade',
  'b:flower:Zen Leaf',
  'c:pre-rolls:Swade',
  'd:other:Swade',
];

describe('groupDeals', () => {
  it.each<[string[], SortKey, string, string]>([
    [
      SORTED_BY_CATEGORY,
      'category',
      'Flower: a b | Pre-Rolls: c | Other: d',
      'category: one heading per category, with its label',
    ],
    [
      [
        'a:flower:🌿 Greenlight Cannabis',
        'b:flower:🌿 Greenlight Cannabis',
        'c:flower:Swade (Ellisville)',
        'd:edibles:Swade (Ellisville)',
      ],
      'category-dispensary',
      'Flower · 🌿 Greenlight: a b | Flower · Swade: c | Edibles · Swade: d',
      'category then dispensary: combined heading with the chip name',
    ],
    [
      ['a:flower:Swade - St. Louis', 'b:flower:Swade (Manchester)'],
      'category-dispensary',
      'Flower · Swade: a b',
      'two stores with the same chip name, adjacent, share one heading',
    ],
    [
      ['a:flower:', 'b:flower:'],
      'category-dispensary',
      'Flower: a b',
      'a blank dispensary name gives the category label alone',
    ],
    [
      ['a:flower:Swade', 'b:edibles:Swade', 'c:flower:Swade'],
      'category',
      'Flower: a | Edibles: b | Flower: c',
      'runs are consecutive: a heading that returns opens a new group',
    ],
    [SORTED_BY_CATEGORY, 'relevance', '-: a b c d', 'relevance: one group, no heading'],
    [SORTED_BY_CATEGORY, 'price-low', '-: a b c d', 'price-low: one group, no heading'],
    [SORTED_BY_CATEGORY, 'price-high', '-: a b c d', 'price-high: one group, no heading'],
    [SORTED_BY_CATEGORY, 'dispensary', '-: a b c d', 'dispensary: one group, no heading'],
    [SORTED_BY_CATEGORY, 'distance', '-: a b c d', 'distance: one group, no heading'],
    [['a:vapes:Swade'], 'category', 'Vapes: a', 'a single deal'],
    [[], 'category', '', 'no deals: no groups (category)'],
    [[], 'relevance', '', 'no deals: no groups (relevance)'],
  ])('%j by %s -> %s (%s)', (views, sortKey, expected) => {
    expect(render(views, sortKey)).toBe(expected);
  });

  it('keeps the given order and the same view objects, and leaves its input alone', () => {
    const input = ['a:edibles:X', 'b:flower:X'].map((spec, rank) => view(spec, rank));
    const groups = groupDeals(input, 'category');
    expect(groups.flatMap((group) => group.deals)).toEqual(input);
    expect(groups[0]?.deals[0]).toBe(input[0]);
    expect(input.map((item) => item.deal.title)).toEqual(['a', 'b']);
  });
});

describe('groupHeading', () => {
  it.each<[string, SortKey, string | null]>([
    ['a:concentrates:Key Cannabis', 'category', 'Concentrates'],
    ['a:concentrates:Key Cannabis', 'category-dispensary', 'Concentrates · Key'],
    ['a:concentrates:Key Cannabis', 'relevance', null],
    ['a:concentrates:Key Cannabis', 'distance', null],
  ])('%j by %s -> %j', (spec, sortKey, expected) => {
    expect(groupHeading(view(spec), sortKey)).toBe(expected);
  });
});

describe('categoryLabel', () => {
  it.each<[DealCategory, string]>([
    ['flower', 'Flower'],
    ['edibles', 'Edibles'],
    ['concentrates', 'Concentrates'],
    ['vapes', 'Vapes'],
    ['pre-rolls', 'Pre-Rolls'],
    ['topicals', 'Topicals'],
    ['accessories', 'Accessories'],
    ['other', 'Other'],
    ['mystery' as DealCategory, 'mystery'],
  ])('%s -> %s', (category, expected) => {
    expect(categoryLabel(category)).toBe(expected);
  });

  it('has a label for every category', () => {
    for (const category of DEAL_CATEGORIES) expect(categoryLabel(category)).not.toBe(category);
  });
});

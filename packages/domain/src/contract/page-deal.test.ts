import { describe, expect, it } from 'vitest';
import type { Deal } from './deal';
import { PAGE_DEAL_FIELDS } from './deal';
import { PAGE_VIEW_LIMITS, pageDealOf } from './page-deal';

const deal = (fields: Partial<Deal>): Deal => ({
  id: 'feed:a:1',
  title: 'Blue Dream 3.5g',
  description: '20% off',
  price: '$30',
  imageUrl: 'https://img.example/1.jpg',
  sourceUrl: 'https://menu.example/1',
  platform: 'feed',
  ...fields,
});

describe('pageDealOf', () => {
  it('keeps only the fields the page reads', () => {
    const page = pageDealOf(deal({ strainType: 'hybrid', storeProductKey: 'id:1' }));
    expect(
      Object.keys(page).every((key) => (PAGE_DEAL_FIELDS as readonly string[]).includes(key)),
    ).toBe(true);
    expect(page).toMatchObject({ id: 'feed:a:1', title: 'Blue Dream 3.5g', strainType: 'hybrid' });
    expect(page).not.toHaveProperty('platform');
    expect(page).not.toHaveProperty('storeProductKey');
  });

  it('carries the potency, which the card, the THC filter and the sort read', () => {
    const thc = { min: 20, max: 24, unit: '%' } as const;
    const cbd = { min: 1, max: 1, unit: '%' } as const;
    expect(pageDealOf(deal({ thc, cbd }))).toMatchObject({ thc, cbd });
  });

  it.each([
    ['title', PAGE_VIEW_LIMITS.title],
    ['description', PAGE_VIEW_LIMITS.description],
  ] as const)('cuts the %s at its bound in code points, never inside a character', (field, max) => {
    expect(pageDealOf(deal({ [field]: 'a'.repeat(max) }))[field]).toBe('a'.repeat(max));
    expect(pageDealOf(deal({ [field]: '😀'.repeat(max + 1) }))[field]).toBe('😀'.repeat(max));
  });

  it.each(['imageUrl', 'sourceUrl'] as const)('leaves out a %s over its bound', (field) => {
    const at = `https://a.example/${'p'.repeat(PAGE_VIEW_LIMITS.url - 18)}`;
    expect(at).toHaveLength(PAGE_VIEW_LIMITS.url);
    expect(pageDealOf(deal({ [field]: at }))[field]).toBe(at);
    expect(pageDealOf(deal({ [field]: `${at}p` }))[field]).toBe('');
  });
});

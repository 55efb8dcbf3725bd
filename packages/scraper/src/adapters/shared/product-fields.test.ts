import { describe, expect, it } from 'vitest';
import { categoryOf, strainTypeOf } from './product-fields';

describe('readers', () => {
  it('names strain types and nothing else', () => {
    expect([strainTypeOf('indica'), strainTypeOf('S'), strainTypeOf('cbd')]).toEqual([
      'Indica',
      'Sativa',
      'CBD',
    ]);
    expect(strainTypeOf('Gummies')).toBeUndefined();
    expect(strainTypeOf('__proto__')).toBeUndefined();
  });

  it('prefers a category it knows over a sub-category it does not', () => {
    expect(categoryOf('Flower', 'Big Buds')).toBe('flower');
    expect(categoryOf('Grow', 'extract')).toBe('concentrates');
    expect(categoryOf('Grow')).toBe('other');
    expect(categoryOf(undefined, 7)).toBe('other');
    expect(categoryOf(undefined, null)).toBeUndefined();
  });
});

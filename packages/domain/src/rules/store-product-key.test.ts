import { describe, expect, it } from 'vitest';
import { LIMITS } from '../contract/constants';
import { MAX_ID_CHARS, storeProductKey } from './store-product-key';

describe('storeProductKey', () => {
  it.each([
    [
      'the platform id wins over the name',
      { platformId: 'abc-3.5g', title: 'Blue Dream' },
      'id:abc-3.5g',
    ],
    ['an id is trimmed', { platformId: '  42 ', title: 'x' }, 'id:42'],
    [
      'no id: the cross-store product key',
      {
        title: 'Proper | Pineapple Express Smalls | 7g',
        brand: 'Proper',
        category: 'flower' as const,
      },
      expect.stringMatching(/^name:/),
    ],
    ['a bare name within one store', { title: '  Blue   Dream ' }, 'title:blue dream'],
    ['a blank id reads as none', { platformId: ' ', title: 'Blue Dream' }, 'title:blue dream'],
  ])('%s', (_, product, key) => {
    expect(storeProductKey(product)).toEqual(key);
  });

  it('keys two sizes of one named product apart', () => {
    const eighth = storeProductKey({
      title: 'Proper Jealousy 3.5g',
      brand: 'Proper',
      category: 'flower',
    });
    const quarter = storeProductKey({
      title: 'Proper Jealousy 7g',
      brand: 'Proper',
      category: 'flower',
    });
    expect(eighth).not.toBe(quarter);
  });

  it('keys an over-long id by name, and bounds every key', () => {
    const key = storeProductKey({
      platformId: 'x'.repeat(MAX_ID_CHARS + 1),
      title: 'y'.repeat(500),
    });
    expect(key).toMatch(/^title:y+$/);
    expect(key!.length).toBe(LIMITS.key);
  });

  it('has nothing to key by without an id and a title', () => {
    expect(storeProductKey({ title: '   ' })).toBeNull();
  });
});

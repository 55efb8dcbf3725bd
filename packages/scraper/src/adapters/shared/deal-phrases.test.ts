import { describe, expect, it } from 'vitest';
import { bundlePhraseIn } from './deal-phrases';

describe('bundlePhraseIn', () => {
  it.each([
    ['BOGO WANA GUMMIES', 'BOGO'],
    ['B2G1 pre-rolls', 'B2G1'],
    ['Buy 1 Get 1 free Robhots', 'Buy 1 Get 1 free'],
    ['2 for $50 Sinse carts', '2 for $50'],
    ['3/$60 eighths', '3/$60'],
    ['25% off', undefined],
    ['Bogota Kush', undefined],
  ])('%s -> %s', (input, phrase) => {
    expect(bundlePhraseIn(input)).toBe(phrase);
  });
});

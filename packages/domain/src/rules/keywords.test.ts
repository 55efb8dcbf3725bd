import { describe, expect, it } from 'vitest';
import { keywordMatcher } from './keywords';

describe('keywordMatcher', () => {
  const cart = keywordMatcher(['cart', 'vape pen']);

  it('finds a keyword as a whole word or phrase, in any case, also as a plural', () => {
    expect(cart('Two CARTS for $40')).toBe(true);
    expect(cart('Vape Pens, 20% off')).toBe(true);
    expect(cart('cart')).toBe(true);
  });

  it('does not find a keyword inside another word', () => {
    expect(cart('A cartoon sticker')).toBe(false);
    expect(cart('The Vape-pen')).toBe(false);
    expect(cart('écart')).toBe(false);
  });

  it('folds case as the Unicode pattern does, long s and Kelvin sign included', () => {
    expect(keywordMatcher(['classic'])('Claſſic blend')).toBe(true);
    expect(keywordMatcher(['kush'])('\u212Aush cake')).toBe(true);
  });

  it('matches keywords outside ASCII too', () => {
    expect(keywordMatcher(['crème'])('CRÈMES brûlées')).toBe(true);
    expect(keywordMatcher(['crème'])('crèmerie')).toBe(false);
  });

  it('matches nothing for no keywords', () => {
    expect(keywordMatcher([])('anything')).toBe(false);
  });
});

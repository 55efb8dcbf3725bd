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

  it('takes any Unicode letter or digit as part of a word, and an emoji as a break', () => {
    expect(cart('2carts')).toBe(false);
    expect(cart('中cart')).toBe(false);
    expect(cart('\u{1D400}cart')).toBe(false); // a letter outside the Basic Multilingual Plane
    expect(cart('cart\u{1D7CE}')).toBe(false); // a digit outside it
    expect(cart('🔥cart🔥')).toBe(true);
    expect(cart('cartes')).toBe(true);
    expect(cart('cartss')).toBe(false);
  });

  it('finds a keyword after an earlier occurrence that was inside a word', () => {
    expect(cart('cartoon cart')).toBe(true);
    expect(cart('cartoons')).toBe(false);
  });

  it('answers each text for itself when tables take turns with texts', () => {
    const joint = keywordMatcher(['joint']);
    expect(cart('Cart')).toBe(true);
    expect(joint('Cart')).toBe(false);
    expect(joint('JOINT')).toBe(true);
    expect(cart('JOINT')).toBe(false);
    expect(cart('Cart')).toBe(true);
  });

  it('matches nothing for no keywords', () => {
    expect(keywordMatcher([])('anything')).toBe(false);
  });
});

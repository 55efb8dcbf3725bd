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
    expect(keywordMatcher(['cart'])('İcart')).toBe(false); // a letter before, not a break
    expect(keywordMatcher(['μg'])('5 µg')).toBe(true); // the micro sign folds to mu
    expect(keywordMatcher(['σ'])('ς')).toBe(true);
  });

  it('folds case as the Unicode pattern does for every letter, mark, digit and symbol', () => {
    // The reference is V8's own case-insensitive Unicode matching. One knowing difference: the
    // dotted capital I ('İ', which lower-cases to two characters) is taken as the dotless 'ı'.
    const chars = Array.from({ length: 0x110000 }, (_, code) => code)
      .filter((code) => code < 0xd800 || code > 0xdfff)
      .map((code) => String.fromCodePoint(code))
      .filter((char) => /[\p{L}\p{M}\p{N}\p{S}]/u.test(char));
    const all = chars.join('');
    const escaped = (char: string) => char.replace(/[.*+?^${}()|[\]\\/-]/g, '\\$&');
    const differences: string[] = [];
    for (const char of chars) {
      if (char.toUpperCase() === char && char.toLowerCase() === char && !/\p{M}/u.test(char)) {
        if (!keywordMatcher([char])(char)) differences.push(char);
        continue;
      }
      const matcher = keywordMatcher([char]);
      for (const [other] of all.matchAll(new RegExp(escaped(char), 'giu'))) {
        if (!matcher(other)) differences.push(`${char} ${other}`);
      }
    }
    expect(differences).toEqual([]);
    expect(keywordMatcher(['ı'])('İ')).toBe(true);
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

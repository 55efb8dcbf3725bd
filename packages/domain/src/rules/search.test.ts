import { describe, expect, it } from 'vitest';
import { matchesSearch } from './search';

describe('matchesSearch', () => {
  it.each<[string, string, string, boolean]>([
    ['20% off Wyld gummies', '', 'wyld', true],
    ['20% off Wyld gummies', '', 'WYLD', true],
    ['20% off Wyld gummies', '', 'ld gum', true],
    ['20% off Wyld gummies', '', 'cart', false],
    // the title wins: the description is not searched when there is a title
    ['20% off Wyld gummies', 'cheap carts', 'cart', false],
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
});

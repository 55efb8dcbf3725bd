import { describe, expect, it } from 'vitest';
import { etagOf, isEtagForm, matchesIfNoneMatch } from '../src/http/etag';
import { pickEncoding } from '../src/http/prepared-body';

describe('pickEncoding', () => {
  it.each<[string | undefined, string | null]>([
    [undefined, null],
    ['', null],
    ['identity', null],
    ['deflate', null],
    ['gzip', 'gzip'],
    ['br', 'br'],
    ['gzip, deflate, br', 'br'],
    ['br;q=0.5, gzip', 'gzip'],
    ['br;q=0, gzip;q=0', null],
    ['*', 'br'],
    ['*;q=0.1, br;q=0', 'gzip'],
    ['GZIP', 'gzip'],
  ])('%j -> %s', (header, expected) => {
    expect(pickEncoding(header)).toBe(expected);
  });
});

describe('ETags', () => {
  const tag = etagOf('[1,2,3]');

  it('is weak and follows the body', () => {
    expect(tag).toMatch(/^W\/"[\w-]{27}"$/);
    expect(isEtagForm(tag)).toBe(true);
    for (const other of ['"x"', `${tag}\r\nSet-Cookie: a=b`, tag.slice(2), 'W/"short"']) {
      expect(isEtagForm(other)).toBe(false);
    }
    expect(etagOf('[1,2,3]')).toBe(tag);
    expect(etagOf('[1,2]')).not.toBe(tag);
  });

  it.each<[string | undefined, boolean]>([
    [undefined, false],
    ['"other"', false],
    ['*', true],
    ['"other", ' + tag, true],
    [tag.slice(2), true],
  ])('If-None-Match %j matches: %s', (header, expected) => {
    expect(matchesIfNoneMatch(header, tag)).toBe(expected);
  });
});

import { describe, expect, it } from 'vitest';
import { httpUrl } from './links';

describe('httpUrl', () => {
  it.each([
    ['an https image', 'https://images.weedmaps.com/a.jpg', 'https://images.weedmaps.com/a.jpg'],
    ['a script URL', 'javascript:alert(1)', undefined],
    ['a scheme-relative URL', '//evil.example/x', undefined],
    ['a URL over 1,000 characters', `https://a.example/${'x'.repeat(1000)}`, undefined],
    ['a number', 42, undefined],
  ])('takes %s -> %s', (_, input, link) => {
    expect(httpUrl(input)).toBe(link);
  });
});

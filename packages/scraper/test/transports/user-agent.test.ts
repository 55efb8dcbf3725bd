import { describe, expect, it } from 'vitest';
import { honestUserAgent, robotsToken } from '../../src/politeness/user-agent';

describe('the User-Agent', () => {
  it('carries the contact URL once', () => {
    expect(honestUserAgent('STLDealsBot/0.1', 'https://example.org/bot')).toBe(
      'STLDealsBot/0.1 (+https://example.org/bot)',
    );
    expect(
      honestUserAgent('STLDealsBot/0.1 (+https://example.org/bot)', 'https://example.org/bot'),
    ).toBe('STLDealsBot/0.1 (+https://example.org/bot)');
    expect(honestUserAgent('STLDealsBot/0.1')).toBe('STLDealsBot/0.1');
  });

  it.each([
    ['STLDealsBot/0.1 (+https://example.org/bot)', 'STLDealsBot'],
    ['stl-deals', 'stl-deals'],
    ['  spaced/2 ', 'spaced'],
  ])('names %j to robots.txt as %j', (userAgent, token) => {
    expect(robotsToken(userAgent)).toBe(token);
  });
});

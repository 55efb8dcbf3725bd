import { describe, expect, it } from 'vitest';
import { safeHttpUrl } from './url';

describe('safeHttpUrl', () => {
  it.each<[string | null | undefined, string | null]>([
    ['https://dutchie.com/dispensary/x/product/y', 'https://dutchie.com/dispensary/x/product/y'],
    ['http://example.com', 'http://example.com'],
    ['  https://example.com/a?b=1#c  ', 'https://example.com/a?b=1#c'],
    ['HTTPS://EXAMPLE.COM/', 'HTTPS://EXAMPLE.COM/'],
    ['https://example.com:8443/x', 'https://example.com:8443/x'],
    ['javascript:alert(1)', null],
    ['JaVaScRiPt:alert(1)', null],
    ['data:text/html,<script>', null],
    ['ftp://example.com/file', null],
    ['//example.com/a', null],
    ['/menu', null],
    ['https://', null],
    ['https://user@evil.example', null],
    ['https://example.com/a b', null],
    ['https://example.com/"onmouseover="x', null],
    ['https://example.com/<script>', null],
    ['https://exa\u0000mple.com', null],
    ['', null],
    [null, null],
    [undefined, null],
    [`https://example.com/${'a'.repeat(3000)}`, null],
  ])('%j -> %j', (input, expected) => {
    expect(safeHttpUrl(input)).toBe(expected);
  });
});

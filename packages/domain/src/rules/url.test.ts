import { describe, expect, it } from 'vitest';
import { isImageAddress, safeHttpUrl } from './url';

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

describe('isImageAddress', () => {
  it.each<[unknown, boolean]>([
    ['/logos/brands/wyld.svg', true],
    ['/images/categories/pre-rolls.svg', true],
    ['https://img.example/a.jpg', true],
    ['http://img.example:8080/a.png?w=200', true],
    ['//evil.example/a.svg', false],
    ['/\\evil.example/a.svg', false],
    ['/logos/a b.svg', false],
    ['/logos/"onerror="x.svg', false],
    ['/logos/<script>.svg', false],
    ['/logos/\u0000.svg', false],
    [' /logos/a.svg', false],
    ['  https://img.example/a.jpg', false],
    ['logos/a.svg', false],
    ['javascript:alert(1)', false],
    ['data:image/svg+xml,<svg/>', false],
    ['https://user@evil.example/a.png', false],
    [`/${'a'.repeat(2048)}`, false],
    ['', false],
    [null, false],
    [42, false],
  ])('%j -> %j', (input, expected) => {
    expect(isImageAddress(input)).toBe(expected);
  });
});

import { describe, expect, it } from 'vitest';
import { entryFor, payloadsDir, readJson } from '../shared/testing';
import { sweedAdapter } from './index';
import { parse } from './parse';

const payload = readJson(payloadsDir(import.meta.url), 'get-product-list-page-1.json');

describe('sweedAdapter', () => {
  it('recognizes a recorded GetProductList answer (or its list) and nothing else', () => {
    expect(sweedAdapter.recognize?.(payload)).toBe('page:captured');
    expect(sweedAdapter.recognize?.((payload as { list: unknown[] }).list)).toBe('page:captured');
    expect(sweedAdapter.recognize?.({ data: [] })).toBeNull();
    expect(sweedAdapter.recognize?.('<html>')).toBeNull();
  });

  it('keeps the storefront GetProductList answers a browser captures, and parse reads them', () => {
    const entry = entryFor('sweed', { menuUrl: 'https://shop.archcitycannabis.com/soulard' });
    const url = 'https://shop.archcitycannabis.com/_api/proxy/Products/GetProductList';
    expect(sweedAdapter.browser?.pageUrl(entry, {} as never)).toBe(entry.menuUrl);
    expect(
      sweedAdapter.browser?.labelOf('https://shop.archcitycannabis.com/_api/proxy/Menu/Get', {}),
    ).toBeNull();
    const label = sweedAdapter.browser?.labelOf(url, payload);
    expect(parse([{ label: label!, url, body: payload }], entry).deals).toHaveLength(7);
  });
});

import { describe, expect, it } from 'vitest';
import { entryFor, payloadsDir, readJson } from '../shared/testing';
import { dispenseAdapter } from './index';
import { parse } from './parse';

const payload = readJson(payloadsDir(import.meta.url), 'venue-products-skip-0.json');

describe('dispenseAdapter', () => {
  it('recognizes a recorded products answer (or its data) and nothing else', () => {
    expect(dispenseAdapter.recognize?.(payload)).toBe('page:captured');
    expect(dispenseAdapter.recognize?.((payload as { data: unknown[] }).data)).toBe(
      'page:captured',
    );
    expect(dispenseAdapter.recognize?.({ list: [] })).toBeNull();
    expect(dispenseAdapter.recognize?.({ data: [{ name: 'x' }] })).toBeNull();
  });

  it("keeps the Dispense product answers the store's menu loads in a browser", () => {
    const entry = entryFor('dispense', {
      platformId: 'v1',
      menuUrl: 'https://www.gatewayleafstl.com/shop/',
    });
    const url =
      'https://api.dispenseapp.com/v1/venues/7c1e52a0d4b93f18/product-categories/a41f/products?skip=0';
    expect(dispenseAdapter.browser?.pageUrl(entry, {} as never)).toBe(entry.menuUrl);
    expect(
      dispenseAdapter.browser?.labelOf(
        'https://api.dispenseapp.com/v1/venues/7c1e/product-categories',
        {},
      ),
    ).toBeNull();
    const label = dispenseAdapter.browser?.labelOf(url, payload);
    expect(parse([{ label: label!, url, body: payload }], entry).deals).toHaveLength(5);
  });
});

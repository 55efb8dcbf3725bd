import { describe, expect, it } from 'vitest';
import { entryFor, payloadsDir, readJson } from '../shared/testing';
import { jointAdapter } from './index';
import { parse } from './parse';

const payload = readJson(payloadsDir(import.meta.url), 'search-from-0.json');

describe('jointAdapter', () => {
  it('recognizes a recorded _search answer (or its hits) and nothing else', () => {
    expect(jointAdapter.recognize?.(payload)).toBe('page:captured');
    const hits = (payload as { hits: { hits: Array<{ _source: unknown }> } }).hits.hits;
    expect(jointAdapter.recognize?.(hits.map((hit) => hit._source))).toBe('page:captured');
    expect(jointAdapter.recognize?.({ hits: { hits: [{ _source: { name: 'x' } }] } })).toBeNull();
    expect(jointAdapter.recognize?.([])).toBeNull();
  });

  it('keeps the _search answers the store menu page asks in a browser', () => {
    const entry = entryFor('joint', {
      platformId: '6120',
      menuUrl: 'https://www.riverbendcannabis.com/menu/',
    });
    const url =
      'https://www.riverbendcannabis.com/wp-json/joint-ecommerce/v1/products/6120/_search';
    expect(jointAdapter.browser?.pageUrl(entry, {} as never)).toBe(entry.menuUrl);
    expect(
      jointAdapter.browser?.labelOf('https://www.riverbendcannabis.com/wp-json/wp/v2/pages', {}),
    ).toBeNull();
    const label = jointAdapter.browser?.labelOf(url, payload);
    expect(parse([{ label: label!, url, body: payload }], entry).deals).toHaveLength(5);
  });
});

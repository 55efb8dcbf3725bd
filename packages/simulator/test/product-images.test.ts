import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Simulator } from '../src';
import { scrape, simulatorScraper, startTestSimulator, storeKey } from './support';

describe('product images', () => {
  let simulator: Simulator;
  beforeAll(async () => {
    simulator = await startTestSimulator();
  });
  afterAll(() => simulator.stop());

  it('serves a small, cacheable drawing for every product photo its menus name', async () => {
    const scraper = simulatorScraper(simulator);
    try {
      const { deals } = await scrape(scraper, simulator, storeKey('feed'));
      const images = deals.map((deal) => deal.imageUrl).filter((url) => url !== '');
      expect(images.length).toBeGreaterThan(0);
      for (const url of images)
        expect(url.startsWith(`${simulator.url}/images/products/`)).toBe(true);

      const response = await fetch(images[0]!);
      expect(response.status).toBe(200);
      expect(response.headers.get('content-type')).toBe('image/svg+xml');
      expect(response.headers.get('cache-control')).toBe('public, max-age=31536000, immutable');
      const body = await response.text();
      expect(body).toMatch(/^<svg [^>]*width="240" height="240"/);
      expect(body.length).toBeLessThan(2000);
      // The same path is the same picture, and a revalidation costs nothing.
      expect(await (await fetch(images[0]!)).text()).toBe(body);
      const etag = response.headers.get('etag')!;
      const again = await fetch(images[0]!, { headers: { 'if-none-match': etag } });
      expect(again.status).toBe(304);
    } finally {
      await scraper.close();
    }
  });

  it('answers 404 for a path that names no product image', async () => {
    for (const path of ['/images/products/flower/zz.svg', '/images/products/snacks/abcdef12.svg']) {
      expect((await fetch(`${simulator.url}${path}`)).status).toBe(404);
    }
  });
});

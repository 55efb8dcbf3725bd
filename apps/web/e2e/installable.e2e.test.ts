import { afterAll, afterEach, beforeAll, describe, expect, inject, it } from 'vitest';
import { PageOpener } from './harness/pages';

// The page as an installable app, in Chromium against the real service (see global-setup): the
// manifest the page links, as served, and the icons it names.

const SERVICE = inject('serviceOrigin');
const pages = new PageOpener(SERVICE);

beforeAll(() => pages.start());
afterEach(() => pages.closeAll());
afterAll(() => pages.stop());

interface Icon {
  src: string;
  sizes: string;
  type: string;
  purpose?: string;
}

describe('the installable page', () => {
  it('links a manifest the browser can install from, whose icons load', async () => {
    const { page } = await pages.open('/');
    const href = await page.locator('link[rel="manifest"]').getAttribute('href');
    const appleIcon = await page.locator('link[rel="apple-touch-icon"]').getAttribute('href');
    expect(href).toBe('/manifest.webmanifest');

    const answer = await page.request.get(new URL(href!, SERVICE).href);
    expect(answer.status()).toBe(200);
    expect(answer.headers()['content-type']).toMatch(/^application\/manifest\+json/);
    expect(answer.headers()['cache-control']).toBe('no-cache');
    const manifest = (await answer.json()) as Record<string, unknown> & { icons: Icon[] };
    expect(manifest).toMatchObject({
      id: '/',
      start_url: '/',
      scope: '/',
      display: 'standalone',
      short_name: 'STL Deals',
      theme_color: '#123024',
      background_color: '#fdfaf2',
    });
    const maskable = manifest.icons.filter((icon) => icon.purpose === 'maskable');
    expect(maskable.map((icon) => icon.sizes).sort()).toEqual(['192x192', '512x512']);

    for (const src of [...manifest.icons.map((icon) => icon.src), appleIcon!]) {
      // Loaded as the browser loads an image: its natural size is the declared one.
      const size = await page.evaluate(async (url) => {
        const image = new Image();
        image.src = url;
        await image.decode();
        return `${image.naturalWidth}x${image.naturalHeight}`;
      }, src);
      const declared = manifest.icons.find((icon) => icon.src === src)?.sizes ?? '180x180';
      expect(size, src).toBe(declared);
    }
  });
});

import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import {
  BRAND_LOGOS,
  categoryImageFor,
  DEAL_CATEGORIES,
  DISPENSARY_LOGOS,
  MIN_IMAGE_PX,
} from '@stl-deals/domain';
import { describe, expect, it } from 'vitest';

const PUBLIC_DIR = join(import.meta.dirname, '..', 'public');

// Every path the domain's image chain can name must be served, and be large enough that the card
// keeps it (run `npm run images -w apps/web` after changing the domain's tables).
const PATHS = [
  ...BRAND_LOGOS.map((entry) => entry.logo),
  ...DISPENSARY_LOGOS.map((entry) => entry.logo),
  ...DEAL_CATEGORIES.map(categoryImageFor),
];

describe('card images under public/', () => {
  it.each(PATHS)('%s exists, at least 50 px each way', (path) => {
    const file = join(PUBLIC_DIR, path);
    expect(existsSync(file)).toBe(true);
    const svg = readFileSync(file, 'utf8');
    const width = Number(/width="(\d+)"/.exec(svg)?.[1]);
    const height = Number(/height="(\d+)"/.exec(svg)?.[1]);
    expect(width).toBeGreaterThanOrEqual(MIN_IMAGE_PX);
    expect(height).toBeGreaterThanOrEqual(MIN_IMAGE_PX);
  });
});

/** A PNG's width and height, from its IHDR chunk (bytes 16-23); null when it is not a PNG. */
function pngSize(file: string): { width: number; height: number } | null {
  const bytes = readFileSync(file);
  const signature = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);
  if (!bytes.subarray(0, 8).equals(signature) || bytes.toString('latin1', 12, 16) !== 'IHDR') {
    return null;
  }
  return { width: bytes.readUInt32BE(16), height: bytes.readUInt32BE(20) };
}

interface ManifestIcon {
  src: string;
  sizes: string;
  type: string;
  purpose?: string;
}

describe('the web app manifest and its icons', () => {
  const manifest = JSON.parse(readFileSync(join(PUBLIC_DIR, 'manifest.webmanifest'), 'utf8')) as {
    icons: ManifestIcon[];
    [field: string]: unknown;
  };
  const html = readFileSync(join(PUBLIC_DIR, '..', 'index.html'), 'utf8');
  const css = readFileSync(join(PUBLIC_DIR, '..', 'src', 'app', 'global.css'), 'utf8');
  const cssColour = (name: string) => new RegExp(`--${name}:\\s*(#[0-9a-f]{6})`).exec(css)?.[1];

  it('names the page, opens it standalone on its own scope', () => {
    expect(manifest).toMatchObject({
      id: '/',
      short_name: 'STL Deals',
      start_url: '/',
      scope: '/',
      display: 'standalone',
    });
    expect(typeof manifest.name).toBe('string');
  });

  it("has the page's colours: the header's green as theme, the body's cream as background", () => {
    expect(manifest.theme_color).toBe(cssColour('green-900'));
    expect(html).toContain(`<meta name="theme-color" content="${String(manifest.theme_color)}"`);
    expect(manifest.background_color).toBe(cssColour('cream-50'));
  });

  it.each(['any', 'maskable'])('has %s PNG icons of 192 and 512 px', (purpose) => {
    const sizes = manifest.icons
      .filter((icon) => (icon.purpose ?? 'any').split(' ').includes(purpose))
      .map((icon) => icon.sizes);
    expect(sizes).toEqual(expect.arrayContaining(['192x192', '512x512']));
  });

  it.each(manifest.icons.map((icon) => [icon.src, icon] as const))(
    '%s is a PNG of its declared size',
    (src, icon) => {
      const [width, height] = icon.sizes.split('x').map(Number);
      expect(icon.type).toBe('image/png');
      expect(pngSize(join(PUBLIC_DIR, src))).toEqual({ width, height });
    },
  );

  it('is linked from the page, with the iOS tags and a 180 px touch icon', () => {
    expect(html).toContain('<link rel="manifest" href="/manifest.webmanifest" />');
    expect(html).toContain('<meta name="apple-mobile-web-app-capable" content="yes" />');
    expect(html).toContain('<meta name="mobile-web-app-capable" content="yes" />');
    expect(html).toContain('name="apple-mobile-web-app-status-bar-style"');
    expect(html).toContain('<meta name="apple-mobile-web-app-title" content="STL Deals" />');
    const touch = /<link rel="apple-touch-icon" href="([^"]+)"/.exec(html)?.[1];
    expect(touch).toBeDefined();
    expect(pngSize(join(PUBLIC_DIR, touch!))).toEqual({ width: 180, height: 180 });
  });
});

/**
 * Writes the page's app icons under public/icons/ (the web app manifest's, and iOS's touch icon):
 * the header's leaf mark on the page's dark green, drawn as SVG here and rasterized to PNG by the
 * system Chromium (the only renderer the project already has). The maskable icons keep the mark
 * inside the central 80% circle that every platform's mask leaves visible; the plain ones and the
 * touch icon fill their square edge to edge, since iOS rounds the corners itself.
 *
 *   npm run icons -w apps/web
 */
import { mkdirSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { chromium } from 'playwright-core';

const ICONS_DIR = join(dirname(fileURLToPath(import.meta.url)), '..', 'public', 'icons');

/** The page's theme colour (index.html, global.css) and the header mark's own colours. */
const GREEN = '#123024';
const CREAM = '#f7f0df';
const LEAF = '#24573f';

/** The header's mark (index.html), in a 48 x 48 box, scaled to `scale` of a 512 square. */
function iconSvg(scale: number): string {
  const size = 512 * scale;
  const offset = (512 - size) / 2;
  return `<svg xmlns="http://www.w3.org/2000/svg" width="512" height="512" viewBox="0 0 512 512">
<rect width="512" height="512" fill="${GREEN}"/>
<g transform="translate(${offset} ${offset}) scale(${size / 48})">
<circle cx="24" cy="24" r="23" fill="${CREAM}"/>
<path d="M24 9c3 6 3.4 11.6 1.4 17 4.3-3.6 9.2-5.2 14.6-4.8-3.6 4.5-8.4 7.2-14.4 7.8 3.4 1.4 6 3.8 7.6 7-4.2.4-7.2-.8-9.2-3.6-2 2.8-5 4-9.2 3.6 1.6-3.2 4.2-5.6 7.6-7-6-.6-10.8-3.3-14.4-7.8 5.4-.4 10.3 1.2 14.6 4.8C20.6 20.6 21 15 24 9Z" fill="${LEAF}"/>
<path d="M24 30v9" stroke="${LEAF}" stroke-width="2" stroke-linecap="round"/>
</g>
</svg>`;
}

/** File, pixel size, and the mark's share of the square. */
const ICONS = [
  { file: 'icon-192.png', px: 192, scale: 0.8 },
  { file: 'icon-512.png', px: 512, scale: 0.8 },
  // Maskable: the mark within the 80% safe circle (its 48-unit circle at 64% of the square).
  { file: 'maskable-192.png', px: 192, scale: 0.64 },
  { file: 'maskable-512.png', px: 512, scale: 0.64 },
  { file: 'apple-touch-icon.png', px: 180, scale: 0.72 },
] as const;

mkdirSync(ICONS_DIR, { recursive: true });
const browser = await chromium.launch({ executablePath: '/usr/bin/chromium' });
try {
  for (const { file, px, scale } of ICONS) {
    const page = await browser.newPage({ viewport: { width: px, height: px } });
    const svg = iconSvg(scale).replace('width="512" height="512"', `width="${px}" height="${px}"`);
    await page.setContent(`<style>html,body{margin:0}svg{display:block}</style>${svg}`);
    await page.screenshot({ path: join(ICONS_DIR, file), omitBackground: false });
    await page.close();
  }
} finally {
  await browser.close();
}
console.log(`Wrote ${ICONS.length} icons under ${ICONS_DIR}.`);

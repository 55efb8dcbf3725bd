/**
 * Writes the card images the domain's image chain names (`imageCandidates`): a wordmark badge per
 * brand and per dispensary chain, and an illustration per category, under public/. They are our
 * own simple artwork: the names set in type, never anyone's logo.
 *
 *   npm run images -w apps/web
 */
import { mkdirSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import {
  BRAND_LOGOS,
  categoryImageFor,
  categoryLabel,
  DEAL_CATEGORIES,
  DISPENSARY_LOGOS,
  type DealCategory,
} from '@stl-deals/domain';

const PUBLIC_DIR = join(dirname(fileURLToPath(import.meta.url)), '..', 'public');

// 400 x 300: the card's 4:3 frame, and far above the 50 px minimum the card checks for.
const WIDTH = 400;
const HEIGHT = 300;
const SERIF =
  "'Iowan Old Style', 'Palatino Linotype', Palatino, Georgia, 'Liberation Serif', serif";
const SANS = "system-ui, -apple-system, 'Segoe UI', Roboto, Arial, 'Liberation Sans', sans-serif";

/** Background, ink and accent triples from the page's palette. */
const PALETTES = [
  { bg: '#123024', ink: '#fdfaf2', accent: '#e2b955' },
  { bg: '#f7f0df', ink: '#123024', accent: '#2f6d4f' },
  { bg: '#24573f', ink: '#fdfaf2', accent: '#f7f0df' },
  { bg: '#ece1c6', ink: '#1a4231', accent: '#b8462a' },
  { bg: '#e2eee5', ink: '#123024', accent: '#8a6516' },
] as const;

function escapeXml(text: string): string {
  return text.replace(/[<>&'"]/g, (c) => `&#${c.charCodeAt(0)};`);
}

/** A stable palette per name, so a badge keeps its colours from one run to the next. */
function paletteFor(name: string) {
  let hash = 0;
  for (const char of name) hash = (hash * 31 + char.charCodeAt(0)) >>> 0;
  return PALETTES[hash % PALETTES.length]!;
}

function initials(name: string): string {
  const words = name.split(/\s+/).filter((word) => /^[\p{L}\p{N}]/u.test(word));
  const letters =
    words.length > 1 ? words.slice(0, 2).map((word) => word[0]) : [...name.slice(0, 2)];
  return letters.join('').toUpperCase();
}

/** Splits a long name over two lines at the space nearest its middle. */
function nameLines(name: string): string[] {
  if (name.length <= 14 || !name.includes(' ')) return [name];
  const middle = name.length / 2;
  let best = -1;
  for (let i = 0; i < name.length; i++) {
    if (name[i] === ' ' && (best === -1 || Math.abs(i - middle) < Math.abs(best - middle)))
      best = i;
  }
  return [name.slice(0, best), name.slice(best + 1)];
}

function svg(label: string, body: string): string {
  return (
    `<svg xmlns="http://www.w3.org/2000/svg" width="${WIDTH}" height="${HEIGHT}" ` +
    `viewBox="0 0 ${WIDTH} ${HEIGHT}" role="img" aria-label="${escapeXml(label)}">\n${body}\n</svg>\n`
  );
}

function wordmark(name: string, caption: string): string {
  const { bg, ink, accent } = paletteFor(name);
  const lines = nameLines(name);
  const longest = Math.max(...lines.map((line) => line.length));
  const size = Math.min(46, Math.floor(560 / Math.max(longest, 6)));
  const firstBaseline = lines.length === 1 ? 192 : 178;
  const text = lines
    .map(
      (line, i) =>
        `<text x="200" y="${firstBaseline + i * (size + 4)}" text-anchor="middle" ` +
        `font-family="${SERIF}" font-size="${size}" font-weight="700" fill="${ink}">` +
        `${escapeXml(line)}</text>`,
    )
    .join('\n');
  const captionY = firstBaseline + (lines.length - 1) * (size + 4) + 38;
  return svg(
    name,
    [
      `<rect width="${WIDTH}" height="${HEIGHT}" fill="${bg}"/>`,
      `<rect x="14" y="14" width="372" height="272" rx="16" fill="none" stroke="${accent}" stroke-opacity="0.55" stroke-width="2"/>`,
      `<circle cx="200" cy="96" r="34" fill="${accent}"/>`,
      `<text x="200" y="107" text-anchor="middle" font-family="${SERIF}" font-size="28" font-weight="700" fill="${bg}">${escapeXml(initials(name))}</text>`,
      text,
      `<text x="200" y="${captionY}" text-anchor="middle" font-family="${SANS}" font-size="13" font-weight="600" letter-spacing="4" fill="${ink}" fill-opacity="0.7">${escapeXml(caption)}</text>`,
    ].join('\n'),
  );
}

/** One simple drawing per category, in a 120 x 120 box centred at (200, 118). */
const CATEGORY_ART: Record<DealCategory, { bg: string; ink: string; art: string }> = {
  flower: {
    bg: '#e2eee5',
    ink: '#24573f',
    art: '<path d="M200 58c6 13 7 25 3 37 9-8 20-11 32-10-8 10-19 16-32 17 8 3 13 8 17 15-9 1-16-2-20-8-4 6-11 9-20 8 4-7 9-12 17-15-13-1-24-7-32-17 12-1 23 2 32 10-4-12-3-24 3-37Z" fill="#24573f"/><path d="M200 122v42" stroke="#24573f" stroke-width="5" stroke-linecap="round"/>',
  },
  edibles: {
    bg: '#f8e6dc',
    ink: '#8a3a20',
    art: '<circle cx="200" cy="118" r="34" fill="#b8462a"/><path d="M166 118l-30-22v44ZM234 118l30-22v44Z" fill="#d97757"/><path d="M183 104q17 14 34 0" stroke="#fdfaf2" stroke-width="5" fill="none" stroke-linecap="round"/>',
  },
  concentrates: {
    bg: '#f7efd6',
    ink: '#8a6516',
    art: '<path d="M200 62c22 32 36 52 36 72a36 36 0 0 1-72 0c0-20 14-40 36-72Z" fill="#d4a53c"/><path d="M186 140a16 16 0 0 0 14 14" stroke="#fdfaf2" stroke-width="6" fill="none" stroke-linecap="round"/>',
  },
  vapes: {
    bg: '#e4e8ef',
    ink: '#2d3f5c',
    art: '<rect x="186" y="74" width="28" height="96" rx="10" fill="#2d3f5c"/><rect x="192" y="58" width="16" height="20" rx="5" fill="#6f86ad"/><rect x="191" y="118" width="18" height="36" rx="5" fill="#e2b955"/><path d="M230 66c10-6 18-2 22 6M236 50c14-8 26-2 30 10" stroke="#6f86ad" stroke-width="5" fill="none" stroke-linecap="round"/>',
  },
  'pre-rolls': {
    bg: '#efe7dc',
    ink: '#5b4636',
    art: '<path d="M150 140l92-54 10 16-92 54Z" fill="#fdfaf2" stroke="#5b4636" stroke-width="4" stroke-linejoin="round"/><path d="M150 140l10 16-14 8-8-14Z" fill="#8a6516"/><path d="M247 90c8-4 12-12 8-20M256 104c10 0 16-6 16-14" stroke="#9aa59e" stroke-width="4" fill="none" stroke-linecap="round"/>',
  },
  topicals: {
    bg: '#e8f1ef',
    ink: '#2e5e57',
    art: '<rect x="160" y="96" width="80" height="66" rx="14" fill="#2e5e57"/><rect x="154" y="78" width="92" height="24" rx="8" fill="#7fb3a9"/><rect x="176" y="118" width="48" height="24" rx="6" fill="#e8f1ef"/>',
  },
  accessories: {
    bg: '#ece6f1',
    ink: '#4b3a63',
    art: '<ellipse cx="200" cy="86" rx="44" ry="14" fill="#8e7bab"/><rect x="156" y="86" width="88" height="56" fill="#4b3a63"/><ellipse cx="200" cy="142" rx="44" ry="14" fill="#4b3a63"/><path d="M170 104v22M186 104v22M202 104v22M218 104v22M234 104v22" stroke="#8e7bab" stroke-width="4" stroke-linecap="round"/>',
  },
  other: {
    bg: '#f7f0df',
    ink: '#1a4231',
    art:
      '<path d="M168 72h52l38 38-52 52-38-38Z" fill="#24573f" stroke-linejoin="round"/><circle cx="190" cy="94" r="8" fill="#f7f0df"/><text x="214" y="136" text-anchor="middle" font-family="' +
      SANS +
      '" font-size="30" font-weight="800" fill="#f7f0df">%</text>',
  },
};

function categoryImage(category: DealCategory): string {
  const { bg, ink, art } = CATEGORY_ART[category];
  const label = categoryLabel(category);
  return svg(
    label,
    [
      `<rect width="${WIDTH}" height="${HEIGHT}" fill="${bg}"/>`,
      `<circle cx="200" cy="118" r="78" fill="#ffffff" fill-opacity="0.55"/>`,
      art,
      `<text x="200" y="248" text-anchor="middle" font-family="${SERIF}" font-size="30" font-weight="700" fill="${ink}">${escapeXml(label)}</text>`,
    ].join('\n'),
  );
}

function write(publicPath: string, content: string): void {
  const file = join(PUBLIC_DIR, publicPath);
  mkdirSync(dirname(file), { recursive: true });
  writeFileSync(file, content);
}

for (const { brand, logo } of BRAND_LOGOS) write(logo, wordmark(brand, 'BRAND'));
for (const { chain, logo } of DISPENSARY_LOGOS) write(logo, wordmark(chain, 'DISPENSARY'));
for (const category of DEAL_CATEGORIES) write(categoryImageFor(category), categoryImage(category));

console.log(
  `Wrote ${BRAND_LOGOS.length} brand, ${DISPENSARY_LOGOS.length} dispensary and ` +
    `${DEAL_CATEGORIES.length} category images under ${PUBLIC_DIR}.`,
);

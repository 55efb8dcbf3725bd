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

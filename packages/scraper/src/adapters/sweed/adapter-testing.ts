import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { LIMITS, safeHttpUrl, type Deal } from '@stl-deals/domain';
import fc from 'fast-check';
import { expect } from 'vitest';
import { ScrapeError } from '../../errors';
import type { RegistryEntry } from '../../registry';
import type { ParseResult } from '../types';

/**
 * Test support the sweed, dispense, joint and html adapter tests share: the third-party captures
 * in ../shared/fixtures, the output invariants every parse keeps, and hostile input.
 *
 * Lives in sweed/ only because this change may not touch adapters/shared; it belongs there.
 */

export interface Fixtures {
  dir: string;
  files: string[];
  /** Why the fixture tests are skipped, when they are. */
  skipReason?: string;
}

/**
 * The files of `../shared/fixtures/<name>` (read in place, never copied into the project),
 * resolved from the test file at `testUrl`, six levels below the workspace's parent. When the
 * folder is absent, a notice says why the tests that need it are skipped.
 */
export function sharedFixtures(testUrl: string, name: string, extension: string): Fixtures {
  const dir = fileURLToPath(new URL(`../../../../../../shared/fixtures/${name}/`, testUrl));
  if (!existsSync(dir)) {
    const skipReason = `${dir} is absent: the third-party captures live beside the project, not in it`;
    console.warn(`Skipping the ${name} fixture tests: ${skipReason}.`);
    return { dir, files: [], skipReason };
  }
  const files = readdirSync(dir)
    .filter((file) => file.endsWith(extension))
    .sort();
  return { dir, files };
}

export const readJson = (dir: string, file: string): unknown =>
  JSON.parse(readFileSync(join(dir, file), 'utf8')) as unknown;

export const readText = (dir: string, file: string): string =>
  readFileSync(join(dir, file), 'utf8');

/** The adapter's own recorded payloads, in `payloads/` beside its test. */
export const payloadsDir = (testUrl: string): string =>
  fileURLToPath(new URL('./payloads/', testUrl));

export function entryFor(
  platform: RegistryEntry['platform'],
  fields: Partial<RegistryEntry>,
): RegistryEntry {
  return { key: 'test-store', name: 'Test Store', platform, ...fields };
}

/**
 * What every parse promises, whatever it was fed: links and images blank or http(s), prices
 * finite and non-negative, every string within the contract's bound.
 */
export function expectSafeDeals(deals: readonly Deal[]): void {
  for (const deal of deals) {
    for (const url of [deal.imageUrl, deal.sourceUrl]) {
      expect(url === '' || safeHttpUrl(url) === url, `unsafe URL ${url}`).toBe(true);
    }
    for (const amount of [deal.regularPrice, deal.salePrice, deal.unitPrice?.amount]) {
      if (amount !== undefined) expect(Number.isFinite(amount) && amount >= 0).toBe(true);
    }
    for (const value of Object.values(deal)) {
      if (typeof value === 'string') expect(value.length).toBeLessThanOrEqual(LIMITS.text);
    }
  }
}

/** Runs a parse that may refuse its input only with a named scrape error, and checks its deals. */
export function parsesSafely(run: () => ParseResult): void {
  let result: ParseResult;
  try {
    result = run();
  } catch (error) {
    if (error instanceof ScrapeError) return;
    throw error;
  }
  expectSafeDeals(result.deals);
}

/** Strings a hostile payload may hold where a name, a price or a URL belongs. */
export const hostileString: fc.Arbitrary<string> = fc.oneof(
  fc.string(),
  fc.string({ unit: 'grapheme', maxLength: 50 }),
  fc.constantFrom(
    'javascript:alert(1)',
    'data:text/html,<b>x</b>',
    ' https://shop.example/x ',
    '//cdn.example/x.png',
    'https://',
    'http://a b.example/',
    '<script>alert(1)</script>20% off',
    'NaN',
    '-5',
    '1e309',
    '$-12.50',
    'Infinity',
    'BOGO Buy 1 get 1 2 for $50 25% off $10 off',
    'x'.repeat(5_000),
    `https://shop.example/${'a'.repeat(3_000)}`,
  ),
);

/** Any value a hostile payload may hold. */
export const hostileValue: fc.Arbitrary<unknown> = fc.oneof(
  { depthSize: 'small' },
  hostileString,
  fc.double(),
  fc.integer(),
  fc.boolean(),
  fc.constant(null),
  fc.jsonValue({ maxDepth: 3 }),
);

/** A list of up to `max` of an arbitrary, or now and then something else entirely. */
export const hostileList = <T>(item: fc.Arbitrary<T>, max = 4): fc.Arbitrary<unknown> =>
  fc.oneof(fc.array(item, { maxLength: max }), hostileValue);

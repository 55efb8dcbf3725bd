import { existsSync, readdirSync } from 'node:fs';
import { dirname, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { DealSchema, LIMITS, safeHttpUrl } from '@stl-deals/domain';
import fc from 'fast-check';
import { ScrapeError } from '../../errors';
import type { ParseResult } from '../types';

/**
 * Test support shared by the jane, weedmaps and leafly adapter tests (not a test itself): where
 * the third-party captures are, and the hostile-input property every parse must keep.
 */

/**
 * The captures of a platform under ../shared/fixtures, read where they are and never copied into
 * the project. When the folder is absent the caller skips its tests, and this says why.
 */
export function sharedFixtures(testFileUrl: string, platform: string) {
  const dir = resolve(
    dirname(fileURLToPath(testFileUrl)),
    '../../../../../../shared/fixtures',
    platform,
  );
  const files = existsSync(dir)
    ? readdirSync(dir).filter((file) => !file.endsWith('.source.txt'))
    : [];
  if (files.length === 0) {
    console.warn(
      `Skipping the ${platform} fixture tests: no third-party captures at ${dir} (the shared fixtures are not checked out).`,
    );
  }
  return { dir, files, absent: files.length === 0 };
}

/** Why a parse result breaks the contract's bounds; empty when it keeps them. */
export function problemsOf(result: ParseResult): string[] {
  const problems: string[] = [];
  result.deals.forEach((deal, index) => {
    const checked = DealSchema.safeParse(deal);
    if (!checked.success) problems.push(`deal ${index}: ${checked.error.message}`);
    for (const link of [deal.imageUrl, deal.sourceUrl]) {
      if (link !== '' && safeHttpUrl(link) !== link) problems.push(`deal ${index}: link ${link}`);
    }
    problems.push(...valueProblems(deal, `deal ${index}`));
  });
  if (result.location) problems.push(...valueProblems(result.location, 'location', true));
  return problems;
}

/** Every string within LIMITS.text; every number finite (and, unless signed, not negative). */
function valueProblems(value: unknown, where: string, signed = false): string[] {
  if (typeof value === 'string') {
    return value.length > LIMITS.text ? [`${where}: a string of ${value.length}`] : [];
  }
  if (typeof value === 'number') {
    return Number.isFinite(value) && (signed || value >= 0) ? [] : [`${where}: number ${value}`];
  }
  if (value === null || typeof value !== 'object') return [];
  return Object.entries(value).flatMap(([key, inner]) =>
    valueProblems(inner, `${where}.${key}`, signed),
  );
}

/** What a hostile payload puts where a value belongs. */
const HOSTILE_STRINGS = [
  'javascript:alert(1)',
  'data:text/html,<script>alert(1)</script>',
  '//evil.example/x',
  'http://',
  'https://evil.example/a b',
  'https://evil.example/"onerror="x',
  '<img src=x onerror=alert(1)>',
  '-45',
  'NaN',
  'Infinity',
  '1e309',
  '__proto__',
  'constructor',
  'x'.repeat(5_000),
  `https://evil.example/${'x'.repeat(1_200)}`,
  'BOGO '.repeat(400),
  `2 for $${'9'.repeat(400)}`,
];

const hostileValue: fc.Arbitrary<unknown> = fc.oneof(
  fc.jsonValue({ maxDepth: 3 }),
  fc.string({ maxLength: 1_500 }),
  fc.constantFrom(...HOSTILE_STRINGS),
  fc.double(),
  fc.integer({ min: -1e9, max: 1e9 }),
);

type Path = ReadonlyArray<string | number>;

/** Every position in a payload, parents before their children (at most 5,000). */
function positionsOf(value: unknown, path: Path = [], found: Path[] = []): Path[] {
  if (found.length >= 5_000) return found;
  found.push(path);
  if (value !== null && typeof value === 'object') {
    for (const [key, inner] of Object.entries(value)) {
      positionsOf(inner, [...path, Array.isArray(value) ? Number(key) : key], found);
    }
  }
  return found;
}

/** The payload with `value` put at `path`, when an earlier change left that position in place. */
function placed(payload: unknown, path: Path, value: unknown): unknown {
  if (path.length === 0) return value;
  let parent = payload;
  for (const key of path.slice(0, -1)) {
    if (parent === null || typeof parent !== 'object') return payload;
    parent = (parent as Record<string | number, unknown>)[key];
  }
  if (parent !== null && typeof parent === 'object') {
    (parent as Record<string | number, unknown>)[path.at(-1)!] = value;
  }
  return payload;
}

/** A recorded payload with one to six positions replaced by hostile values, or a hostile value whole. */
export function hostileVariants(payload: unknown): fc.Arbitrary<unknown> {
  const positions = positionsOf(payload);
  const change = fc.tuple(fc.constantFrom(...positions), hostileValue);
  const changed = fc
    .array(change, { minLength: 1, maxLength: 6 })
    .map((changes) =>
      changes.reduce((body, [path, value]) => placed(body, path, value), structuredClone(payload)),
    );
  return fc.oneof({ arbitrary: changed, weight: 4 }, { arbitrary: hostileValue, weight: 1 });
}

/**
 * The property: on any of `bodies`, `parse` either throws one of the scraper's named errors or
 * returns deals within the contract's bounds (http(s) links only, finite non-negative prices,
 * strings within 1,000 characters).
 */
export function assertParsesSafely(
  bodies: fc.Arbitrary<unknown>,
  parse: (body: unknown) => ParseResult,
  numRuns = 300,
): void {
  fc.assert(
    fc.property(bodies, (body) => {
      let result: ParseResult;
      try {
        result = parse(body);
      } catch (error) {
        if (error instanceof ScrapeError) return;
        throw error;
      }
      const problems = problemsOf(result);
      if (problems.length > 0) throw new Error(problems.join('\n'));
    }),
    { numRuns },
  );
}

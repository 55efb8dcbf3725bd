import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { DealSchema, LIMITS, MAX_MONEY, safeHttpUrl, type Deal } from '@stl-deals/domain';
import fc from 'fast-check';
import { expect } from 'vitest';
import { BlockedError, NotFoundError, SchemaChangedError } from '../../errors';
import type { RegistryEntry } from '../../registry';
import type { Adapter, PlatformConfig, ParseResult, Received, RequestPlan } from '../types';

/**
 * Test support every adapter's tests share (not a test itself): where the third-party captures
 * and the recorded payloads are, the bounds every parse result keeps, and the hostile-input
 * property every parse must hold.
 */

// ---------------------------------------------------------------------------------------------
// Fixtures and payloads.

export interface Fixtures {
  dir: string;
  /** The captures in `dir`, sorted, without their `.source.txt` provenance notes. */
  files: string[];
  /** No capture to read: the caller skips its fixture tests, and a notice has said why. */
  absent: boolean;
}

/**
 * The captures of `../shared/fixtures/<name>` (read in place, never copied into the project),
 * resolved from the test file at `testUrl`, six levels below the workspace's parent; only those
 * ending in `extension` when one is given.
 */
export function sharedFixtures(testUrl: string, name: string, extension = ''): Fixtures {
  const dir = fileURLToPath(new URL(`../../../../../../shared/fixtures/${name}/`, testUrl));
  const files = existsSync(dir)
    ? readdirSync(dir)
        .filter((file) => file.endsWith(extension) && !file.endsWith('.source.txt'))
        .sort()
    : [];
  if (files.length === 0) {
    console.warn(
      `Skipping the ${name} fixture tests: no third-party captures at ${dir} (they live beside the project, not in it).`,
    );
  }
  return { dir, files, absent: files.length === 0 };
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

/** Requests a plan may ask for before a test calls it endless. */
const MAX_PLANNED = 100;

/**
 * Runs a plan that asks for one request at a time to its end, as the scraper would, answering
 * the n-th request (from 1) with `answer(request, n)`: the requests it asked, in order. A plan
 * that asks for two at once, or never ends, fails the test.
 */
export function planToEnd(
  plan: Adapter['plan'],
  entry: RegistryEntry,
  config: PlatformConfig,
  answer: (request: RequestPlan, n: number) => unknown,
): RequestPlan[] {
  const received: Received[] = [];
  const asked: RequestPlan[] = [];
  while (asked.length < MAX_PLANNED) {
    const [request, ...rest] = plan(entry, received, config);
    expect(rest).toEqual([]);
    if (!request) return asked;
    asked.push(request);
    received.push({ label: request.label, url: request.url, body: answer(request, asked.length) });
  }
  throw new Error('plan never ended');
}

// ---------------------------------------------------------------------------------------------
// What every parse result keeps.

/**
 * Why a parse result breaks the contract's bounds; empty when it keeps them: every deal passes
 * the contract, links and images are blank or http(s), every string is within 1,000 characters
 * and every number finite (and, but for coordinates, not negative); every product's price has a
 * key the store keeps and amounts from 0 to MAX_MONEY.
 */
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
  (result.prices ?? []).forEach((price, index) => {
    const key = price.storeProductKey;
    if (typeof key !== 'string' || key.trim() === '' || key.length > LIMITS.key) {
      problems.push(`price ${index}: key ${String(key)}`);
    }
    for (const amount of [price.regularPrice, price.salePrice]) {
      if (amount !== undefined && !(amount >= 0 && amount <= MAX_MONEY)) {
        problems.push(`price ${index}: amount ${amount}`);
      }
    }
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

/** The deals keep every bound of `problemsOf`. */
export function expectSafeDeals(deals: readonly Deal[]): void {
  expect(problemsOf({ deals: [...deals] })).toEqual([]);
}

/** The errors a parse may refuse its input with: the page is blocked, changed, or not there. */
const PARSE_ERRORS = [BlockedError, SchemaChangedError, NotFoundError];

/** Runs a parse that may refuse its input only with a parse error, and checks what it returns. */
export function parsesSafely(run: () => ParseResult): void {
  let result: ParseResult;
  try {
    result = run();
  } catch (error) {
    if (PARSE_ERRORS.some((named) => error instanceof named)) return;
    throw error;
  }
  const problems = problemsOf(result);
  if (problems.length > 0) throw new Error(problems.join('\n'));
}

/**
 * The property: on any of `inputs`, `parse` either throws a parse error or returns deals within
 * the contract's bounds (http(s) links only, finite non-negative prices, strings within 1,000
 * characters).
 */
export function assertParsesSafely<T>(
  inputs: fc.Arbitrary<T>,
  parse: (input: T) => ParseResult,
  numRuns = 300,
): void {
  fc.assert(
    fc.property(inputs, (input) => parsesSafely(() => parse(input))),
    { numRuns },
  );
}

// ---------------------------------------------------------------------------------------------
// Hostile input.

/** What a hostile payload puts where a name, a price or a URL belongs. */
const HOSTILE_STRINGS = [
  'javascript:alert(1)',
  'data:text/html,<script>alert(1)</script>',
  '//evil.example/x',
  '//cdn.example/x.png',
  ' https://shop.example/x ',
  'http://',
  'https://',
  'http://a b.example/',
  'https://evil.example/a b',
  'https://evil.example/"onerror="x',
  '<img src=x onerror=alert(1)>',
  '<script>alert(1)</script>20% off',
  '-45',
  '$-12.50',
  'NaN',
  'Infinity',
  '1e309',
  '__proto__',
  'constructor',
  'BOGO Buy 1 get 1 2 for $50 25% off $10 off',
  'x'.repeat(5_000),
  `https://evil.example/${'x'.repeat(1_200)}`,
  `https://shop.example/${'a'.repeat(3_000)}`,
  'BOGO '.repeat(400),
  `2 for $${'9'.repeat(400)}`,
];

/** Strings a hostile payload may hold where a name, a price or a URL belongs. */
export const hostileString: fc.Arbitrary<string> = fc.oneof(
  fc.string(),
  fc.string({ maxLength: 1_500 }),
  fc.string({ unit: 'grapheme', maxLength: 50 }),
  fc.string({ unit: 'binary', minLength: 900, maxLength: 3_000 }),
  fc.constantFrom(...HOSTILE_STRINGS),
);

/** Any value a hostile payload may hold. */
export const hostileValue: fc.Arbitrary<unknown> = fc.oneof(
  { depthSize: 'small' },
  hostileString,
  fc.double(),
  fc.integer(),
  fc.constantFrom(NaN, -1, 1e308),
  fc.boolean(),
  fc.constant(null),
  fc.jsonValue({ maxDepth: 3 }),
  fc.anything({ maxDepth: 2 }),
);

/** A list of up to `max` of an arbitrary, or now and then something else entirely. */
export const hostileList = <T>(item: fc.Arbitrary<T>, max = 4): fc.Arbitrary<unknown> =>
  fc.oneof(fc.array(item, { maxLength: max }), hostileValue);

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

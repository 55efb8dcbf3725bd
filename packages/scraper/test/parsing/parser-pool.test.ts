import type { Deal } from '@stl-deals/domain';
import { execFileSync } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { afterAll, describe, expect, it } from 'vitest';
import { NotFoundError, ParseLimitError, SchemaChangedError } from '../../src/errors';
import { keepBest, type RawPayload } from '../../src/parsing/parse-job';
import { DEFAULT_PLATFORM_CONFIG } from '../../src/platform-config';
import { createParserPool, type Parser } from '../../src/parsing/parser';
import type { RegistryEntry } from '../../src/registry';

const FEED: RegistryEntry = {
  key: 'feed-store',
  name: 'Feed Store',
  platform: 'feed',
  menuUrl: 'https://feed.example/deals.json',
};
const HTML: RegistryEntry = {
  key: 'html-store',
  name: 'Html Store',
  platform: 'html',
  specialsUrl: 'https://html.example/specials',
};

const deal = (index: number, discountPercent?: number) => ({
  title: `Deal ${index}`,
  description: `${discountPercent ?? 0}% off flower`,
  price: '$30',
  imageUrl: '',
  sourceUrl: `https://feed.example/d/${index}`,
  ...(discountPercent === undefined ? {} : { discountPercent }),
});
const feedPayload = (deals: unknown): RawPayload => ({
  label: 'feed',
  url: FEED.menuUrl ?? '',
  kind: 'json',
  body: Buffer.from(typeof deals === 'string' ? deals : JSON.stringify(deals)),
});
const TSX = fileURLToPath(new URL('../../../../node_modules/.bin/tsx', import.meta.url));
const never = () => new AbortController().signal;

/** This process's children that have ended and were never reaped ('Z' in ps). */
function unreapedChildren(): string[] {
  const rows = execFileSync('ps', ['-o', 'stat=,comm=', '--ppid', String(process.pid)], {
    encoding: 'utf8',
  });
  return rows.split('\n').filter((row) => row.trim().startsWith('Z'));
}

/** Counted before this file starts any thread. */
const UNREAPED_AT_START = unreapedChildren().length;

const pools: Parser[] = [];
function pool(timeLimitMs = 10_000, memoryMb = 256): Parser {
  const created = createParserPool({ timeLimitMs, memoryMb, threads: 1 });
  pools.push(created);
  return created;
}
afterAll(() => Promise.all(pools.map((each) => each.close())));

describe('the parser pool', () => {
  const shared = pool();

  it('plans and parses in a worker thread as the adapter would on the caller', async () => {
    await expect(
      shared.plan({ entry: FEED, received: [], config: DEFAULT_PLATFORM_CONFIG }, never()),
    ).resolves.toMatchObject([{ label: 'feed', url: FEED.menuUrl }]);
    const menu = await shared.parse(
      {
        entry: FEED,
        received: [feedPayload([deal(1, 20)])],
        maxDeals: 10,
        maxDealBytes: 1e6,
        maxPayloads: 10,
      },
      never(),
    );
    expect(menu.dealsFound).toBe(1);
    expect(menu.deals).toMatchObject([{ title: 'Deal 1', platform: 'feed' }]);
  }, 30_000);

  it('rejects with the class the adapter threw, across the thread', async () => {
    const noPage: RegistryEntry = { key: 'x', name: 'X', platform: 'html' };
    await expect(
      shared.plan({ entry: noPage, received: [], config: DEFAULT_PLATFORM_CONFIG }, never()),
    ).rejects.toBeInstanceOf(NotFoundError);
    await expect(
      shared.parse(
        {
          entry: FEED,
          received: [feedPayload('{not json')],
          maxDeals: 10,
          maxDealBytes: 1e6,
          maxPayloads: 10,
        },
        never(),
      ),
    ).rejects.toBeInstanceOf(SchemaChangedError);
    const deep = `${'['.repeat(100_000)}${']'.repeat(100_000)}`;
    await expect(
      shared.parse(
        {
          entry: FEED,
          received: [feedPayload(deep)],
          maxDeals: 10,
          maxDealBytes: 1e6,
          maxPayloads: 10,
        },
        never(),
      ),
    ).rejects.toBeInstanceOf(ParseLimitError);
  }, 30_000);

  it('ends a parse over its time limit, and the next job gets a fresh thread', async () => {
    const slow = pool(30);
    // Within every shape limit, but seconds of work for the HTML parser and the deal reader.
    const page = `<main>${'<section><h3>Vape week</h3><p>25% off all vapes today</p></section>'.repeat(12_000)}</main>`;
    const received: RawPayload[] = [
      {
        label: 'specials-page',
        url: HTML.specialsUrl ?? '',
        kind: 'html',
        body: Buffer.from(page),
      },
    ];
    await expect(
      slow.parse(
        { entry: HTML, received, maxDeals: 10, maxDealBytes: 1e6, maxPayloads: 10 },
        never(),
      ),
    ).rejects.toThrow(/Reading the menu took over 30 ms/);
    await expect(
      slow.plan({ entry: FEED, received: [], config: DEFAULT_PLATFORM_CONFIG }, never()),
    ).resolves.toHaveLength(1);
  }, 30_000);

  it('ends a thread whose heap outgrows its limit', async () => {
    const small = pool(60_000, 32);
    // About 9 MB of JSON that grows to far more than 32 MB of objects once parsed.
    const big = JSON.stringify(Array.from({ length: 60_000 }, (_, index) => deal(index, 10)));
    await expect(
      small.parse(
        {
          entry: FEED,
          received: [feedPayload(big)],
          maxDeals: 10,
          maxDealBytes: 1e6,
          maxPayloads: 10,
        },
        never(),
      ),
    ).rejects.toThrow(/needed over 32 MB/);
  }, 60_000);

  it('stops a job when its scrape is aborted', async () => {
    const controller = new AbortController();
    const reason = new Error('shutting down');
    const page = `<main>${'<section><h3>Vape week</h3><p>25% off all vapes</p></section>'.repeat(12_000)}</main>`;
    const job = shared.parse(
      {
        entry: HTML,
        received: [
          {
            label: 'specials-page',
            url: HTML.specialsUrl ?? '',
            kind: 'html',
            body: Buffer.from(page),
          },
        ],
        maxDeals: 10,
        maxDealBytes: 1e6,
        maxPayloads: 10,
      },
      controller.signal,
    );
    setTimeout(() => controller.abort(reason), 20);
    await expect(job).rejects.toBe(reason);
  }, 30_000);
});

describe('the per-store bound', () => {
  const deals = [5, 40, undefined, 40, 10].map((percent, index) => deal(index, percent) as Deal);

  it('keeps the deepest discounts, earlier deals first on ties, in the menu order', () => {
    expect(keepBest(deals, 3, 1e6).map((each) => each.title)).toEqual([
      'Deal 1',
      'Deal 3',
      'Deal 4',
    ]);
    expect(keepBest(deals, 10, 1e6)).toEqual(deals);
  });

  it('keeps the deepest discounts that fit the byte budget, in the menu order', () => {
    const weight = (kept: readonly Deal[]) =>
      kept.reduce((sum, each) => sum + Buffer.byteLength(JSON.stringify(each)), 0);
    const two = weight([deals[1]!, deals[3]!]);
    expect(keepBest(deals, 10, two).map((each) => each.title)).toEqual(['Deal 1', 'Deal 3']);
    expect(keepBest(deals, 10, two - 1).map((each) => each.title)).toEqual(['Deal 1']);
    expect(keepBest(deals, 10, 0)).toEqual([]);
    expect(keepBest(deals, 10, weight(deals))).toEqual(deals);
  });

  it('says how many the menu held when it cut', async () => {
    const menu = await pool().parse(
      {
        entry: FEED,
        received: [feedPayload(Array.from({ length: 50 }, (_, index) => deal(index, index)))],
        maxDeals: 20,
        maxDealBytes: 1e6,
        maxPayloads: 10,
      },
      never(),
    );
    expect(menu).toMatchObject({ dealsFound: 50 });
    expect(menu.deals).toHaveLength(20);
    expect(menu.deals.map((each) => each.discountPercent)).toEqual(
      Array.from({ length: 20 }, (_, index) => 30 + index),
    );
  }, 30_000);
});

describe('the parser pool run from the sources', () => {
  it('leaves no finished process behind when its threads end', async () => {
    for (let round = 0; round < 3; round += 1) {
      const each = createParserPool({ timeLimitMs: 10_000, memoryMb: 256, threads: 1 });
      await expect(
        each.plan({ entry: FEED, received: [], config: DEFAULT_PLATFORM_CONFIG }, never()),
      ).resolves.toHaveLength(1);
      await each.close();
    }
    // An ended child is reaped within moments, or never.
    await new Promise((resolve) => setTimeout(resolve, 500));
    expect(unreapedChildren().length).toBe(UNREAPED_AT_START);
  });

  it('leaves no esbuild process behind per thread when run by tsx, as the demo is', () => {
    // tsx's loader, inherited by a thread, starts an esbuild process there that is never reaped.
    const printed = execFileSync(
      TSX,
      [fileURLToPath(new URL('../support/threads-under-tsx.ts', import.meta.url))],
      { encoding: 'utf8' },
    );
    expect(JSON.parse(printed.trim().split('\n').at(-1) ?? '')).toMatchObject({ finished: 0 });
  }, 60_000);
});

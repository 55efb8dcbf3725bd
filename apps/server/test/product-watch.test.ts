import { join } from 'node:path';
import { openSqliteRepository, type DealsRepository } from '@stl-deals/store';
import type { FastifyInstance } from 'fastify';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { readAtom } from './support/atom';
import { productDeal } from './support/deals';
import { startFeedServer, type FeedServer } from './support/feed-server';
import { feedRegistry, startApp, tempDir, TestClock } from './support/harness';
import { startSmtpServer, type SmtpStandIn } from './support/smtp-server';

/*
 * Watching one product across stores, by email (end to end to a real SMTP server) and as its
 * own Atom feed: at or below a price, at most one message a day, naming the store and price,
 * news again once the product was off deal at its target.
 */

const HOUR = 60 * 60 * 1000;
let feed: FeedServer;
let smtp: SmtpStandIn;
beforeAll(async () => {
  feed = await startFeedServer();
  smtp = await startSmtpServer();
});
afterAll(async () => {
  await Promise.all([feed.close(), smtp.close()]);
});

let app: FastifyInstance;
let clock: TestClock;
let repository: DealsRepository;
beforeEach(async () => {
  smtp.received.length = 0;
  clock = new TestClock();
  const dataDir = tempDir();
  repository = await openSqliteRepository({ file: join(dataDir, 'deals.sqlite') });
  feed.set('grove', { deals: [productDeal('grove', 28)] });
  feed.set('oak', { deals: [productDeal('oak', 29)] });
  app = await startApp({
    registry: feedRegistry(feed, ['grove', 'oak']),
    clock,
    dataDir,
    repository,
    env: {
      SMTP_URL: smtp.url,
      EMAIL_FROM: 'deals@stl-deals.example',
      EMAIL_POSTAL_ADDRESS: '100 Market St, St. Louis, MO 63101',
    },
  });
});
afterEach(async () => {
  await app.close();
});

async function pass(advanceMs = 60_000): Promise<void> {
  clock.advance(advanceMs);
  await app.collection.refreshAll().finished;
  await app.followersIdle();
}

/** The product key the service gave the deals (one product at both stores). */
async function productKeyOf(): Promise<string> {
  const deals = (await app.inject('/api/reactive/deals')).json<Array<{ productKey?: string }>>();
  const keys = new Set(deals.map((deal) => deal.productKey));
  expect(keys.size).toBe(1);
  const [key] = keys;
  expect(key).toMatch(/^flower\|.*boof.*\|7g$/);
  return key!;
}

describe('a product watch by email', () => {
  it('tells of the cheapest store at or below the target, at most once a day, and again after it was off deal', async () => {
    await pass();
    const key = await productKeyOf();
    const signed = await app.inject({
      method: 'POST',
      url: '/api/email/watches',
      headers: { 'content-type': 'application/json' },
      payload: { email: 'boof@example.com', product: { key, atMost: 30 } },
    });
    expect(signed.statusCode, signed.body).toBe(202);
    await smtp.waitFor(1);
    const confirmation = smtp.received[0]!.mail;
    expect(confirmation.subject).toBe(
      'Confirm: STL Deals email about Proper Super Boof 7g on deal at or below $30',
    );
    const link = /http:\/\/localhost:3000(\/email\/confirm\?\S+)/.exec(
      confirmation.text ?? '',
    )?.[1];
    expect((await app.inject({ method: 'POST', url: link! })).statusCode).toBe(200);

    await pass();
    await smtp.waitFor(2);
    const news = smtp.received[1]!.mail;
    expect(news.subject).toBe(
      'Proper Super Boof 7g: $28 at Store grove (at or below your $30), also at 1 more store from $29',
    );
    expect(news.text).toContain('Proper Super Boof 7g · $28 (was $40) · Store grove');
    expect(news.text).toContain(
      `On the page: http://localhost:3000/?${new URLSearchParams({ product: key }).toString()}`,
    );

    // The same prices: told already.
    await pass(2 * HOUR);
    expect(smtp.received).toHaveLength(2);
    // Off deal at the target, then back at $27 within the day: news, but the next day.
    feed.set('grove', { deals: [productDeal('grove', 35)] });
    feed.set('oak', { deals: [productDeal('oak', 33)] });
    await pass(HOUR);
    feed.set('grove', { deals: [productDeal('grove', 27)] });
    await pass(HOUR);
    expect(smtp.received).toHaveLength(2);
    await pass(20 * HOUR);
    await smtp.waitFor(3);
    expect(smtp.received[2]!.mail.subject).toBe(
      'Proper Super Boof 7g: $27 at Store grove (at or below your $30)',
    );
  });
});

describe('GET /feeds/product.atom', () => {
  it('lists the product’s deals at every store, named by the product', async () => {
    await pass();
    const key = await productKeyOf();
    const response = await app.inject(
      `/feeds/product.atom?${new URLSearchParams({ product: key }).toString()}`,
    );
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toBe('application/atom+xml; charset=utf-8');
    const parsed = readAtom(response.body);
    expect(parsed.title).toBe('STL Deals: Proper Super Boof 7g');
    expect(parsed.items.map((item) => item.authors[0]?.name).sort()).toEqual([
      'Store grove',
      'Store oak',
    ]);
    expect(parsed.url).toBe(
      `http://localhost:80/?${new URLSearchParams({ product: key }).toString()}`,
    );

    const none = await app.inject('/feeds/product.atom?product=flower%7Cnothing%7C-');
    expect(none.statusCode).toBe(200);
    expect(readAtom(none.body).items).toEqual([]);
    expect((await app.inject('/feeds/product.atom')).statusCode).toBe(400);
    expect((await app.inject(`/feeds/product.atom?product=${'x'.repeat(201)}`)).statusCode).toBe(
      400,
    );
  });
});

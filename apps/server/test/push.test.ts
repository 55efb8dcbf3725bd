import { createECDH } from 'node:crypto';
import { Agent } from 'node:https';
import { rmSync } from 'node:fs';
import { join } from 'node:path';
import { openSqliteRepository, type DealsRepository } from '@stl-deals/store';
import type { FastifyInstance } from 'fastify';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { FeedDeals } from '../src/follow/feed-deals';
import { fanOut } from '../src/follow/push-fan-out';
import { pushSender } from '../src/follow/push-sender';
import {
  CLIENT_DAY_LIMIT,
  STORE_RETRY_AFTER_S,
  STORE_UNAVAILABLE,
  SUBSCRIPTIONS_PER_CLIENT_DAY,
} from '../src/routes/push';
import { feedDeals, productDeal } from './support/deals';
import { startFeedServer, type FeedServer } from './support/feed-server';
import { feedRegistry, silentLogger, startApp, tempDir, TestClock } from './support/harness';
import { PushServiceStandIn, type BrowserSubscription } from './support/push-service';

/*
 * Web Push end to end in one process: the subscription calls on the real app and store, and the
 * fan-out sending with the real `web-push` to the local push-service stand-in, which checks each
 * request's VAPID signature and decrypts its body with the subscription's own key.
 */

const SUBSCRIPTIONS = '/api/push/subscriptions';

let feed: FeedServer;
let push: PushServiceStandIn;
beforeAll(async () => {
  feed = await startFeedServer();
  push = await PushServiceStandIn.start();
});
afterAll(async () => {
  await Promise.all([feed.close(), push.close()]);
});

/** The operator's key pair, so that the test signs as the app says it does. */
const VAPID = (() => {
  const ecdh = createECDH('prime256v1');
  ecdh.generateKeys();
  return { publicKey: ecdh.getPublicKey('base64url'), privateKey: ecdh.getPrivateKey('base64url') };
})();

let app: FastifyInstance;
let clock: TestClock;
let repository: DealsRepository;
beforeEach(async () => {
  clock = new TestClock();
  feed.set('grove', { deals: feedDeals('grove', 2) });
  feed.set('oak', { deals: [] });
  const dataDir = tempDir();
  repository = await openSqliteRepository({ file: join(dataDir, 'deals.sqlite') });
  app = await startApp({
    registry: feedRegistry(feed, ['grove', 'oak']),
    clock,
    dataDir,
    repository,
    env: {
      PUSH_SERVICE_HOSTS: '127.0.0.1',
      VAPID_PUBLIC_KEY: VAPID.publicKey,
      VAPID_PRIVATE_KEY: VAPID.privateKey,
    },
  });
});
afterEach(async () => {
  await app.close();
});

function subscribe(
  subscription: BrowserSubscription,
  search: string,
  headers: Record<string, string> = {},
  remoteAddress = '203.0.113.9',
) {
  return app.inject({
    method: 'POST',
    url: SUBSCRIPTIONS,
    headers: { 'content-type': 'application/json', ...headers },
    remoteAddress,
    payload: { subscription, search },
  });
}

async function subscribed(
  search: string,
): Promise<{ endpointId: string; id: string; token: string }> {
  const browser = push.subscribe();
  const response = await subscribe(browser, search);
  expect(response.statusCode, response.body).toBe(201);
  return { endpointId: browser.endpointId, ...response.json<{ id: string; token: string }>() };
}

/** One fan-out as a pass's job runs it, sending through an agent that trusts the stand-in's CA. */
async function passFanOut() {
  await app.collection.deals.published();
  const sender = pushSender({
    vapid: { ...VAPID, subject: 'mailto:ops@deals.example' },
    pushHosts: ['127.0.0.1'],
    agent: new Agent({ ca: push.ca }),
  });
  const deals = new FeedDeals(app.collection.deals, () => clock.now());
  try {
    return await fanOut({
      repository,
      deals: () => deals.current(),
      dispensaries: () => app.collection.dispensaries(),
      isDispensary: (key) => app.collection.has(key),
      send: sender.send,
      clock,
      logger: silentLogger,
    });
  } finally {
    sender.close();
  }
}

/** What the stand-in received for `endpointId`, decrypted. */
const messagesOf = (endpointId: string) =>
  push.received.filter((received) => received.endpointId === endpointId);

describe('the push key', () => {
  it('is the VAPID public key browsers subscribe with', async () => {
    const response = await app.inject('/api/push/key');
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ publicKey: VAPID.publicKey });
  });
});

describe('subscribing', () => {
  it('answers 201 with an id and a token, and keeps only the token’s hash and no client', async () => {
    const browser = push.subscribe();
    const response = await subscribe(browser, 'category=edibles', {
      origin: 'http://localhost:80',
      host: 'localhost:80',
      'user-agent': 'Mozilla/5.0 (Test) Browser/1',
    });

    expect(response.statusCode, response.body).toBe(201);
    const { id, token } = response.json<{ id: string; token: string }>();
    expect(id).toMatch(/^[A-Za-z0-9_-]{22}$/);
    expect(token).toMatch(/^[A-Za-z0-9_-]{43}$/);
    const [kept] = await repository.listPushSubscriptions(null, 10);
    expect(kept).toMatchObject({
      id,
      endpoint: browser.endpoint,
      p256dh: browser.keys.p256dh,
      auth: browser.keys.auth,
      search: 'category=edibles',
      createdAt: clock.now().toISOString(),
      watermark: clock.now().toISOString(),
    });
    const row = JSON.stringify(kept);
    for (const secret of [token, '203.0.113.9', 'Mozilla']) expect(row).not.toContain(secret);
  });

  it('refuses an endpoint outside the allow-list with 400 and a JSON message', async () => {
    const browser = push.subscribe();
    const response = await subscribe(
      { ...browser, endpoint: 'https://evil.example/send/1' },
      'category=edibles',
    );

    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({
      error: 'BadRequest',
      message: expect.stringMatching(/push service is not one this service sends to/) as string,
    });
    expect(await repository.countPushSubscriptions()).toBe(0);
  });

  it('refuses what is not a subscription, another site’s page, a body not JSON or too large', async () => {
    const browser = push.subscribe();
    const bad = await app.inject({
      method: 'POST',
      url: SUBSCRIPTIONS,
      headers: { 'content-type': 'application/json' },
      payload: { subscription: { endpoint: browser.endpoint }, search: '' },
    });
    expect(bad.statusCode).toBe(400);
    expect(bad.json<{ message: string }>().message).toMatch(/not valid/);

    const crossSite = await subscribe(browser, '', { origin: 'https://evil.example' });
    expect(crossSite.statusCode).toBe(403);

    const text = await app.inject({
      method: 'POST',
      url: SUBSCRIPTIONS,
      headers: { 'content-type': 'text/plain' },
      payload: JSON.stringify({ subscription: browser, search: '' }),
    });
    expect(text.statusCode).toBe(415);

    const large = await subscribe(browser, `search=${'x'.repeat(9000)}`);
    expect(large.statusCode).toBe(413);
    expect(large.json<{ message: string }>().message).toMatch(/at most 8192 bytes/);

    const radius = await subscribe(browser, 'distance=5');
    expect(radius.statusCode).toBe(400);
    expect(radius.json<{ message: string }>().message).toMatch(/lat and lng/);
    expect(await repository.countPushSubscriptions()).toBe(0);
  });

  it(`takes ${SUBSCRIPTIONS_PER_CLIENT_DAY} a day from one client, then 429; others still subscribe`, async () => {
    for (let n = 0; n < SUBSCRIPTIONS_PER_CLIENT_DAY; n++) {
      expect((await subscribe(push.subscribe(), `search=s${n}`)).statusCode).toBe(201);
    }
    const refused = await subscribe(push.subscribe(), 'search=more');
    expect(refused.statusCode).toBe(429);
    expect(refused.json<{ message: string }>().message).toBe(CLIENT_DAY_LIMIT);
    // The same client by another spelling of its address, and another client.
    expect(
      (await subscribe(push.subscribe(), 'search=x', {}, '::ffff:203.0.113.9')).statusCode,
    ).toBe(429);
    expect((await subscribe(push.subscribe(), 'search=x', {}, '203.0.113.10')).statusCode).toBe(
      201,
    );
    clock.advance(24 * 60 * 60 * 1000);
    expect((await subscribe(push.subscribe(), 'search=next-day')).statusCode).toBe(201);
  });

  it(`takes ${SUBSCRIPTIONS_PER_CLIENT_DAY} of a client's requests sent all at once, no more`, async () => {
    const statuses = await Promise.all(
      Array.from(
        { length: SUBSCRIPTIONS_PER_CLIENT_DAY + 5 },
        async (_, n) => (await subscribe(push.subscribe(), `search=burst${n}`)).statusCode,
      ),
    );
    expect(statuses.filter((status) => status === 201)).toHaveLength(SUBSCRIPTIONS_PER_CLIENT_DAY);
    expect(statuses.filter((status) => status === 429)).toHaveLength(5);
  });
});

describe('subscribing with a cap', () => {
  it('answers 503 once PUSH_MAX_SUBSCRIPTIONS are kept, and takes none at 0', async () => {
    const capped = await startApp({
      registry: feedRegistry(feed, ['grove']),
      env: { PUSH_SERVICE_HOSTS: '127.0.0.1', PUSH_MAX_SUBSCRIPTIONS: '1' },
    });
    const none = await startApp({
      registry: feedRegistry(feed, ['grove']),
      env: { PUSH_SERVICE_HOSTS: '127.0.0.1', PUSH_MAX_SUBSCRIPTIONS: '0' },
    });
    try {
      const post = (target: FastifyInstance) =>
        target.inject({
          method: 'POST',
          url: SUBSCRIPTIONS,
          headers: { 'content-type': 'application/json' },
          payload: { subscription: push.subscribe(), search: '' },
        });
      expect((await post(capped)).statusCode).toBe(201);
      const full = await post(capped);
      expect(full.statusCode).toBe(503);
      expect(full.json<{ message: string }>().message).toMatch(/feed link works/);
      expect((await post(none)).statusCode).toBe(503);
    } finally {
      await Promise.all([capped.close(), none.close()]);
    }
  });

  /** POSTs a subscription to the app listening at `origin`, as a browser's page does. */
  const postTo = (origin: string, subscription: BrowserSubscription, search = '') =>
    fetch(`${origin}${SUBSCRIPTIONS}`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ subscription, search }),
    });

  it('takes a re-subscription of a kept browser and search even above a lowered cap, keeping it', async () => {
    const dataDir = tempDir();
    const env = { PUSH_SERVICE_HOSTS: '127.0.0.1' };
    const first = await startApp({ registry: feedRegistry(feed, ['grove']), dataDir, env });
    const [kept, other] = [push.subscribe(), push.subscribe()];
    try {
      const origin = await first.listen({ port: 0, host: '127.0.0.1' });
      for (const browser of [kept, other]) expect((await postTo(origin, browser)).status).toBe(201);
    } finally {
      await first.close();
    }

    const lowered = await startApp({
      registry: feedRegistry(feed, ['grove']),
      dataDir,
      env: { ...env, PUSH_MAX_SUBSCRIPTIONS: '1' },
    });
    try {
      const origin = await lowered.listen({ port: 0, host: '127.0.0.1' });
      const again = await postTo(origin, kept);
      expect(again.status).toBe(201);
      const { id } = (await again.json()) as { id: string };
      // A new one is still refused at the cap; nothing kept was lost.
      expect((await postTo(origin, push.subscribe())).status).toBe(503);
      const store = await openSqliteRepository({ file: join(dataDir, 'deals.sqlite') });
      try {
        const rows = await store.listPushSubscriptions(null, 10);
        expect(rows.map(({ endpoint }) => endpoint).sort()).toEqual(
          [kept.endpoint, other.endpoint].sort(),
        );
        expect(rows.find(({ endpoint }) => endpoint === kept.endpoint)?.id).toBe(id);
      } finally {
        await store.close();
      }
    } finally {
      await lowered.close();
    }
  });
});

describe('subscribing while the store is down', () => {
  it('answers 503 with the reason and Retry-After, and takes the client’s budget back', async () => {
    const dataDir = tempDir();
    const down = await startApp({
      registry: feedRegistry(feed, ['grove']),
      dataDir,
      env: { PUSH_SERVICE_HOSTS: '127.0.0.1' },
    });
    try {
      const origin = await down.listen({ port: 0, host: '127.0.0.1' });
      // The token's answer is a credential: never kept by a cache.
      const first = await fetch(`${origin}${SUBSCRIPTIONS}`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ subscription: push.subscribe(), search: '' }),
      });
      expect(first.status).toBe(201);
      expect(first.headers.get('cache-control')).toBe('no-store');

      const file = join(dataDir, 'deals.sqlite');
      for (const suffix of ['', '-wal', '-shm']) rmSync(`${file}${suffix}`, { force: true });
      down.maintenance.start();
      await down.maintenance.settled();
      for (let attempt = 0; attempt < SUBSCRIPTIONS_PER_CLIENT_DAY + 2; attempt++) {
        const answer = await fetch(`${origin}${SUBSCRIPTIONS}`, {
          method: 'POST',
          headers: { 'content-type': 'application/json' },
          body: JSON.stringify({ subscription: push.subscribe(), search: '' }),
        });
        expect(answer.status).toBe(503);
        expect(answer.headers.get('retry-after')).toBe(String(STORE_RETRY_AFTER_S));
        expect(await answer.json()).toEqual({
          error: 'ServiceUnavailable',
          message: STORE_UNAVAILABLE,
        });
      }
    } finally {
      await down.close();
    }
  });
});

describe('stopping', () => {
  it('takes the token as a bearer credential: 401 without, 403 another’s, 204 then 204 again', async () => {
    const { id, token } = await subscribed('category=edibles');
    const stop = (authorization?: string) =>
      app.inject({
        method: 'DELETE',
        url: `${SUBSCRIPTIONS}/${id}`,
        headers: authorization === undefined ? {} : { authorization },
      });

    const without = await stop();
    expect(without.statusCode).toBe(401);
    expect(without.headers['www-authenticate']).toBe('Bearer');
    expect((await stop(`Bearer ${'A'.repeat(43)}`)).statusCode).toBe(403);
    expect(await repository.countPushSubscriptions()).toBe(1);

    const stopped = await stop(`Bearer ${token}`);
    expect(stopped.statusCode).toBe(204);
    expect(stopped.body).toBe('');
    expect(await repository.countPushSubscriptions()).toBe(0);
    // Stopped already (or dropped by the service): nothing to stop, which the page takes as done.
    expect((await stop(`Bearer ${token}`)).statusCode).toBe(204);
  });
});

describe('a pass’s fan-out', () => {
  it('sends each subscription whose search gained deals one message the browser can read', async () => {
    const edibles = await subscribed('category=edibles');
    const flower = await subscribed('category=flower');
    clock.advance(60_000);
    await app.collection.refreshAll().finished;

    const summary = await passFanOut();

    expect(summary).toMatchObject({ subscriptions: 2, sent: 1, gone: 0, retried: 0 });
    expect(push.rejected).toEqual([]);
    const [received, ...more] = messagesOf(edibles.endpointId);
    expect(more).toEqual([]);
    expect(received).toMatchObject({
      message: {
        title: 'STL Deals: Edibles',
        body: '2 new edibles deals at Store grove: from $16, up to 20% off (claimed)',
        url: '/?category=edibles#follow',
        tag: `follow-${edibles.id}`,
      },
      ttl: '43200',
      urgency: 'normal',
      vapidKey: VAPID.publicKey,
    });
    expect(messagesOf(flower.endpointId)).toEqual([]);
  });

  it('sends nothing again for the same deals, at most one an hour, and the deals since then after it', async () => {
    const edibles = await subscribed('category=edibles');
    clock.advance(60_000);
    await app.collection.refreshAll().finished;
    expect((await passFanOut()).sent).toBe(1);
    expect((await passFanOut()).sent).toBe(0);

    feed.set('grove', { deals: [...feedDeals('grove', 2), ...feedDeals('fresh', 1)] });
    clock.advance(10 * 60_000);
    await app.collection.refreshAll().finished;
    expect((await passFanOut()).sent).toBe(0);

    clock.advance(60 * 60_000);
    expect((await passFanOut()).sent).toBe(1);
    const messages = messagesOf(edibles.endpointId).map(
      (received) => (received.message as { body: string }).body,
    );
    expect(messages).toEqual([
      '2 new edibles deals at Store grove: from $16, up to 20% off (claimed)',
      '1 new edibles deal at Store grove: from $16, up to 20% off (claimed)',
    ]);
  });

  it('deletes a subscription its push service says is gone, and backs off from 429 and 5xx', async () => {
    const gone = await subscribed('category=edibles');
    const busy = await subscribed('category=edibles');
    const failing = await subscribed('category=edibles');
    push.answer(gone.endpointId, [410]);
    push.answer(busy.endpointId, [429], { 'retry-after': '7200' });
    push.answer(failing.endpointId, [503, 502]);
    clock.advance(60_000);
    await app.collection.refreshAll().finished;

    expect(await passFanOut()).toMatchObject({ sent: 0, gone: 1, retried: 2 });
    const kept = new Map(
      (await repository.listPushSubscriptions(null, 10)).map((row) => [row.id, row]),
    );
    expect(kept.has(gone.id)).toBe(false);
    const now = clock.now().getTime();
    expect(kept.get(busy.id)).toMatchObject({
      failures: 1,
      retryAt: new Date(now + 7_200_000).toISOString(),
      lastSentAt: null,
    });
    expect(kept.get(failing.id)).toMatchObject({
      failures: 1,
      retryAt: new Date(now + 5 * 60_000).toISOString(),
    });

    // Before its backoff ends nothing is sent; after it, the same deals still are.
    expect((await passFanOut()).retried).toBe(0);
    clock.advance(5 * 60_000);
    expect(await passFanOut()).toMatchObject({ sent: 0, retried: 1 });
    expect(
      (await repository.listPushSubscriptions(null, 10)).find((row) => row.id === failing.id),
    ).toMatchObject({ failures: 2 });
    clock.advance(2 * 60 * 60_000);
    expect(await passFanOut()).toMatchObject({ sent: 2, retried: 0 });
    expect(messagesOf(busy.endpointId)).toHaveLength(1);
    expect(messagesOf(failing.endpointId)).toHaveLength(1);
  });

  it('drops a subscription unused for 90 days before sending', async () => {
    await subscribed('category=flower');
    clock.advance(90 * 24 * 60 * 60 * 1000 + 1);

    expect(await passFanOut()).toMatchObject({ dropped: 1, subscriptions: 0 });
    expect(await repository.countPushSubscriptions()).toBe(0);
  });
});

describe('a product watch', () => {
  it('is told once when the product is on deal at or below its target, naming the store and price', async () => {
    feed.set('grove', { deals: [productDeal('grove', 28)] });
    feed.set('oak', { deals: [productDeal('oak', 29)] });
    await app.collection.refreshAll().finished;
    const deals = (await app.inject('/api/reactive/deals')).json<Array<{ productKey?: string }>>();
    const key = deals[0]?.productKey ?? '';
    const browser = push.subscribe();
    const response = await app.inject({
      method: 'POST',
      url: SUBSCRIPTIONS,
      headers: { 'content-type': 'application/json' },
      remoteAddress: '203.0.113.9',
      payload: { subscription: browser, product: { key, atMost: 28.5 } },
    });
    expect(response.statusCode, response.body).toBe(201);
    const { id } = response.json<{ id: string }>();
    const [kept] = await repository.listPushSubscriptions(null, 10);
    expect(kept).toMatchObject({
      productKey: key,
      atMostCents: 2850,
      search: `product=${encodeURIComponent(key).replace(/%20/g, '+')}`,
    });

    expect(await passFanOut()).toMatchObject({ sent: 1 });
    expect(messagesOf(browser.endpointId).map((received) => received.message)).toEqual([
      {
        title: 'STL Deals: Proper Super Boof 7g',
        body: '$28 at Store grove (at or below your $28.50)',
        url: `/?${new URLSearchParams({ product: key }).toString()}`,
        tag: `watch-${id}`,
      },
    ]);
    // Told already, and at most one a day whatever comes.
    feed.set('grove', { deals: [productDeal('grove', 25)] });
    clock.advance(60 * 60_000);
    await app.collection.refreshAll().finished;
    expect(await passFanOut()).toMatchObject({ sent: 0 });
    clock.advance(24 * 60 * 60_000);
    expect(await passFanOut()).toMatchObject({ sent: 1 });
    expect((messagesOf(browser.endpointId).at(-1)?.message as { body: string }).body).toBe(
      '$25 at Store grove (at or below your $28.50)',
    );
  });
});

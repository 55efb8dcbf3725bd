import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { openSqliteRepository } from '@stl-deals/store';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { feedDeals } from './support/deals';
import { startFeedServer, type FeedServer } from './support/feed-server';
import { feedRegistry, tempDir } from './support/harness';
import { PushServiceStandIn, type ReceivedMessage } from './support/push-service';
import { listening, logLines, start, until } from './support/service-process';

/*
 * Web Push through the service as an operator runs it: its own process, the push service's CA
 * given to it through NODE_EXTRA_CA_CERTS and its host through PUSH_SERVICE_HOSTS, its VAPID key
 * pair made at the first start and kept in the store, and a message sent after its first pass,
 * a visitor's Refresh All and a visitor's Refresh of one store.
 */

let feed: FeedServer;
let push: PushServiceStandIn;
beforeAll(async () => {
  feed = await startFeedServer();
  push = await PushServiceStandIn.start();
});
afterAll(async () => {
  await Promise.all([feed.close(), push.close()]);
});

describe('the service process', () => {
  it('sends a followed search its new deals after a pass, signed with the key it serves', async () => {
    feed.set('grove', { deals: feedDeals('grove', 3) });
    const dataDir = tempDir();
    const registry = join(dataDir, 'registry.json');
    writeFileSync(registry, JSON.stringify(feedRegistry(feed, ['grove'])));
    // A browser that followed the search before the service ever saw these deals.
    const browser = push.subscribe();
    const repository = await openSqliteRepository({ file: join(dataDir, 'deals.sqlite') });
    await repository.addPushSubscription(
      {
        id: 'followed',
        tokenHash: 'unused',
        endpoint: browser.endpoint,
        p256dh: browser.keys.p256dh,
        auth: browser.keys.auth,
        search: 'category=edibles',
        createdAt: new Date(Date.now() - 60_000).toISOString(),
        expiresAt: null,
      },
      10,
    );
    await repository.close();

    const service = start({
      PORT: '0',
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      DEALS_REGISTRY: registry,
      LOG_LEVEL: 'info',
      NODE_EXTRA_CA_CERTS: push.caFile,
      PUSH_SERVICE_HOSTS: '127.0.0.1',
      // The test's Refresh All comes seconds after the first pass.
      REFRESH_COOLDOWN_S: '0',
    });
    let received: ReceivedMessage | undefined;
    try {
      const origin = await listening(service);
      received = await until(
        () => push.received.find((message) => message.endpointId === browser.endpointId),
        'the push message',
      );

      const { publicKey } = (await (await fetch(`${origin}/api/push/key`)).json()) as {
        publicKey: string;
      };
      expect(received.vapidKey).toBe(publicKey);
      expect(received.message).toEqual({
        title: 'STL Deals: Edibles',
        body: '3 new edibles deals at Store grove: from $16, up to 20% off (claimed)',
        url: '/?category=edibles#follow',
        tag: 'follow-followed',
      });
      expect(push.rejected).toEqual([]);
      expect(logLines(service).find((line) => line.msg === 'push messages sent')).toMatchObject({
        push: { subscriptions: 1, sent: 1 },
      });

      // The page's call, answered by the same process.
      const subscribe = (endpoint: string) =>
        fetch(`${origin}/api/push/subscriptions`, {
          method: 'POST',
          headers: { 'content-type': 'application/json' },
          body: JSON.stringify({
            subscription: { ...push.subscribe(), endpoint },
            search: 'category=flower',
          }),
        });
      expect((await subscribe(push.endpoint('page'))).status).toBe(201);
      const refused = await subscribe('https://push.evil.example/send/1');
      expect(refused.status).toBe(400);
      expect(((await refused.json()) as { message: string }).message).toMatch(/push service/);

      // A visitor's Refresh All is a pass too: a search followed since hears of the deals it
      // brought, long before the next scheduled pass (30 minutes away).
      const later = push.subscribe();
      const followed = await fetch(`${origin}/api/push/subscriptions`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ subscription: later, search: 'category=edibles' }),
      });
      expect(followed.status).toBe(201);
      feed.set('grove', { deals: [...feedDeals('grove', 3), ...feedDeals('fresh', 2)] });
      const refreshed = await fetch(`${origin}/api/scraper/refresh/all`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
      });
      expect(refreshed.status).toBe(200);
      const news = await until(
        () => push.received.find((message) => message.endpointId === later.endpointId),
        'the push message after Refresh All',
      );
      expect(news.message).toMatchObject({
        body: '2 new edibles deals at Store grove: from $16, up to 20% off (claimed)',
      });

      // A visitor's Refresh of one store is a pass of one: a search followed since hears of the
      // deal it found now, not at the next pass; one that had a message this hour waits for it.
      const single = push.subscribe();
      const followedToo = await fetch(`${origin}/api/push/subscriptions`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ subscription: single, search: 'category=edibles' }),
      });
      expect(followedToo.status).toBe(201);
      feed.set('grove', {
        deals: [...feedDeals('grove', 3), ...feedDeals('fresh', 2), ...feedDeals('newest', 1)],
      });
      const fanOutsLogged = () =>
        logLines(service).filter((line) => line.msg === 'push messages sent').length;
      const before = fanOutsLogged();
      const refreshedOne = await fetch(`${origin}/api/scraper/refresh/grove`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
      });
      expect(refreshedOne.status).toBe(200);
      const found = await until(
        () => push.received.find((message) => message.endpointId === single.endpointId),
        'the push message after a Refresh of one store',
      );
      expect(found.message).toMatchObject({
        body: '1 new edibles deal at Store grove: from $16, up to 20% off (claimed)',
      });
      // Its fan-out has ended (logged) and passed over the subscription messaged this hour.
      await until(() => (fanOutsLogged() > before ? true : undefined), 'the fan-out’s log line');
      expect(
        push.received.filter((message) => message.endpointId === later.endpointId),
      ).toHaveLength(1);
    } finally {
      service.child.kill('SIGTERM');
      expect(await service.exited).toBe(0);
    }

    // The key pair made at the first start is the store's from now on.
    const reopened = await openSqliteRepository({ file: join(dataDir, 'deals.sqlite') });
    const kept = await reopened.keepPushKeys({ publicKey: 'BOther', privateKey: 'other' });
    await reopened.close();
    expect(kept.publicKey).toBe(received?.vapidKey);
  }, 60_000);
});

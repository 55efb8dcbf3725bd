import { createECDH, randomBytes } from 'node:crypto';
import { buildDealViews, DEFAULT_FILTERS, type Deal } from '@stl-deals/domain';
import { describe, expect, it } from 'vitest';
import { loadConfig } from '../src/config';
import { ClientDayLimit } from '../src/follow/client-day-limit';
import { freshDeals } from '../src/follow/push-fan-out';
import { followPageUrl, newDealsText } from '../src/follow/push-message';
import { PushRounds } from '../src/follow/push-rounds';
import {
  FIRST_BACKOFF_MS,
  isDue,
  MAX_BACKOFF_MS,
  MESSAGE_INTERVAL_MS,
  retryAfterMs,
  retryAt,
  verdictOf,
} from '../src/follow/push-schedule';
import { DEFAULT_PUSH_SERVICE_HOSTS, endpointRefusal } from '../src/follow/push-services';
import { readSubscriptionRequest } from '../src/follow/push-subscription-input';
import { silentLogger } from './support/harness';

describe('the push services a subscription may name', () => {
  const hosts = ['fcm.googleapis.com', '.notify.windows.com', '127.0.0.1'];

  it.each([
    ['https://fcm.googleapis.com/fcm/send/abc', true],
    ['https://FCM.googleapis.com:443/fcm/send/abc', true],
    ['https://127.0.0.1:8443/send/1', true],
    ['https://wns2-bn3p.notify.windows.com/w/?token=x', true],
    ['https://a.b.notify.windows.com/w', true],
    // The leading dot stands for subdomains, not the bare name or a look-alike.
    ['https://notify.windows.com/w', false],
    ['https://evilnotify.windows.com/w', false],
    ['https://fcm.googleapis.com.evil.example/x', false],
    ['https://evil.example/fcm.googleapis.com', false],
    ['http://fcm.googleapis.com/fcm/send/abc', false],
    ['https://user:pass@fcm.googleapis.com/fcm/send/abc', false],
    ['https://127.0.0.2/send/1', false],
    ['fcm.googleapis.com/fcm/send/abc', false],
  ])('%s: %s', (endpoint, allowed) => {
    expect(endpointRefusal(endpoint, hosts) === null).toBe(allowed);
  });

  it('defaults to the major browsers’ services, Windows’ by subdomain', () => {
    const config = loadConfig({});
    expect(config.PUSH_SERVICE_HOSTS).toEqual([...DEFAULT_PUSH_SERVICE_HOSTS]);
    for (const endpoint of [
      'https://fcm.googleapis.com/fcm/send/x',
      'https://updates.push.services.mozilla.com/wpush/v2/x',
      'https://web.push.apple.com/QGx',
      'https://wns2-by3p.notify.windows.com/w/?token=x',
    ]) {
      expect(endpointRefusal(endpoint, config.PUSH_SERVICE_HOSTS)).toBeNull();
    }
  });

  it('reads PUSH_SERVICE_HOSTS as lower-cased names and refuses what is none', () => {
    expect(
      loadConfig({ PUSH_SERVICE_HOSTS: ' Push.Example , .Notify.Example,127.0.0.1' })
        .PUSH_SERVICE_HOSTS,
    ).toEqual(['push.example', '.notify.example', '127.0.0.1']);
    for (const bad of ['https://push.example', 'push.example/x', '*.push.example', 'a..b']) {
      expect(() => loadConfig({ PUSH_SERVICE_HOSTS: bad })).toThrow(/PUSH_SERVICE_HOSTS/);
    }
  });
});

describe('the VAPID settings', () => {
  const ecdh = createECDH('prime256v1');
  ecdh.generateKeys();
  const publicKey = ecdh.getPublicKey('base64url');
  const privateKey = ecdh.getPrivateKey('base64url');

  it('takes a key pair, both or neither, never repeating the private key in an error', () => {
    const config = loadConfig({ VAPID_PUBLIC_KEY: publicKey, VAPID_PRIVATE_KEY: privateKey });
    expect(config.VAPID_PUBLIC_KEY).toBe(publicKey);
    expect(() => loadConfig({ VAPID_PUBLIC_KEY: publicKey })).toThrow(/set both/);
    expect(() => loadConfig({ VAPID_PRIVATE_KEY: privateKey })).toThrow(/set both/);
    let message = '';
    try {
      loadConfig({ VAPID_PUBLIC_KEY: publicKey, VAPID_PRIVATE_KEY: `${privateKey}AA` });
    } catch (error) {
      message = (error as Error).message;
    }
    expect(message).toMatch(/VAPID_PRIVATE_KEY: must decode to 32 bytes .*\(value not shown\)/);
    expect(message).not.toContain(privateKey);
  });

  it('takes a mailto: or https: subject only', () => {
    expect(loadConfig({ VAPID_SUBJECT: 'mailto:ops@deals.example' }).VAPID_SUBJECT).toBe(
      'mailto:ops@deals.example',
    );
    expect(() => loadConfig({ VAPID_SUBJECT: 'http://deals.example' })).toThrow(/VAPID_SUBJECT/);
  });

  it('caps the subscriptions at PUSH_MAX_SUBSCRIPTIONS, 100,000 unless set', () => {
    expect(loadConfig({}).PUSH_MAX_SUBSCRIPTIONS).toBe(100_000);
    expect(loadConfig({ PUSH_MAX_SUBSCRIPTIONS: '0' }).PUSH_MAX_SUBSCRIPTIONS).toBe(0);
    expect(() => loadConfig({ PUSH_MAX_SUBSCRIPTIONS: '-1' })).toThrow(/PUSH_MAX_SUBSCRIPTIONS/);
  });
});

describe('a subscription request', () => {
  const browser = createECDH('prime256v1');
  browser.generateKeys();
  const body = (overrides: Record<string, unknown> = {}, search = 'category=flower') => ({
    subscription: {
      endpoint: 'https://fcm.googleapis.com/fcm/send/abc',
      expirationTime: null,
      keys: {
        p256dh: browser.getPublicKey('base64url'),
        auth: randomBytes(16).toString('base64url'),
      },
      ...overrides,
    },
    search,
  });
  const hosts = ['fcm.googleapis.com'];

  it('is read with its keys, its search as sent and its end', () => {
    const read = readSubscriptionRequest(
      body({ expirationTime: Date.parse('2027-01-01T00:00:00Z') }, '?category=flower&search=zebra'),
      hosts,
    );
    expect(read).toMatchObject({
      endpoint: 'https://fcm.googleapis.com/fcm/send/abc',
      search: 'category=flower&search=zebra',
      expiresAt: new Date('2027-01-01T00:00:00Z'),
    });
  });

  it.each([
    [{ endpoint: 'https://evil.example/x' }, 'category=flower', /push service is not one/],
    [{ endpoint: 'https://fcm.googleapis.com/a b' }, 'category=flower', /as browsers write it/],
    [
      { keys: { p256dh: randomBytes(65).toString('base64url'), auth: 'AAAAAAAAAAAAAAAAAAAAAA' } },
      'category=flower',
      /not a P-256 public key/,
    ],
    [
      { keys: { p256dh: browser.getPublicKey('base64url'), auth: 'AAAA' } },
      'category=flower',
      /auth secret is not 16 bytes/,
    ],
    [{}, 'search=a b', /the page’s URL query/],
    [{}, 'search=x#follow', /the page’s URL query/],
  ])('is refused: %o %s', (overrides, search, message) => {
    expect(readSubscriptionRequest(body(overrides, search), hosts)).toMatch(message);
  });
});

describe('when a subscription is sent a message', () => {
  const now = Date.parse('2026-03-01T12:00:00Z');
  const at = (ms: number) => new Date(now + ms).toISOString();

  it('at most once an hour, and not before its backoff ends', () => {
    expect(isDue({ lastSentAt: null, retryAt: null }, now)).toBe(true);
    expect(isDue({ lastSentAt: at(-MESSAGE_INTERVAL_MS + 1), retryAt: null }, now)).toBe(false);
    expect(isDue({ lastSentAt: at(-MESSAGE_INTERVAL_MS), retryAt: null }, now)).toBe(true);
    expect(isDue({ lastSentAt: null, retryAt: at(1) }, now)).toBe(false);
    expect(isDue({ lastSentAt: null, retryAt: at(0) }, now)).toBe(true);
  });

  it.each([
    [201, 'sent'],
    [202, 'sent'],
    [404, 'gone'],
    [410, 'gone'],
    [429, 'retry'],
    [500, 'retry'],
    [503, 'retry'],
    [400, 'retry'],
    [403, 'retry'],
    [null, 'retry'],
  ] as const)('a %s answer: %s', (status, verdict) => {
    expect(verdictOf(status)).toBe(verdict);
  });

  it('backs off doubling from 5 minutes to 6 hours, or as long as Retry-After asks', () => {
    expect(retryAt(1, null, now).getTime() - now).toBe(FIRST_BACKOFF_MS);
    expect(retryAt(3, null, now).getTime() - now).toBe(4 * FIRST_BACKOFF_MS);
    expect(retryAt(40, null, now).getTime() - now).toBe(MAX_BACKOFF_MS);
    expect(retryAt(1, 60 * 60 * 1000, now).getTime() - now).toBe(60 * 60 * 1000);
    // Believed for a day at most.
    expect(retryAt(1, 9e9, now).getTime() - now).toBe(24 * 60 * 60 * 1000);
    expect(retryAfterMs('120', now)).toBe(120_000);
    expect(retryAfterMs(new Date(now + 30_000).toUTCString(), now)).toBe(30_000);
    expect(retryAfterMs('soon', now)).toBeNull();
    expect(retryAfterMs(undefined, now)).toBeNull();
  });
});

describe("a message's text", () => {
  function views(specs: Array<[string, string, number | undefined]>) {
    const deals: Deal[] = specs.map(([key, name, salePrice], index) => ({
      id: `${key}-${index}`,
      title: `Deal ${index}`,
      description: '',
      price: salePrice === undefined ? 'BOGO' : `$${salePrice}`,
      ...(salePrice === undefined ? {} : { salePrice }),
      imageUrl: '',
      sourceUrl: 'https://menus.example.com/x',
      dispensary: name,
      dispensaryKey: key,
    }));
    return buildDealViews(deals, [], null);
  }

  it("says how many, of what, where, and from what price: '3 new flower deals at Swade, Proper: from $18'", () => {
    const found = views([
      ['swade', 'Swade', 25],
      ['swade', 'Swade', 18],
      ['proper', 'Proper', 30],
    ]);
    expect(newDealsText(found, { category: 'flower' })).toBe(
      '3 new flower deals at Swade, Proper: from $18',
    );
  });

  it('says the biggest percent off as the cards show it: checked before claimed', () => {
    const [swade, proper] = views([
      ['swade', 'Swade', 32],
      ['proper', 'Proper', 30],
    ]).map((view) => view.deal);
    const [first, second] = buildDealViews(
      [
        { ...swade!, usualPrice: 52, discountCheck: 'inflated', discountPercent: 60 },
        { ...proper!, regularPrice: 60, discountCheck: 'unknown' },
      ],
      [],
      null,
    );
    expect(newDealsText([first!], DEFAULT_FILTERS)).toBe(
      '1 new deal at Swade: from $32, up to 38% off',
    );
    expect(newDealsText([first!, second!], DEFAULT_FILTERS)).toBe(
      '2 new deals at Swade, Proper: from $30, up to 50% off (claimed)',
    );
  });

  it('tells of new deals only, and of no deal the history found at or above its usual price', () => {
    const seen = (at: string) => ({ firstSeenAt: at });
    const [old, below, at, above, unjudged] = views([
      ['a', 'Alpha', 30],
      ['a', 'Alpha', 30],
      ['a', 'Alpha', 50],
      ['a', 'Alpha', 61],
      ['a', 'Alpha', 30],
    ]).map((view) => view.deal);
    const judged = { usualPrice: 50, discountCheck: 'none' as const, discountPercent: 20 };
    const fresh = freshDeals(
      buildDealViews(
        [
          { ...old!, ...judged, ...seen('2026-11-01T00:00:00Z') },
          { ...below!, ...judged, ...seen('2026-11-20T00:00:00Z') },
          { ...at!, ...judged, ...seen('2026-11-20T00:00:00Z') },
          { ...above!, ...judged, ...seen('2026-11-20T00:00:00Z') },
          { ...unjudged!, discountPercent: 20, ...seen('2026-11-20T00:00:00Z') },
        ],
        [],
        null,
      ),
      Date.parse('2026-11-10T00:00:00Z'),
    );
    expect(fresh.map((view) => view.deal.id)).toEqual([below!.id, unjudged!.id]);
  });

  it('names two dispensaries and counts the rest, leaves out an unknown price, says one deal', () => {
    expect(
      newDealsText(
        views([
          ['a', 'Alpha', undefined],
          ['b', 'Beta', undefined],
          ['b', 'Beta', undefined],
          ['c', 'Gamma', undefined],
          ['d', 'Delta', undefined],
        ]),
        DEFAULT_FILTERS,
      ),
    ).toBe('5 new deals at Beta, Alpha and 2 more');
    expect(newDealsText(views([['a', 'Alpha', 12.5]]), { category: 'pre-rolls' })).toBe(
      '1 new pre-rolls deal at Alpha: from $12.50',
    );
    expect(newDealsText(views([['a', 'Alpha', 12]]), DEFAULT_FILTERS, true)).toBe(
      '1+ new deals at Alpha: from $12',
    );
  });

  it('opens the page on the search as the browser sent it, with the follow dialog', () => {
    expect(followPageUrl('category=flower&search=zebra')).toBe(
      '/?category=flower&search=zebra#follow',
    );
    expect(followPageUrl('')).toBe('/#follow');
  });
});

describe('the subscriptions a client makes in a day', () => {
  it('are counted per client by a keyed hash, up to the limit, and forgotten the next day', async () => {
    const limit = new ClientDayLimit(2);
    const day = new Date('2026-03-01T10:00:00Z');
    expect(await limit.take('203.0.113.7', day)).toBe(true);
    expect(await limit.take('203.0.113.7', day)).toBe(true);
    expect(await limit.take('203.0.113.7', day)).toBe(false);
    expect(await limit.take('203.0.113.8', day)).toBe(true);
    // One given back (its subscription was not made) can be taken again.
    await limit.giveBack('203.0.113.7', day);
    expect(await limit.take('203.0.113.7', day)).toBe(true);
    // What is kept is no address.
    expect(
      JSON.stringify([...(limit as unknown as { counts: Map<string, number> }).counts]),
    ).not.toContain('203.0.113');
    expect(await limit.take('203.0.113.7', new Date('2026-03-02T00:00:01Z'))).toBe(true);
    expect(limit.size).toBe(1);
  });
});

describe('fan-outs in one process', () => {
  it('run one at a time: asks while one runs make one more after it, and none after a stop', async () => {
    let runs = 0;
    let running = 0;
    let most = 0;
    const releases: Array<() => void> = [];
    const rounds = new PushRounds(async () => {
      runs += 1;
      running += 1;
      most = Math.max(most, running);
      await new Promise<void>((resolve) => releases.push(resolve));
      running -= 1;
    }, silentLogger);

    rounds.request();
    rounds.request();
    rounds.request();
    expect(runs).toBe(1);
    releases.shift()?.();
    await new Promise((resolve) => setImmediate(resolve));
    expect(runs).toBe(2);
    releases.shift()?.();
    await rounds.settled();
    expect(runs).toBe(2);
    expect(most).toBe(1);

    rounds.stop();
    rounds.request();
    await rounds.settled();
    expect(runs).toBe(2);
  });

  it('log a failed fan-out and still run the next', async () => {
    const errors: unknown[] = [];
    let runs = 0;
    const rounds = new PushRounds(
      () => {
        runs += 1;
        return runs === 1 ? Promise.reject(new Error('store gone')) : Promise.resolve();
      },
      { error: (fields: unknown) => errors.push(fields) },
    );
    rounds.request();
    await rounds.settled();
    rounds.request();
    await rounds.settled();
    expect(runs).toBe(2);
    expect(errors).toHaveLength(1);
  });
});

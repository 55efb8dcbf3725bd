import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { DealsRepository, NewPushSubscription, PushOutcome } from '../src/repository';
import type { ContractEngine, ContractDatabase } from './repository-contract';

/*
 * What every engine promises of Web Push subscriptions and the VAPID keys: the cap, the token's
 * hash, paging, outcomes and pruning. Run by each engine's test file beside the main contract.
 */

const T0 = '2026-03-01T10:00:00.000Z';
const T1 = '2026-03-01T11:00:00.000Z';
const T2 = '2026-03-01T12:00:00.000Z';

function subscription(
  n: number,
  overrides: Partial<NewPushSubscription> = {},
): NewPushSubscription {
  return {
    id: `sub-${String(n).padStart(4, '0')}`,
    tokenHash: `hash${n}`,
    endpoint: `https://push.example/send/${n}`,
    p256dh: `BKey${n}`,
    auth: `auth${n}`,
    search: 'category=flower',
    createdAt: T0,
    expiresAt: null,
    ...overrides,
  };
}

export function pushSubscriptionsContract(engine: ContractEngine): void {
  describe(`Push subscriptions contract: ${engine.name}`, () => {
    let database: ContractDatabase;
    let repository: DealsRepository;

    beforeEach(async () => {
      database = await engine.createDatabase();
      repository = await database.open();
    });

    afterEach(async () => {
      await database.dispose();
    });

    it('keeps a subscription as given, its watermark at its making, and lists it', async () => {
      expect(await repository.addPushSubscription(subscription(1), 10)).toBe('added');

      expect(await repository.listPushSubscriptions(null, 10)).toEqual([
        {
          ...subscription(1),
          watermark: T0,
          lastSentAt: null,
          retryAt: null,
          failures: 0,
          productKey: null,
          atMostCents: null,
          toldCents: null,
        },
      ]);
      expect(await repository.countPushSubscriptions()).toBe(1);
    });

    it('keeps a product watch with its target, and the price told of until it is forgotten', async () => {
      const watch = subscription(1, {
        search: 'product=flower%7Cproper+super+boof%7C7g',
        productKey: 'flower|proper super boof|7g',
        atMostCents: 3000,
      });
      await repository.addPushSubscription(watch, 10);
      await repository.settlePushSubscriptions([
        { id: 'sub-0001', kind: 'sent', sentAt: T1, watermark: T1, toldCents: 2800 },
      ]);
      expect((await repository.listPushSubscriptions(null, 10))[0]).toMatchObject({
        productKey: 'flower|proper super boof|7g',
        atMostCents: 3000,
        toldCents: 2800,
        lastSentAt: T1,
      });

      await repository.settlePushSubscriptions([{ id: 'sub-0001', kind: 'untold' }]);
      expect((await repository.listPushSubscriptions(null, 10))[0]?.toldCents).toBeNull();
      await expect(
        repository.addPushSubscription(subscription(2, { atMostCents: 1.5 }), 10),
      ).rejects.toThrow(/target price must be whole cents/);
    });

    it('replaces the same endpoint and search, and keeps other searches of it apart', async () => {
      await repository.addPushSubscription(subscription(1), 10);
      await repository.addPushSubscription(
        subscription(2, { endpoint: subscription(1).endpoint }),
        10,
      );
      await repository.addPushSubscription(
        subscription(3, { endpoint: subscription(1).endpoint, search: 'search=zebra' }),
        10,
      );

      const kept = await repository.listPushSubscriptions(null, 10);
      expect(kept.map(({ id, search }) => [id, search])).toEqual([
        ['sub-0002', 'category=flower'],
        ['sub-0003', 'search=zebra'],
      ]);
    });

    it('refuses a new subscription at the cap, writing nothing, but still lets one be replaced', async () => {
      await repository.addPushSubscription(subscription(1), 2);
      await repository.addPushSubscription(subscription(2), 2);

      expect(await repository.addPushSubscription(subscription(3), 2)).toBe('full');
      expect(await repository.countPushSubscriptions()).toBe(2);
      // The same browser and search again takes its own row's place.
      expect(
        await repository.addPushSubscription(
          subscription(4, { endpoint: subscription(2).endpoint }),
          2,
        ),
      ).toBe('added');
      expect((await repository.listPushSubscriptions(null, 10)).map(({ id }) => id)).toEqual([
        'sub-0001',
        'sub-0004',
      ]);
    });

    it('holds the cap exactly under concurrent additions', async () => {
      const results = await Promise.all(
        Array.from({ length: 12 }, (_, n) => repository.addPushSubscription(subscription(n), 5)),
      );

      expect(results.filter((result) => result === 'added')).toHaveLength(5);
      expect(await repository.countPushSubscriptions()).toBe(5);
    });

    it('removes a subscription only with its token hash', async () => {
      await repository.addPushSubscription(subscription(1), 10);

      expect(await repository.removePushSubscription('sub-0001', 'hash2')).toBe('refused');
      expect(await repository.countPushSubscriptions()).toBe(1);
      expect(await repository.removePushSubscription('sub-0001', 'hash1')).toBe('removed');
      expect(await repository.removePushSubscription('sub-0001', 'hash1')).toBe('absent');
      expect(await repository.countPushSubscriptions()).toBe(0);
    });

    it('lists in pages of ids, each after the last', async () => {
      for (const n of [5, 1, 3, 2, 4]) await repository.addPushSubscription(subscription(n), 10);

      const first = await repository.listPushSubscriptions(null, 2);
      const second = await repository.listPushSubscriptions(first.at(-1)?.id ?? null, 2);
      const third = await repository.listPushSubscriptions(second.at(-1)?.id ?? null, 2);

      expect([first, second, third].map((page) => page.map(({ id }) => id))).toEqual([
        ['sub-0001', 'sub-0002'],
        ['sub-0003', 'sub-0004'],
        ['sub-0005'],
      ]);
      await expect(repository.listPushSubscriptions(null, 0)).rejects.toThrow(/from 1 to 1000/);
    });

    it('settles outcomes: sent moves the watermark on, retry backs off, gone deletes', async () => {
      for (const n of [1, 2, 3]) await repository.addPushSubscription(subscription(n), 10);
      await repository.settlePushSubscriptions([
        { id: 'sub-0002', kind: 'retry', retryAt: T1, failures: 1 },
      ]);

      const outcomes: PushOutcome[] = [
        { id: 'sub-0001', kind: 'sent', sentAt: T2, watermark: T1 },
        { id: 'sub-0002', kind: 'sent', sentAt: T2, watermark: T2 },
        { id: 'sub-0003', kind: 'gone' },
        // Deleted meanwhile (its visitor stopped it): nothing to do.
        { id: 'sub-0009', kind: 'sent', sentAt: T2, watermark: T2 },
      ];
      await repository.settlePushSubscriptions(outcomes);

      const kept = await repository.listPushSubscriptions(null, 10);
      expect(
        kept.map(({ id, watermark, lastSentAt, retryAt, failures }) => ({
          id,
          watermark,
          lastSentAt,
          retryAt,
          failures,
        })),
      ).toEqual([
        { id: 'sub-0001', watermark: T1, lastSentAt: T2, retryAt: null, failures: 0 },
        { id: 'sub-0002', watermark: T2, lastSentAt: T2, retryAt: null, failures: 0 },
      ]);
    });

    it('writes no outcome of a call with a bad one', async () => {
      await repository.addPushSubscription(subscription(1), 10);

      await expect(
        repository.settlePushSubscriptions([
          { id: 'sub-0001', kind: 'gone' },
          { id: 'sub-0001', kind: 'sent', sentAt: 'later', watermark: T1 },
        ]),
      ).rejects.toThrow(/sentAt must be an ISO 8601/);
      expect(await repository.countPushSubscriptions()).toBe(1);
    });

    it('prunes the subscriptions unused since the cutoff and those past their end', async () => {
      await repository.addPushSubscription(subscription(1), 10);
      await repository.addPushSubscription(subscription(2), 10);
      await repository.addPushSubscription(subscription(3, { createdAt: T2 }), 10);
      await repository.addPushSubscription(subscription(4, { createdAt: T2, expiresAt: T2 }), 10);
      // Made before the cutoff, but sent a message after it: still in use.
      await repository.settlePushSubscriptions([
        { id: 'sub-0002', kind: 'sent', sentAt: T2, watermark: T2 },
      ]);

      const pruned = await repository.prunePushSubscriptions(new Date(T1), new Date(T2));

      expect(pruned).toBe(2);
      expect((await repository.listPushSubscriptions(null, 10)).map(({ id }) => id)).toEqual([
        'sub-0002',
        'sub-0003',
      ]);
    });

    it('refuses a subscription out of shape, naming the field', async () => {
      const bad: Array<[Partial<NewPushSubscription>, RegExp]> = [
        [{ id: '' }, /id must be 1 to 100/],
        [{ id: 'a/b' }, /id must be base64url/],
        [{ endpoint: 'http://push.example/x' }, /endpoint must be an https URL/],
        [{ endpoint: 'https://push.example/' + 'x'.repeat(2048) }, /endpoint must be 1 to 2048/],
        [{ p256dh: 'not base64url!' }, /p256dh key must be base64url/],
        [{ auth: '' }, /auth secret must be 1 to 200/],
        [{ search: 'x'.repeat(2049) }, /search must be at most 2048/],
        [{ createdAt: 'now' }, /createdAt must be an ISO 8601/],
        [{ expiresAt: 'soon' }, /expiresAt must be an ISO 8601/],
      ];
      for (const [overrides, message] of bad) {
        await expect(
          repository.addPushSubscription(subscription(1, overrides), 10),
        ).rejects.toThrow(message);
      }
      await expect(repository.addPushSubscription(subscription(1), -1)).rejects.toThrow(
        /maxSubscriptions/,
      );
      expect(await repository.countPushSubscriptions()).toBe(0);
    });

    it('keeps the first VAPID key pair offered, whoever offers one later', async () => {
      const first = { publicKey: 'BPublicOne', privateKey: 'privateOne' };
      const second = { publicKey: 'BPublicTwo', privateKey: 'privateTwo' };

      const [a, b] = await Promise.all([
        repository.keepPushKeys(first),
        repository.keepPushKeys(second),
      ]);

      expect(a).toEqual(b);
      expect(await repository.keepPushKeys(second)).toEqual(a);
      await expect(repository.keepPushKeys({ publicKey: '', privateKey: 'x' })).rejects.toThrow(
        /VAPID public key/,
      );
    });

    if (engine.persistent) {
      it('keeps subscriptions and keys across a restart', async () => {
        await repository.addPushSubscription(subscription(1), 10);
        const keys = await repository.keepPushKeys({ publicKey: 'BPub', privateKey: 'priv' });

        await repository.close();
        repository = await database.open();

        expect(await repository.countPushSubscriptions()).toBe(1);
        expect(await repository.keepPushKeys({ publicKey: 'BOther', privateKey: 'o' })).toEqual(
          keys,
        );
      });
    }
  });
}

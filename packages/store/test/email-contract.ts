import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { DealsRepository, EmailSignUp } from '../src/repository';
import type { ContractDatabase, ContractEngine } from './repository-contract';

/*
 * What every engine promises of email addresses and their watches: the sign-up and its limits,
 * the confirmation and its expiry, the secret that stops them, the fan-out's pages and what it
 * writes back, the daily count of messages and the pruning of what was never confirmed.
 */

const T0 = '2026-03-01T10:00:00.000Z';
const T1 = '2026-03-01T11:00:00.000Z';
const DAY_LATER = '2026-03-02T10:00:00.000Z';
const LIMITS = { maxAddresses: 10, maxPending: 3 };

function signUp(n: number, overrides: Partial<EmailSignUp['watch']> = {}, address?: string) {
  return {
    address: address ?? `shopper${n}@example.com`,
    addressId: `addr-${String(n).padStart(4, '0')}`,
    token: `token${n}`,
    createdAt: T0,
    watch: {
      id: `watch-${String(n).padStart(4, '0')}`,
      search: 'category=flower',
      productKey: null,
      atMostCents: null,
      cadence: 'instant' as const,
      confirmHash: `hash${n}`,
      confirmExpiresAt: DAY_LATER,
      ...overrides,
    },
  } satisfies EmailSignUp;
}

export function emailContract(engine: ContractEngine): void {
  describe(`Email contract: ${engine.name}`, () => {
    let database: ContractDatabase;
    let repository: DealsRepository;

    beforeEach(async () => {
      database = await engine.createDatabase();
      repository = await database.open();
    });

    afterEach(async () => {
      await database.dispose();
    });

    it('keeps a sign-up pending, lists it only once confirmed, with its watermark then', async () => {
      expect(await repository.signUpEmail(signUp(1), LIMITS)).toEqual({
        kind: 'pending',
        addressId: 'addr-0001',
        token: 'token1',
        watchId: 'watch-0001',
      });
      expect(await repository.listEmailAddresses(null, 10)).toEqual([]);

      expect(await repository.confirmEmailWatch('watch-0001', 'hash2', new Date(T1))).toBe(
        'absent',
      );
      expect(await repository.confirmEmailWatch('watch-0001', 'hash1', new Date(T1))).toBe(
        'confirmed',
      );
      expect(await repository.confirmEmailWatch('watch-0001', 'hash1', new Date(T1))).toBe(
        'already',
      );

      const [address, ...more] = await repository.listEmailAddresses(null, 10);
      expect(more).toEqual([]);
      expect(address).toMatchObject({
        id: 'addr-0001',
        address: 'shopper1@example.com',
        token: 'token1',
        confirmedAt: T1,
        lastSentAt: null,
        failures: 0,
        retryAt: null,
      });
      expect(address?.watches).toEqual([
        {
          id: 'watch-0001',
          addressId: 'addr-0001',
          search: 'category=flower',
          productKey: null,
          atMostCents: null,
          cadence: 'instant',
          createdAt: T0,
          confirmedAt: T1,
          watermark: T1,
          lastSentAt: null,
          toldCents: null,
        },
      ]);
      expect(await repository.countEmailAddresses()).toBe(1);
    });

    it('refuses a confirmation once its link expired', async () => {
      await repository.signUpEmail(signUp(1), LIMITS);
      expect(await repository.confirmEmailWatch('watch-0001', 'hash1', new Date(DAY_LATER))).toBe(
        'expired',
      );
      expect(await repository.listEmailAddresses(null, 10)).toEqual([]);
    });

    it('keeps one address for every sign-up of it, its own id and secret, one watch per search', async () => {
      await repository.signUpEmail(signUp(1), LIMITS);
      const again = await repository.signUpEmail(
        signUp(2, { confirmHash: 'fresh', cadence: 'daily' }, 'shopper1@example.com'),
        LIMITS,
      );
      // The same address and search: the same watch, with the new token and cadence.
      expect(again).toEqual({
        kind: 'pending',
        addressId: 'addr-0001',
        token: 'token1',
        watchId: 'watch-0001',
      });
      expect(await repository.confirmEmailWatch('watch-0001', 'hash1', new Date(T1))).toBe(
        'absent',
      );
      expect(await repository.confirmEmailWatch('watch-0001', 'fresh', new Date(T1))).toBe(
        'confirmed',
      );
      const product = await repository.signUpEmail(
        signUp(
          3,
          { search: 'product=edible%7Cx%7C-', productKey: 'edible|x|-', atMostCents: 1500 },
          'shopper1@example.com',
        ),
        LIMITS,
      );
      expect(product).toMatchObject({ kind: 'pending', addressId: 'addr-0001' });
      expect(
        await repository.signUpEmail(signUp(4, {}, 'shopper1@example.com'), LIMITS),
      ).toMatchObject({ kind: 'confirmed', watchId: 'watch-0001' });

      const kept = await repository.emailWatchesOf('addr-0001', 'token1');
      expect(
        kept?.watches.map(({ id, cadence, confirmedAt }) => [id, cadence, confirmedAt]),
      ).toEqual([
        ['watch-0001', 'daily', T1],
        ['watch-0003', 'instant', null],
      ]);
      expect(await repository.emailWatchesOf('addr-0001', 'token2')).toBeNull();
      expect(await repository.countEmailAddresses()).toBe(1);
    });

    it('holds the pending watches of an address and the addresses kept to their limits', async () => {
      for (const n of [1, 2, 3]) {
        await repository.signUpEmail(signUp(n, { search: `search=${n}` }, 'a@example.com'), LIMITS);
      }
      expect(
        await repository.signUpEmail(signUp(4, { search: 'search=4' }, 'a@example.com'), LIMITS),
      ).toEqual({ kind: 'busy' });

      const results = await Promise.all(
        Array.from({ length: 12 }, (_, n) =>
          repository.signUpEmail(signUp(10 + n), { maxAddresses: 5, maxPending: 3 }),
        ),
      );
      expect(results.filter((result) => result.kind === 'full')).toHaveLength(8);
      expect(await repository.countEmailAddresses()).toBe(5);
    });

    it('stops watches only with the address’s secret, and the address with its last watch', async () => {
      await repository.signUpEmail(signUp(1), LIMITS);
      await repository.signUpEmail(
        signUp(2, { search: 'search=x' }, 'shopper1@example.com'),
        LIMITS,
      );

      expect(await repository.removeEmailWatches('addr-0001', 'token2', 'all')).toBe('refused');
      expect(await repository.removeEmailWatches('addr-0001', 'token1', ['watch-0002'])).toBe(
        'removed',
      );
      expect(
        (await repository.emailWatchesOf('addr-0001', 'token1'))?.watches.map(({ id }) => id),
      ).toEqual(['watch-0001']);
      expect(await repository.removeEmailWatches('addr-0001', 'token1', ['watch-0001'])).toBe(
        'removed',
      );
      expect(await repository.countEmailAddresses()).toBe(0);
      expect(await repository.removeEmailWatches('addr-0001', 'token1', 'all')).toBe('absent');

      await repository.signUpEmail(signUp(3), LIMITS);
      expect(await repository.removeEmailWatches('addr-0003', 'token3', 'all')).toBe('removed');
      expect(await repository.emailWatchesOf('addr-0003', 'token3')).toBeNull();
    });

    it('counts the messages of a day up to the bound, and starts over the next day', async () => {
      await repository.signUpEmail(signUp(1), LIMITS);
      const taken = await Promise.all(
        Array.from({ length: 5 }, () => repository.takeEmailSend('addr-0001', '2026-03-01', 3)),
      );
      expect(taken.filter(Boolean)).toHaveLength(3);
      expect(await repository.takeEmailSend('addr-0001', '2026-03-02', 3)).toBe(true);
      expect(await repository.takeEmailSend('addr-9999', '2026-03-02', 3)).toBe(false);
    });

    it('settles a fan-out: sent, retried, gone, and each watch’s watermark and price told', async () => {
      for (const n of [1, 2, 3]) {
        await repository.signUpEmail(signUp(n), LIMITS);
        await repository.confirmEmailWatch(`watch-000${n}`, `hash${n}`, new Date(T0));
      }
      await repository.settleEmail(
        [
          { addressId: 'addr-0001', kind: 'sent', sentAt: T1 },
          { addressId: 'addr-0002', kind: 'retry', retryAt: DAY_LATER, failures: 1 },
          { addressId: 'addr-0003', kind: 'gone' },
          { addressId: 'addr-0009', kind: 'sent', sentAt: T1 },
        ],
        [
          { id: 'watch-0001', watermark: T1, lastSentAt: T1, toldCents: 2500 },
          { id: 'watch-0002', toldCents: null },
        ],
      );

      const kept = await repository.listEmailAddresses(null, 10);
      expect(
        kept.map(({ id, lastSentAt, retryAt, failures, watches }) => ({
          id,
          lastSentAt,
          retryAt,
          failures,
          watch: watches.map(({ watermark, lastSentAt: told, toldCents }) => ({
            watermark,
            told,
            toldCents,
          })),
        })),
      ).toEqual([
        {
          id: 'addr-0001',
          lastSentAt: T1,
          retryAt: null,
          failures: 0,
          watch: [{ watermark: T1, told: T1, toldCents: 2500 }],
        },
        {
          id: 'addr-0002',
          lastSentAt: null,
          retryAt: DAY_LATER,
          failures: 1,
          watch: [{ watermark: T0, told: null, toldCents: null }],
        },
      ]);
      await expect(
        repository.settleEmail([{ addressId: 'addr-0001', kind: 'sent', sentAt: 'now' }], []),
      ).rejects.toThrow(/sentAt must be an ISO 8601/);
    });

    it('lists in pages of ids', async () => {
      for (const n of [5, 1, 3, 2, 4]) {
        await repository.signUpEmail(signUp(n), LIMITS);
        await repository.confirmEmailWatch(`watch-000${n}`, `hash${n}`, new Date(T0));
      }
      const first = await repository.listEmailAddresses(null, 2);
      const second = await repository.listEmailAddresses(first.at(-1)?.id ?? null, 2);
      const third = await repository.listEmailAddresses(second.at(-1)?.id ?? null, 2);
      expect([first, second, third].map((page) => page.map(({ id }) => id))).toEqual([
        ['addr-0001', 'addr-0002'],
        ['addr-0003', 'addr-0004'],
        ['addr-0005'],
      ]);
    });

    it('prunes the watches never confirmed once their link expired, and addresses left empty', async () => {
      await repository.signUpEmail(signUp(1), LIMITS);
      await repository.signUpEmail(signUp(2), LIMITS);
      await repository.confirmEmailWatch('watch-0002', 'hash2', new Date(T1));
      await repository.signUpEmail(
        signUp(3, { search: 'search=later' }, 'shopper2@example.com'),
        LIMITS,
      );

      expect(await repository.pruneEmail(new Date(T1))).toBe(0);
      expect(await repository.pruneEmail(new Date(DAY_LATER))).toBe(2);
      expect(await repository.countEmailAddresses()).toBe(1);
      expect(
        (await repository.emailWatchesOf('addr-0002', 'token2'))?.watches.map(({ id }) => id),
      ).toEqual(['watch-0002']);
    });

    it('refuses a sign-up out of shape, naming the field', async () => {
      const bad: Array<[EmailSignUp, RegExp]> = [
        [{ ...signUp(1), address: 'Shopper@Example.com' }, /one lower-case address/],
        [{ ...signUp(1), address: 'x'.repeat(251) + '@a.b' }, /address must be 1 to 254/],
        [{ ...signUp(1), addressId: 'a/b' }, /address id must be base64url/],
        [signUp(1, { cadence: 'weekly' as 'daily' }), /cadence must be/],
        [signUp(1, { atMostCents: -1 }), /target price must be whole cents/],
        [signUp(1, { confirmExpiresAt: 'tomorrow' }), /confirmExpiresAt must be an ISO 8601/],
      ];
      for (const [input, message] of bad) {
        await expect(repository.signUpEmail(input, LIMITS)).rejects.toThrow(message);
      }
      expect(await repository.countEmailAddresses()).toBe(0);
    });

    if (engine.persistent) {
      it('keeps addresses and watches across a restart', async () => {
        await repository.signUpEmail(signUp(1), LIMITS);
        await repository.close();
        repository = await database.open();
        expect(await repository.confirmEmailWatch('watch-0001', 'hash1', new Date(T1))).toBe(
          'confirmed',
        );
        expect(await repository.countEmailAddresses()).toBe(1);
      });
    }
  });
}

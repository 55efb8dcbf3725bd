import { fork } from 'node:child_process';
import { createHash } from 'node:crypto';
import { once } from 'node:events';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { CATEGORY_FILTER_OPTIONS } from '@stl-deals/domain';
import type { Registry } from '@stl-deals/scraper';
import { openSqliteRepository } from '@stl-deals/store';
import { pino } from 'pino';
import { DealsReadModel } from '../apps/server/src/collection/read-model';
import { emailFanOut, type EmailFanOutSummary } from '../apps/server/src/follow/email-fan-out';
import { emailSender } from '../apps/server/src/follow/email-sender';
import { FeedDeals } from '../apps/server/src/follow/feed-deals';
import { dispensariesOf, dispensaryDeals, seeded } from './deals';

export interface EmailFanOutResult {
  addresses: number;
  deals: number;
  searches: number;
  summary: EmailFanOutSummary;
  /** From the fan-out's start to the mail server holding every message. */
  allAcceptedMs: number;
  received: number;
  /** The process's RSS above where it stood before, at its peak (garbage included). */
  rssGrowthMb: number;
}

const STAND_IN = fileURLToPath(new URL('./smtp-stand-in.ts', import.meta.url));
const MB = 1024 * 1024;

/**
 * One pass's email fan-out as the service runs it (`emailFanOut`: the store's confirmed addresses
 * 500 at a time, each search matched once over the published deals, one message per address with
 * its plain-text and HTML parts, sent by nodemailer over its pool of connections) to `addresses`
 * confirmed addresses of a SQLite store, every one of which follows a search with new deals,
 * against a local SMTP server (`smtp-server`) in a process of its own. RSS is sampled every
 * 100 ms during the fan-out.
 */
export async function benchEmailFanOut(
  registry: Registry,
  totalDeals: number,
  addresses: number,
): Promise<EmailFanOutResult> {
  const standIn = fork(STAND_IN, [], { execArgv: ['--import', 'tsx'], stdio: 'inherit' });
  const [{ port }] = (await once(standIn, 'message')) as [{ port: number }];
  const ask = async (): Promise<number> => {
    standIn.send('count');
    return ((await once(standIn, 'message')) as [{ count: number }])[0].count;
  };
  const folder = mkdtempSync(join(tmpdir(), 'stl-deals-email-bench-'));
  const repository = await openSqliteRepository({ file: join(folder, 'deals.sqlite') });
  const sender = emailSender(`smtp://127.0.0.1:${port}`, 'STL Deals <deals@deals.example>');
  try {
    // The addresses confirmed an hour ago; the deals published since, all new to every one.
    const confirmedAt = new Date(Date.now() - 60 * 60 * 1000);
    const seenAt = new Date().toISOString();
    const random = seeded(13);
    const per = Math.ceil(totalDeals / registry.dispensaries.length);
    const model = new DealsReadModel(registry.dispensaries);
    await model.replace(
      registry.dispensaries.map((entry) => ({
        key: entry.key,
        deals: dispensaryDeals(entry, per, random).map((deal) => ({
          ...deal,
          firstSeenAt: seenAt,
        })),
      })),
    );
    model.publish();
    model.close();
    const dispensaries = dispensariesOf(registry);
    const categories = CATEGORY_FILTER_OPTIONS.map(({ value }) => value).filter((c) => c !== 'all');
    const searches = registry.dispensaries.flatMap(({ key }) =>
      categories.map((category) => `category=${category}&dispensary=${key}`),
    );
    const limits = { maxAddresses: addresses, maxPending: 10 };
    const confirmExpiresAt = new Date(confirmedAt.getTime() + 24 * 60 * 60 * 1000).toISOString();
    for (let n = 0; n < addresses; n += 1) {
      const id = String(n).padStart(6, '0');
      const confirmToken = `confirm${id}`;
      await repository.signUpEmail(
        {
          address: `shopper${id}@mail.example`,
          addressId: `address${id}`,
          token: `token${id}`,
          watch: {
            id: `watch${id}`,
            search: searches[n % searches.length]!,
            productKey: null,
            atMostCents: null,
            cadence: 'instant',
            confirmHash: createHash('sha256').update(confirmToken).digest('base64url'),
            confirmExpiresAt,
          },
          createdAt: confirmedAt.toISOString(),
        },
        limits,
      );
      await repository.confirmEmailWatch(
        `watch${id}`,
        createHash('sha256').update(confirmToken).digest('base64url'),
        confirmedAt,
      );
    }
    const rssBefore = process.memoryUsage.rss();
    let rssPeak = rssBefore;
    const sampler = setInterval(() => {
      rssPeak = Math.max(rssPeak, process.memoryUsage.rss());
    }, 100);
    const started = performance.now();
    const summary = await emailFanOut({
      repository,
      deals: () => new FeedDeals(model, () => new Date()).current(),
      dispensaries: () => dispensaries,
      isDispensary: (key) => registry.dispensaries.some((entry) => entry.key === key),
      send: sender.send,
      settings: {
        from: 'STL Deals <deals@deals.example>',
        postalAddress: '1 Market St, St. Louis, MO 63101',
        origin: 'https://deals.example',
      },
      perDay: 10,
      clock: { now: () => new Date() },
      logger: pino({ level: 'silent' }),
    });
    const received = await ask();
    const allAcceptedMs = performance.now() - started;
    clearInterval(sampler);
    return {
      addresses,
      deals: model.totalDeals(),
      searches: Math.min(searches.length, addresses),
      summary,
      allAcceptedMs,
      received,
      rssGrowthMb: (rssPeak - rssBefore) / MB,
    };
  } finally {
    sender.close();
    await repository.close();
    rmSync(folder, { recursive: true, force: true });
    standIn.send('close');
    await once(standIn, 'exit');
  }
}

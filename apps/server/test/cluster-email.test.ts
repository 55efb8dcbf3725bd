import { writeFileSync } from 'node:fs';
import { request as httpRequest } from 'node:http';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  startPostgresServer,
  type PostgresServer,
} from '../../../packages/store/test/support/postgres-server';
import { feedDeals } from './support/deals';
import { startFeedServer, type FeedServer } from './support/feed-server';
import { feedRegistry, tempDir } from './support/harness';
import { listening, start, until, type Started } from './support/service-process';
import { startSmtpServer, type SmtpStandIn } from './support/smtp-server';

/*
 * Email in a cluster: two processes doing everything (ROLE=all) on one PostgreSQL, each running
 * passes and asking for the followers' fan-out after them, one local SMTP server. However many
 * processes ask, each address is sent each piece of news once.
 */

const STORES = ['e1', 'e2'];
const ORIGIN = 'https://deals.example';

let postgres: PostgresServer;
let feed: FeedServer;
let smtp: SmtpStandIn;
const processes: Started[] = [];
let origins: string[] = [];

beforeAll(async () => {
  [postgres, feed, smtp] = await Promise.all([
    startPostgresServer(),
    startFeedServer(),
    startSmtpServer(),
  ]);
  const registryFile = join(tempDir(), 'registry.json');
  writeFileSync(registryFile, JSON.stringify(feedRegistry(feed, STORES)));
  for (const key of STORES) feed.set(key, { deals: feedDeals(key, 2) });
  const settings = {
    PORT: '0',
    HOST: '127.0.0.1',
    DATABASE_URL: await postgres.createDatabase(),
    ROLE: 'all',
    DEALS_REGISTRY: registryFile,
    REFRESH_COOLDOWN_S: '0',
    REFRESH_INTERVAL_MIN: String(24 * 60),
    RESOLVE_SOURCES: 'off',
    QUEUE_POLL_S: '1',
    SMTP_URL: smtp.url,
    EMAIL_FROM: 'STL Deals <deals@deals.example>',
    EMAIL_POSTAL_ADDRESS: '1 Market St, St. Louis, MO 63101',
    PUBLIC_ORIGIN: ORIGIN,
    LOG_LEVEL: 'info',
  };
  processes.push(start(settings), start(settings));
  origins = await Promise.all(
    processes.map((process) =>
      listening(process).catch((error: unknown) => {
        throw new Error(
          `${(error as Error).message}: ${process.stdout().slice(-3000)} ${process.stderr().slice(-1000)}`,
        );
      }),
    ),
  );
}, 90_000);

afterAll(async () => {
  await Promise.all(
    processes.map(async (process) => {
      if (process.child.exitCode === null && process.child.signalCode === null) {
        process.child.kill('SIGTERM');
        await process.exited;
      }
    }),
  );
  await Promise.all([feed?.close(), smtp?.close(), postgres?.stop()]);
}, 30_000);

/**
 * A POST to one process as the public origin's page makes it: PUBLIC_ORIGIN makes every process
 * answer that Host only, which fetch cannot set, so node:http sends it.
 */
function post(
  origin: string,
  path: string,
  body: string,
  type = 'application/json',
): Promise<{ status: number; text: () => Promise<string> }> {
  return new Promise((resolve, reject) => {
    const request = httpRequest(
      `${origin}${path}`,
      {
        method: 'POST',
        headers: { host: new URL(ORIGIN).host, 'content-type': type, origin: ORIGIN },
      },
      (response) => {
        const chunks: Buffer[] = [];
        response.on('data', (chunk: Buffer) => chunks.push(chunk));
        response.on('end', () => {
          const text = Buffer.concat(chunks).toString('utf8');
          resolve({ status: response.statusCode ?? 0, text: () => Promise.resolve(text) });
        });
        response.on('error', reject);
      },
    );
    request.on('error', reject);
    request.end(body);
  });
}

/** The path and query of the confirmation link in a message's text. */
function confirmLink(text: string): string {
  const match = /https:\/\/deals\.example(\/email\/confirm\?[^\s"<>]+)/.exec(text);
  if (!match) throw new Error(`no confirmation link in: ${text}`);
  return match[1]!;
}

/** Every process refreshes every store at once; each then asks for the followers' fan-out. */
async function passesEverywhere(): Promise<void> {
  const answers = await Promise.all(
    origins.map((origin) => post(origin, '/api/scraper/refresh/all', '{}')),
  );
  expect(answers.map(({ status }) => status)).toEqual(origins.map(() => 200));
}

const ADDRESSES = ['one@mail.example', 'two@mail.example', 'three@mail.example'];
const newsTo = (address: string) =>
  smtp.to(address).filter(({ mail }) => !/confirm/i.test(mail.subject ?? ''));

describe('email in a cluster', () => {
  it('sends each confirmed address its news once, whichever processes asked', async () => {
    // Signed up through one process, confirmed through the other.
    for (const [index, email] of ADDRESSES.entries()) {
      const answer = await post(
        origins[index % 2]!,
        '/api/email/watches',
        JSON.stringify({ email, search: 'category=edibles', cadence: 'instant' }),
      );
      expect(answer.status, await answer.text()).toBe(202);
    }
    await smtp.waitFor(ADDRESSES.length, 20_000);
    for (const [index, email] of ADDRESSES.entries()) {
      const [confirmation] = smtp.to(email);
      const answer = await post(
        origins[(index + 1) % 2]!,
        confirmLink(confirmation!.mail.text ?? ''),
        '',
        'application/x-www-form-urlencoded',
      );
      expect(answer.status).toBe(200);
    }

    // New deals, found by passes in both processes at once.
    for (const key of STORES) {
      feed.set(key, { deals: [...feedDeals(key, 2), ...feedDeals(`${key}-new`, 2)] });
    }
    await passesEverywhere();
    await until(
      () => (ADDRESSES.every((address) => newsTo(address).length > 0) ? true : undefined),
      'the news to every address',
      30_000,
    );
    // Both processes asked again meanwhile, and a fan-out that ran twice would have sent by now.
    await passesEverywhere();
    await new Promise((resolve) => setTimeout(resolve, 4_000));
    for (const address of ADDRESSES) {
      expect(
        newsTo(address).map(({ mail }) => mail.subject),
        address,
      ).toHaveLength(1);
    }
  }, 120_000);
});

import { join } from 'node:path';
import BetterSqlite3 from 'better-sqlite3';
import { openSqliteRepository, type DealsRepository } from '@stl-deals/store';
import type { FastifyInstance } from 'fastify';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import {
  EMAIL_ACCEPTED,
  EMAIL_CLIENT_DAY_LIMIT,
  EMAIL_OFF,
  EMAIL_SIGNUPS_PER_CLIENT_DAY,
} from '../src/routes/email';
import { feedDeals } from './support/deals';
import { startFeedServer, type FeedServer } from './support/feed-server';
import { feedRegistry, startApp, tempDir, TestClock } from './support/harness';
import { startSmtpServer, type ReceivedMail, type SmtpStandIn } from './support/smtp-server';

/*
 * Email end to end: the real app and SQLite file, nodemailer sending to a real SMTP server on
 * loopback (smtp-server), and each message read back as a mail program reads it (mailparser):
 * its headers, both parts, and the links in them followed on the app.
 */

const WATCHES = '/api/email/watches';
const FROM = 'STL Deals <deals@stl-deals.example>';
const POSTAL = '100 Market St, Suite 5, St. Louis, MO 63101';
const HOUR = 60 * 60 * 1000;
const CLIENT = '203.0.113.9';

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
let dataDir: string;
async function start(env: Record<string, string> = {}): Promise<void> {
  clock = new TestClock();
  dataDir = tempDir();
  repository = await openSqliteRepository({ file: join(dataDir, 'deals.sqlite') });
  app = await startApp({
    registry: feedRegistry(feed, ['grove', 'oak']),
    clock,
    dataDir,
    repository,
    env: { SMTP_URL: smtp.url, EMAIL_FROM: FROM, EMAIL_POSTAL_ADDRESS: POSTAL, ...env },
  });
}
beforeEach(() => {
  smtp.received.length = 0;
  smtp.refuse.clear();
  feed.set('grove', { deals: feedDeals('grove', 2) });
  feed.set('oak', { deals: [] });
});
afterEach(async () => {
  await app.close();
});

function signUp(body: Record<string, unknown>, remoteAddress = CLIENT) {
  return app.inject({
    method: 'POST',
    url: WATCHES,
    headers: { 'content-type': 'application/json' },
    remoteAddress,
    payload: body,
  });
}

/** The app's path and query of the first link in `text` to `path`. */
function linkIn(text: string, path: string): string {
  const match = new RegExp(`http://localhost:3000${path}\\?[^\\s"<>]+`).exec(text);
  if (!match) throw new Error(`no ${path} link in: ${text}`);
  const url = new URL(match[0].replace(/&amp;/g, '&'));
  return `${url.pathname}${url.search}`;
}

/** The one-click unsubscribe URL a mail program reads from the headers, as a path. */
function oneClickOf(received: ReceivedMail): string {
  // As sent, the header folded onto its next line (RFC 5322 folding) before the URL.
  const raw = /^List-Unsubscribe:\s*<([^>]+)>/im.exec(received.raw)?.[1];
  expect(raw, received.raw.slice(0, 500)).toBeDefined();
  const url = new URL(raw!);
  return `${url.pathname}${url.search}`;
}

/** A pass over every store, then the followers' fan-out it asked for. */
async function pass(advanceMs = 60_000): Promise<void> {
  clock.advance(advanceMs);
  await app.collection.refreshAll().finished;
  await app.followersIdle();
}

async function confirmed(address: string, body: Record<string, unknown> = {}): Promise<void> {
  const before = smtp.received.length;
  const response = await signUp({ email: address, search: 'category=edibles', ...body });
  expect(response.statusCode, response.body).toBe(202);
  await smtp.waitFor(before + 1);
  const confirmation = smtp.received.at(-1)!;
  const done = await app.inject({
    method: 'POST',
    url: linkIn(confirmation.mail.text ?? '', '/email/confirm'),
  });
  expect(done.statusCode, done.body).toBe(200);
}

describe('without SMTP_URL', () => {
  beforeEach(async () => {
    await start({ SMTP_URL: '' });
  });

  it('says email is off and refuses a sign-up', async () => {
    expect((await app.inject('/api/email')).json()).toEqual({
      enabled: false,
      cadences: ['instant', 'daily'],
    });
    const response = await signUp({ email: 'a@example.com', search: '' });
    expect(response.statusCode).toBe(404);
    expect(response.json()).toMatchObject({ message: EMAIL_OFF });
  });
});

describe('email', () => {
  beforeEach(async () => {
    await start();
  });

  it('sends a confirmation in two parts with the one-click headers, the sender and the postal address', async () => {
    expect((await app.inject('/api/email')).json()).toMatchObject({ enabled: true });
    const response = await signUp({
      email: '  Shopper@Example.COM ',
      search: 'category=edibles',
      cadence: 'daily',
    });

    expect(response.statusCode, response.body).toBe(202);
    expect(response.json()).toEqual({ message: EMAIL_ACCEPTED });
    expect(response.body).not.toMatch(/shopper/i);
    await smtp.waitFor(1);
    const [received] = smtp.received;
    const { mail } = received!;
    expect(received!.rcpt).toEqual(['shopper@example.com']);
    expect(mail.from?.text).toBe('"STL Deals" <deals@stl-deals.example>');
    expect(mail.subject).toBe('Confirm: STL Deals email about new deals of STL Deals: Edibles');
    expect(mail.text).toContain('in one email a day');
    expect(mail.text).toContain(POSTAL);
    expect(mail.html).toContain(POSTAL.replace(/,/g, ','));
    const confirm = linkIn(mail.text ?? '', '/email/confirm');
    expect(linkIn(String(mail.html), '/email/confirm')).toBe(confirm);
    expect(linkIn(mail.text ?? '', '/email/manage')).toMatch(
      /^\/email\/manage\?a=[\w-]+&t=[\w-]{43}$/,
    );
    expect(oneClickOf(received!)).toMatch(/^\/email\/unsubscribe\?a=[\w-]+&t=[\w-]{43}&w=[\w-]+$/);
    expect(received!.raw).toMatch(/^List-Unsubscribe-Post: List-Unsubscribe=One-Click\r?$/m);

    // The same address again, known now: the same answer.
    const again = await signUp({ email: 'shopper@example.com', search: 'category=flower' });
    expect(again.statusCode).toBe(202);
    expect(again.json()).toEqual({ message: EMAIL_ACCEPTED });
  });

  it('refuses what is no address, no page query, or a radius without its point', async () => {
    for (const body of [
      { email: 'not an address', search: '' },
      { email: 'a@b', search: '' },
      { email: 'x@example.com\r\nBcc: y@example.com', search: '' },
      { email: 'a@example.com', search: 'a b' },
      { email: 'a@example.com', search: 'distance=5' },
      { email: 'a@example.com', product: { key: 'x', atMost: -1 } },
    ]) {
      expect((await signUp(body)).statusCode, JSON.stringify(body)).toBe(400);
    }
    expect(smtp.received).toEqual([]);
  });

  it('confirms by the page’s button; a pass’s news is one message, and its one-click stops it', async () => {
    const page = await signUp({ email: 'a@example.com', search: 'category=edibles' });
    expect(page.statusCode).toBe(202);
    await smtp.waitFor(1);
    const confirm = linkIn(smtp.received[0]!.mail.text ?? '', '/email/confirm');
    // Opening the link (as a mail scanner does) confirms nothing: the page's button does.
    const opened = await app.inject(confirm);
    expect(opened.statusCode).toBe(200);
    expect(opened.headers['content-type']).toMatch(/^text\/html/);
    expect(opened.body).toContain('<form method="post"');
    await pass();
    expect(smtp.received).toHaveLength(1);

    expect((await app.inject({ method: 'POST', url: confirm })).statusCode).toBe(200);
    // Deals first seen after the confirmation are its news.
    feed.set('grove', { deals: feedDeals('fresh', 2) });
    await pass();
    await smtp.waitFor(2);
    const news = smtp.received[1]!;
    expect(news.mail.subject).toBe(
      'STL Deals: Edibles: 2 new edibles deals at Store grove: from $16, up to 20% off (claimed)',
    );
    expect(news.mail.text).toContain(
      '20% off house gummies, pack 1 at fresh · $16 (was $20) · Store grove',
    );
    expect(news.mail.text).toContain('https://menus.example.com/fresh/0');
    expect(news.mail.html).toContain('<a href="https://menus.example.com/fresh/0">');
    expect(news.mail.text).toContain(POSTAL);

    // Nothing new, nothing sent; the one-click POST as a mail program makes it stops the watch.
    await pass(2 * HOUR);
    expect(smtp.received).toHaveLength(2);
    const stopped = await app.inject({
      method: 'POST',
      url: oneClickOf(news),
      headers: {
        'content-type': 'application/x-www-form-urlencoded',
        origin: 'https://mail.example',
      },
      payload: 'List-Unsubscribe=One-Click',
    });
    expect(stopped.statusCode, stopped.body).toBe(200);
    expect(await repository.countEmailAddresses()).toBe(0);
    feed.set('grove', { deals: [...feedDeals('fresh', 2), ...feedDeals('later', 1)] });
    await pass(2 * HOUR);
    expect(smtp.received).toHaveLength(2);
  });

  it('lets a confirmation link work for a day only, and forgets the address never confirmed', async () => {
    await signUp({ email: 'late@example.com', search: '' });
    await smtp.waitFor(1);
    const confirm = linkIn(smtp.received[0]!.mail.text ?? '', '/email/confirm');
    clock.advance(24 * HOUR);

    const refused = await app.inject({ method: 'POST', url: confirm });
    expect(refused.statusCode).toBe(410);
    expect(refused.body).toContain('expired');
    await pass();
    expect(await repository.countEmailAddresses()).toBe(0);
    expect((await app.inject({ method: 'POST', url: confirm })).statusCode).toBe(404);
  });

  it(`takes ${EMAIL_SIGNUPS_PER_CLIENT_DAY} sign-ups a day from one client, then 429`, async () => {
    for (let n = 0; n < EMAIL_SIGNUPS_PER_CLIENT_DAY; n++) {
      expect((await signUp({ email: `s${n}@example.com`, search: '' })).statusCode).toBe(202);
    }
    const refused = await signUp({ email: 'one-more@example.com', search: '' });
    expect(refused.statusCode).toBe(429);
    expect(refused.json()).toMatchObject({ message: EMAIL_CLIENT_DAY_LIMIT });
    expect(
      (await signUp({ email: 'other@example.com', search: '' }, '198.51.100.7')).statusCode,
    ).toBe(202);
  });

  it('keeps no IP address or user agent with an address', async () => {
    await app.inject({
      method: 'POST',
      url: WATCHES,
      headers: { 'content-type': 'application/json', 'user-agent': 'Mozilla/5.0 (Test) Browser/1' },
      remoteAddress: CLIENT,
      payload: { email: 'private@example.com', search: 'category=edibles' },
    });
    await smtp.waitFor(1);
    const file = new BetterSqlite3(join(dataDir, 'deals.sqlite'), { readonly: true });
    try {
      const rows = JSON.stringify([
        file.prepare('select * from email_addresses').all(),
        file.prepare('select * from email_watches').all(),
      ]);
      expect(rows).toContain('private@example.com');
      expect(rows).not.toContain(CLIENT);
      expect(rows).not.toContain('Mozilla');
    } finally {
      file.close();
    }
  });

  it('shows the manage page without the address, and stops one watch, then all', async () => {
    await confirmed('m@example.com');
    await confirmed('m@example.com', { search: 'category=flower', cadence: 'daily' });
    const manage = linkIn(smtp.received[0]!.mail.text ?? '', '/email/manage');

    const page = await app.inject(manage);
    expect(page.statusCode).toBe(200);
    expect(page.headers['cache-control']).toBe('no-store');
    expect(page.body).not.toContain('m@example.com');
    expect(page.body).toContain('STL Deals: Edibles (as deals come)');
    expect(page.body).toContain('STL Deals: Flower (daily digest)');
    const stopOne = /Edibles[^<]*<form method="post" action="([^"]+)"/.exec(page.body)?.[1];

    expect(
      (await app.inject({ method: 'POST', url: stopOne!.replace(/&amp;/g, '&') })).statusCode,
    ).toBe(200);
    expect((await app.inject(manage)).body).not.toContain('Edibles');

    const stopAll = /action="(\/email\/unsubscribe\?a=[\w-]+&amp;t=[\w-]+)"/.exec(page.body)?.[1];
    const stopped = await app.inject({ method: 'POST', url: stopAll!.replace(/&amp;/g, '&') });
    expect(stopped.body).toContain('sent no more email');
    expect(await repository.countEmailAddresses()).toBe(0);
    expect((await app.inject(manage)).statusCode).toBe(404);
    const forged = manage.replace(/t=[\w-]+/, `t=${'x'.repeat(43)}`);
    expect(
      (await app.inject({ method: 'POST', url: forged.replace('/manage', '/unsubscribe') }))
        .statusCode,
    ).toBe(200);
  });

  it('sends a daily digest from 7 am St. Louis time, one a day', async () => {
    await confirmed('d@example.com', { cadence: 'daily' });
    // 18:00 UTC is noon in St. Louis: the day's digest goes with the first pass that has news.
    await pass();
    await smtp.waitFor(2);
    feed.set('grove', { deals: [...feedDeals('grove', 2), ...feedDeals('fresh', 1)] });
    await pass(2 * HOUR);
    expect(smtp.received).toHaveLength(2);
    // 06:00 in St. Louis the next day: not yet; 07:00: the digest of what came since.
    await pass(16 * HOUR);
    expect(smtp.received).toHaveLength(2);
    await pass(HOUR);
    await smtp.waitFor(3);
    expect(smtp.received[2]!.mail.subject).toContain('1 new edibles deal at Store grove');
  });

  it('sends an address at most EMAIL_MESSAGES_PER_DAY messages a day, confirmations included', async () => {
    await app.close();
    await start({ EMAIL_MESSAGES_PER_DAY: '2' });
    for (const search of ['category=edibles', 'category=flower', 'category=vapes']) {
      expect((await signUp({ email: 'busy@example.com', search })).statusCode).toBe(202);
    }
    await smtp.waitFor(2);
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(smtp.to('busy@example.com')).toHaveLength(2);
  });

  it('retries an address the mail server refuses, and drops it after three refusals', async () => {
    await confirmed('gone@example.com');
    smtp.refuse.add('gone@example.com');
    await pass();
    const [kept] = await repository.listEmailAddresses(null, 10);
    expect(kept).toMatchObject({ failures: 1 });
    await pass(6 * HOUR);
    await pass(6 * HOUR);
    expect(await repository.countEmailAddresses()).toBe(0);
    expect(smtp.to('gone@example.com')).toHaveLength(1);
  });
});

import { afterEach, describe, expect, it } from 'vitest';
import type { RequestPlan } from '../../src/adapters/types';
import { robotsAnswerKind } from '../../src/politeness/robots';
import { createHttpTransport } from '../../src/transports/http';
import { fakeClock } from './fake-clock';
import {
  inTurn,
  json,
  LOOPBACK_ALLOWED,
  startServer,
  status,
  type LocalServer,
  type Route,
} from './local-server';

const USER_AGENT = 'stl-deals-test/1.0 (+https://example.org/contact)';
const HOUR = 60 * 60 * 1000;

let server: LocalServer | undefined;
afterEach(async () => {
  await server?.close();
  server = undefined;
});

const text =
  (body: string): Route =>
  (_request, response) =>
    response.writeHead(200, { 'content-type': 'text/plain' }).end(body);

async function setup(robots: Route) {
  server = await startServer({
    '/robots.txt': robots,
    '/menu': json([]),
    '/private/menu': json([]),
  });
  const time = fakeClock();
  const http = createHttpTransport({
    userAgent: USER_AGENT,
    timeoutMs: 300,
    maxBytes: 100_000,
    maxAttempts: 3,
    minHostDelayMs: 0,
    robotsTtlMs: HOUR,
    guard: LOOPBACK_ALLOWED,
    retryAfterMaxMs: HOUR,
    clock: time.clock,
    random: () => 0,
  });
  const base = server.base;
  const get = (path: string) =>
    http
      .fetch(
        { label: 'menu', url: `${base}${path}`, accept: 'application/json' } satisfies RequestPlan,
        new AbortController().signal,
      )
      .then(({ body }) => JSON.parse(Buffer.from(body).toString('utf8')) as unknown);
  return { http, time, get, hits: (path: string) => server?.count(path) ?? 0 };
}

describe('robots.txt', () => {
  it('is obeyed for our token, not for the group of everyone else', async () => {
    const { get, hits } = await setup(
      text('User-agent: *\nDisallow: /\n\nUser-agent: stl-deals-test\nDisallow: /private/\n'),
    );
    await expect(get('/menu')).resolves.toEqual([]);
    await expect(get('/private/menu')).rejects.toMatchObject({
      kind: 'blocked',
      name: 'RobotsDisallowedError',
      message: expect.stringContaining('robots.txt') as string,
    });
    await expect(get('/private/menu')).rejects.toThrow(
      /robots\.txt of .* disallows \/private\/menu/,
    );
    expect(hits('/private/menu')).toBe(0);
  });

  it('applies the group of everyone when none names us', async () => {
    const { get, hits } = await setup(text('User-agent: *\nDisallow: /private\n'));
    await expect(get('/private/menu')).rejects.toThrow(/robots\.txt of .* disallows/);
    await expect(get('/menu')).resolves.toEqual([]);
    expect(hits('/private/menu')).toBe(0);
  });

  it('is fetched once per host for many requests, and again after its TTL', async () => {
    const { get, hits, time } = await setup(text('User-agent: *\nAllow: /\n'));
    await Promise.all([get('/menu'), get('/menu'), get('/menu')]);
    await get('/menu');
    expect(hits('/robots.txt')).toBe(1);
    time.advance(HOUR + 1);
    await get('/menu');
    expect(hits('/robots.txt')).toBe(2);
  });

  it('allows everything when it is missing (404)', async () => {
    const { get } = await setup(status(404));
    await expect(get('/private/menu')).resolves.toEqual([]);
  });

  it('stops the host while it answers 5xx, asking again a minute later', async () => {
    const { get, hits, time } = await setup(inTurn(status(503), text('User-agent: *\nAllow: /\n')));
    await expect(get('/menu')).rejects.toMatchObject({
      kind: 'retryable',
      message: expect.stringMatching(
        /robots\.txt of .* could not be read \(status 503\)/,
      ) as string,
    });
    await expect(get('/menu')).rejects.toMatchObject({ kind: 'retryable' });
    expect(hits('/robots.txt')).toBe(1);
    expect(hits('/menu')).toBe(0);
    time.advance(60_001);
    await expect(get('/menu')).resolves.toEqual([]);
  });

  it('stops the host when it does not answer in time', async () => {
    const { get, hits } = await setup(() => undefined);
    await expect(get('/menu')).rejects.toMatchObject({
      kind: 'retryable',
      message: expect.stringContaining('no answer within 300 ms') as string,
    });
    expect(hits('/menu')).toBe(0);
  });

  it('spaces requests by its Crawl-delay', async () => {
    const { get, time } = await setup(text('User-agent: stl-deals-test\nCrawl-delay: 4\n'));
    await get('/menu');
    await get('/menu');
    expect(time.waits).toEqual([4_000, 4_000]);
  });
});

describe('robotsAnswerKind (RFC 9309 2.3.1)', () => {
  it.each([
    [200, 'file'],
    [204, 'file'],
    [401, 'unavailable'],
    [403, 'unavailable'],
    [404, 'unavailable'],
    [410, 'unavailable'],
    [429, 'unreachable'],
    [500, 'unreachable'],
    [503, 'unreachable'],
  ])('%i is %s', (code, kind) => {
    expect(robotsAnswerKind(code)).toBe(kind);
  });
});

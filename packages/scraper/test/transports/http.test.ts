import { afterEach, describe, expect, it, vi } from 'vitest';
import type { RequestPlan } from '../../src/adapters/types';
import { systemClock } from '../../src/politeness/clock';
import { createOutboundGuard } from '../../src/outbound/guard';
import { createHttpTransport, type HttpTransportOptions } from '../../src/transports/http';
import { dateHeader } from '../../src/transports/date-header';
import { ONLINE_PROOF_MS } from '../../src/transports/network-failure';
import { fakeClock } from './fake-clock';
import {
  html,
  inTurn,
  LOOPBACK_ALLOWED,
  json,
  startServer,
  status,
  type LocalServer,
  type Route,
} from './local-server';

const USER_AGENT = 'stl-deals-test/1.0 (+https://example.org/contact)';
const MENU = [{ title: 'BOGO eighths' }];

let server: LocalServer | undefined;
afterEach(async () => {
  await server?.close();
  server = undefined;
});

async function serve(routes: Record<string, Route>): Promise<string> {
  server = await startServer(routes);
  return server.base;
}
const hits = (path: string) => server?.count(path) ?? 0;

function transport(overrides: Partial<HttpTransportOptions> = {}) {
  const time = fakeClock();
  const raw = createHttpTransport({
    userAgent: USER_AGENT,
    timeoutMs: 2_000,
    maxBytes: 100_000,
    maxAttempts: 3,
    minHostDelayMs: 0,
    robotsTtlMs: 60 * 60 * 1000,
    guard: LOOPBACK_ALLOWED,
    retryAfterMaxMs: 10 * 60 * 1000,
    clock: time.clock,
    random: () => 0,
    ...overrides,
  });
  // The transport answers text; the parsing thread reads it. Here JSON is read as it would be.
  const http = {
    ...raw,
    fetch: (request: RequestPlan, signal: AbortSignal) =>
      raw.fetch(request, signal).then(({ body }) => {
        const text = Buffer.from(body).toString('utf8');
        return request.accept === 'text/html' ? text : (JSON.parse(text) as unknown);
      }),
  };
  return { http, time, raw };
}

const getJson = (url: string): RequestPlan => ({ label: 'menu', url, accept: 'application/json' });
const never = () => new AbortController().signal;

describe('the http transport', () => {
  it('reads JSON and names itself honestly', async () => {
    const base = await serve({ '/menu': json(MENU) });
    const { http } = transport();
    await expect(http.fetch(getJson(`${base}/menu`), never())).resolves.toEqual(MENU);
    expect(server?.hits.map((hit) => hit.userAgent)).toEqual([USER_AGENT, USER_AGENT]);
  });

  it("gives the platform's own clock: its answer's Date header", async () => {
    const base = await serve({ '/menu': json(MENU) });
    const { raw } = transport();
    const before = Date.now();
    const { answeredAt } = await raw.fetch(getJson(`${base}/menu`), never());
    // A Date header has whole seconds.
    expect(answeredAt).toBeGreaterThanOrEqual(Math.floor(before / 1000) * 1000);
    expect(answeredAt).toBeLessThanOrEqual(Date.now());
  });

  it.each<[string | null, number | undefined]>([
    ['Sun, 06 Nov 1994 08:49:37 GMT', Date.UTC(1994, 10, 6, 8, 49, 37)],
    [null, undefined],
    ['yesterday', undefined],
    [`Sun, 06 Nov 1994 08:49:37 GMT${' '.repeat(100)}`, undefined],
  ])('reads the Date header %j as %j, and nothing else', (value, instant) => {
    expect(dateHeader(value)).toBe(instant);
  });

  it('retries a 503 with growing, jittered waits until it succeeds', async () => {
    const base = await serve({ '/menu': inTurn(status(503), status(502), json(MENU)) });
    const { http, time } = transport({ random: () => 0.5 });
    await expect(http.fetch(getJson(`${base}/menu`), never())).resolves.toEqual(MENU);
    expect(hits('/menu')).toBe(3);
    // Equal jitter: half of 500 ms and 1000 ms, plus half of the other half (random 0.5).
    expect(time.waits).toEqual([375, 750]);
  });

  it('gives up after maxAttempts as retryable', async () => {
    const base = await serve({ '/menu': status(500) });
    const { http, time } = transport({ maxAttempts: 4 });
    await expect(http.fetch(getJson(`${base}/menu`), never())).rejects.toMatchObject({
      kind: 'retryable',
      message: expect.stringContaining('after 4 attempts') as string,
    });
    expect(hits('/menu')).toBe(4);
    expect(time.waits).toEqual([250, 500, 1000]);
  });

  it('retries a network error', async () => {
    const base = await serve({
      '/menu': inTurn((request) => request.socket.destroy(), json(MENU)),
    });
    const { http } = transport();
    await expect(http.fetch(getJson(`${base}/menu`), never())).resolves.toEqual(MENU);
    expect(hits('/menu')).toBe(2);
  });

  it.each([
    [404, 'not-found'],
    [410, 'not-found'],
    [403, 'blocked'],
    [406, 'blocked'],
    [400, 'schema-changed'],
    [401, 'schema-changed'],
  ])('never retries a %i (%s)', async (code, kind) => {
    const base = await serve({ '/menu': status(code) });
    const { http, time } = transport();
    await expect(http.fetch(getJson(`${base}/menu`), never())).rejects.toMatchObject({ kind });
    expect(hits('/menu')).toBe(1);
    expect(time.waits).toEqual([]);
  });

  it('waits out a 429 for its Retry-After seconds', async () => {
    const base = await serve({
      '/menu': inTurn(status(429, { 'retry-after': '7' }), json(MENU)),
    });
    const { http, time } = transport();
    await expect(http.fetch(getJson(`${base}/menu`), never())).resolves.toEqual(MENU);
    expect(time.waits).toEqual([7_000]);
  });

  it('waits until a Retry-After date', async () => {
    const { http, time } = transport();
    const at = new Date(time.clock.now() + 12_000).toUTCString();
    const base = await serve({ '/menu': inTurn(status(503, { 'retry-after': at }), json(MENU)) });
    await expect(http.fetch(getJson(`${base}/menu`), never())).resolves.toEqual(MENU);
    expect(time.waits).toEqual([12_000]);
  });

  it('does not wait out a long Retry-After, and holds no other request to the host', async () => {
    const base = await serve({
      '/menu': status(429, { 'retry-after': '3600' }),
      '/other': json([]),
    });
    const { http, time } = transport({ retryAfterMaxMs: 600_000 });
    await expect(http.fetch(getJson(`${base}/menu`), never())).rejects.toMatchObject({
      kind: 'retryable',
      name: 'RetryLaterError',
      // The hour asked for is cut to the cap: the caller leaves that store alone for 10 min.
      retryAfterMs: 600_000,
    });
    await expect(http.fetch(getJson(`${base}/other`), never())).resolves.toEqual([]);
    expect(hits('/menu')).toBe(1);
    expect(hits('/other')).toBe(1);
    expect(time.waits).toEqual([]);
  });

  it('stops at once when aborted during a backoff wait', async () => {
    const base = await serve({ '/menu': status(503) });
    const { http, time } = transport();
    time.hold();
    const controller = new AbortController();
    const pending = http.fetch(getJson(`${base}/menu`), controller.signal);
    await vi.waitFor(() => expect(time.waits).toHaveLength(1));
    const reason = new Error('shutting down');
    controller.abort(reason);
    await expect(pending).rejects.toBe(reason);
    expect(hits('/menu')).toBe(1);
  });

  it('times out a request that does not answer, without retrying it', async () => {
    const base = await serve({ '/menu': () => undefined });
    const { http } = transport({ timeoutMs: 200 });
    await expect(http.fetch(getJson(`${base}/menu`), never())).rejects.toMatchObject({
      kind: 'timeout',
    });
    expect(hits('/menu')).toBe(1);
  });

  it('refuses a body over the cap, declared or streamed', async () => {
    const big = JSON.stringify(Array.from({ length: 20_000 }, () => 'deal'));
    const base = await serve({
      '/declared': json(JSON.parse(big)),
      '/streamed': (_request, response) => {
        response.writeHead(200, { 'content-type': 'application/json' });
        response.write(big.slice(0, 60_000));
        response.end(big.slice(60_000));
      },
    });
    const { http } = transport();
    for (const path of ['/declared', '/streamed']) {
      await expect(http.fetch(getJson(`${base}${path}`), never())).rejects.toMatchObject({
        kind: 'schema-changed',
        message: expect.stringContaining('100000 byte cap') as string,
      });
    }
  });

  it('knows a bot-check page from a changed payload', async () => {
    const challenge = '<html><head><title>Just a moment...</title></head></html>';
    const base = await serve({
      '/challenge': html(challenge),
      '/mitigated': status(503, { 'cf-mitigated': 'challenge' }),
      '/page': html('<html><body>Menu</body></html>'),
    });
    const { http } = transport();
    const page: RequestPlan = { label: 'page', url: `${base}/challenge`, accept: 'text/html' };
    await expect(http.fetch(getJson(`${base}/challenge`), never())).rejects.toMatchObject({
      kind: 'blocked',
    });
    await expect(http.fetch(page, never())).rejects.toMatchObject({ kind: 'blocked' });
    await expect(http.fetch(getJson(`${base}/mitigated`), never())).rejects.toMatchObject({
      kind: 'blocked',
    });
    await expect(http.fetch(getJson(`${base}/page`), never())).rejects.toMatchObject({
      kind: 'schema-changed',
    });
    await expect(http.fetch({ ...page, url: `${base}/page` }, never())).resolves.toContain('Menu');
  });
});

describe('per-host politeness', () => {
  const slow: Route = (_request, response) => {
    setTimeout(() => json(MENU)(_request, response), 40);
  };

  it('never has two requests to one host under way at once', async () => {
    const base = await serve({ '/menu': slow });
    const { http } = transport({ clock: systemClock });
    const menus = ['a', 'b', 'c', 'd'].map((query) =>
      http.fetch(getJson(`${base}/menu?${query}`), never()),
    );
    await expect(Promise.all(menus)).resolves.toHaveLength(4);
    expect(server?.maxActive()).toBe(1);
  });

  it('keeps the minimum delay between the end of one request and the next', async () => {
    const base = await serve({ '/menu': slow });
    const { http } = transport({ clock: systemClock, minHostDelayMs: 150 });
    await Promise.all(
      ['a', 'b', 'c'].map((query) => http.fetch(getJson(`${base}/menu?${query}`), never())),
    );
    const hitsInOrder = server?.hits ?? [];
    expect(hitsInOrder).toHaveLength(4); // robots.txt and three menus
    for (let index = 1; index < hitsInOrder.length; index++) {
      const gap = hitsInOrder[index]!.start - hitsInOrder[index - 1]!.end;
      expect(gap).toBeGreaterThanOrEqual(148);
    }
  });

  it('asks the injected clock for exactly the minimum delay', async () => {
    const base = await serve({ '/menu': json(MENU) });
    const { http, time } = transport({ minHostDelayMs: 1_000 });
    await http.fetch(getJson(`${base}/menu?a`), never());
    await http.fetch(getJson(`${base}/menu?b`), never());
    // robots.txt, then each menu a second after the request before it.
    expect(time.waits).toEqual([1_000, 1_000]);
  });

  // The system's own clock, the wall part of it stepped as NTP or an operator does (Date only:
  // the monotonic clock goes on as it does on a real machine).
  describe('when the machine clock is stepped', () => {
    afterEach(() => {
      vi.useRealTimers();
    });

    it.each([
      ['10 minutes back', -10 * 60 * 1000],
      ['5 days back', -5 * 24 * 60 * 60 * 1000],
      ['a day ahead', 24 * 60 * 60 * 1000],
    ])('keeps the pause between requests as it is, set %s', async (_what, stepMs) => {
      const base = await serve({ '/menu': json(MENU) });
      const { http } = transport({ clock: systemClock, minHostDelayMs: 150 });
      await http.fetch(getJson(`${base}/menu?a`), never());
      vi.useFakeTimers({ toFake: ['Date'] });
      vi.setSystemTime(Date.now() + stepMs);
      const started = performance.now();
      await expect(http.fetch(getJson(`${base}/menu?b`), never())).resolves.toEqual(MENU);
      expect(performance.now() - started).toBeLessThan(1_000);
      const hitsInOrder = server?.hits ?? [];
      expect(hitsInOrder).toHaveLength(3); // robots.txt and two menus
      const gap = hitsInOrder[2]!.start - hitsInOrder[1]!.end;
      expect(gap).toBeGreaterThanOrEqual(148);
    });
  });
});

describe('a machine without internet', () => {
  /** Loopback answers; every name fails to resolve as it does offline. */
  const noDns = (code: string) =>
    createOutboundGuard({
      allow: ['127.0.0.1'],
      resolve: () =>
        Promise.reject(Object.assign(new Error(`getaddrinfo ${code} menu.example`), { code })),
    });
  const offline = {
    name: 'OfflineError',
    kind: 'retryable',
    publicReason: 'The service cannot reach the internet.',
  };

  it.each(['ENOTFOUND', 'EAI_AGAIN', 'ENETUNREACH'])(
    'says the internet is out of reach when no name resolves (%s)',
    async (code) => {
      const { http } = transport({ guard: noDns(code) });
      await expect(http.fetch(getJson('http://menu.example/menu'), never())).rejects.toMatchObject(
        offline,
      );
    },
  );

  it('blames one host, not the connection, while another host has answered', async () => {
    const base = await serve({ '/menu': json(MENU) });
    const { http, time } = transport({ guard: noDns('ENOTFOUND') });
    await http.fetch(getJson(`${base}/menu`), never());
    const lapsed = http.fetch(getJson('http://menu.example/menu'), never());
    await expect(lapsed).rejects.toMatchObject({ name: 'RetryableError' });
    await expect(lapsed).rejects.not.toHaveProperty('publicReason');
    time.advance(ONLINE_PROOF_MS);
    await expect(http.fetch(getJson('http://other.example/menu'), never())).rejects.toMatchObject(
      offline,
    );
  });

  it('does not call a refused connection offline', async () => {
    const base = await serve({});
    await server?.close();
    server = undefined;
    const { http } = transport();
    const refused = http.fetch(getJson(`${base}/menu`), never());
    await expect(refused).rejects.toMatchObject({ name: 'RetryableError' });
    await expect(refused).rejects.not.toHaveProperty('publicReason');
  });
});

describe('what the transports may open', () => {
  it.each(['file:///etc/passwd', 'javascript:alert(1)', 'not a url'])('refuses %j', async (url) => {
    const { http } = transport();
    await expect(http.fetch(getJson(url), never())).rejects.toMatchObject({
      name: 'ForbiddenAddressError',
    });
    await expect(http.checkRobots(url, never())).rejects.toMatchObject({
      name: 'ForbiddenAddressError',
    });
  });
});

describe('redirects, each through the guard and robots.txt', () => {
  let inside: LocalServer | undefined;
  afterEach(async () => {
    await inside?.close();
    inside = undefined;
  });
  const to = (location: string): Route => status(302, { location });

  it('follows a redirect to an allowed host, and answers where it ended', async () => {
    const base = await serve({ '/old': to('/new'), '/new': json(MENU) });
    const { http } = transport();
    await expect(http.fetch(getJson(`${base}/old`), never())).resolves.toEqual(MENU);
    expect(hits('/new')).toBe(1);
  });

  it('never reaches a loopback address the operator did not allow', async () => {
    // 127.0.0.2 is this machine too, but only 127.0.0.1 is allowed.
    inside = await startServer({ '/secret': json([{ title: 'internal' }]) }, '127.0.0.2');
    const base = await serve({ '/menu': to(`${inside.base}/secret`) });
    const { http } = transport();
    await expect(http.fetch(getJson(`${base}/menu`), never())).rejects.toMatchObject({
      name: 'ForbiddenAddressError',
      message: expect.stringContaining('127.0.0.2') as string,
    });
    expect(inside.hits).toEqual([]);
  });

  it.each([
    'http://169.254.169.254/latest/meta-data/',
    'http://10.0.0.1/',
    'http://[::1]:1/',
    'file:///etc/passwd',
  ])('refuses a redirect to %s', async (target) => {
    const base = await serve({ '/menu': to(target) });
    const { http } = transport();
    await expect(http.fetch(getJson(`${base}/menu`), never())).rejects.toMatchObject({
      name: 'ForbiddenAddressError',
    });
  });

  it("obeys the redirect target's robots.txt", async () => {
    const base = await serve({
      '/menu': to('/private/menu'),
      '/robots.txt': (_request, response) =>
        response
          .writeHead(200, { 'content-type': 'text/plain' })
          .end('User-agent: *\nDisallow: /private/\n'),
      '/private/menu': json(MENU),
    });
    const { http } = transport();
    await expect(http.fetch(getJson(`${base}/menu`), never())).rejects.toMatchObject({
      name: 'RobotsDisallowedError',
    });
    expect(hits('/private/menu')).toBe(0);
  });

  it('gives up after five redirects', async () => {
    const base = await serve({
      '/r0': to('/r1'),
      '/r1': to('/r2'),
      '/r2': to('/r3'),
      '/r3': to('/r4'),
      '/r4': to('/r5'),
      '/r5': to('/r6'),
      '/r6': json(MENU),
    });
    const { http } = transport();
    await expect(http.fetch(getJson(`${base}/r0`), never())).rejects.toThrow(
      /redirected over 5 times/,
    );
    expect(hits('/r6')).toBe(0);
  });

  it('turns a POST into a GET on a 303, as browsers do', async () => {
    let method = '';
    const base = await serve({
      '/graphql': status(303, { location: '/answer' }),
      '/answer': (request, response) => {
        method = request.method ?? '';
        json(MENU)(request, response);
      },
    });
    const { http } = transport();
    const post: RequestPlan = { ...getJson(`${base}/graphql`), method: 'POST', body: '{}' };
    await expect(http.fetch(post, never())).resolves.toEqual(MENU);
    expect(method).toBe('GET');
  });
});

describe('a hanging request costs its own store only', () => {
  it("gives up the host's turn, so the next store's request goes ahead", async () => {
    const base = await serve({ '/stuck': () => undefined, '/menu': json(MENU) });
    const { http } = transport({ clock: systemClock, timeoutMs: 5_000, hostTurnMs: 200 });
    const stuck = http.fetch(getJson(`${base}/stuck`), never());
    stuck.catch(() => undefined);
    const started = performance.now();
    await expect(http.fetch(getJson(`${base}/menu`), never())).resolves.toEqual(MENU);
    // The healthy request waited for the turn (200 ms), not for the stuck one's 5 s timeout.
    expect(performance.now() - started).toBeLessThan(2_000);
    await expect(stuck).rejects.toMatchObject({ kind: 'timeout' });
  }, 15_000);
});

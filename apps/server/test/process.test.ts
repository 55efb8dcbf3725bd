import { once } from 'node:events';
import { writeFileSync } from 'node:fs';
import { connect } from 'node:net';
import { join } from 'node:path';
import { openSqliteRepository } from '@stl-deals/store';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { RELAYED_SIGNAL_MS } from '../src/shutdown';
import { feedDeals } from './support/deals';
import { startFeedServer, type FeedServer } from './support/feed-server';
import { feedRegistry, tempDir } from './support/harness';
import { listening, logLines, start, until } from './support/service-process';

function writeRegistry(content: unknown): string {
  const file = join(tempDir(), 'registry.json');
  writeFileSync(file, JSON.stringify(content));
  return file;
}

let feed: FeedServer;
beforeAll(async () => {
  feed = await startFeedServer();
});
afterAll(() => feed.close());

describe('the service process', () => {
  it('shuts down on SIGTERM within 10 s, aborting a hung scrape and keeping what it stored', async () => {
    feed.set('quick', { deals: feedDeals('quick', 2) });
    feed.set('stuck', { hold: true });
    const dataDir = tempDir();
    const service = start({
      PORT: '0',
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      DEALS_REGISTRY: writeRegistry(feedRegistry(feed, ['quick', 'stuck'])),
      LOG_LEVEL: 'info',
    });
    const origin = await listening(service);
    expect((await fetch(`${origin}/api/monitoring/scraper/ping`)).status).toBe(200);
    await until(() => (feed.requests('stuck') > 0 ? true : undefined), 'the hung scrape');
    await until(
      () => (service.stdout().includes('"dispensary":"quick"') ? true : undefined),
      'quick',
    );

    const signalledAt = Date.now();
    service.child.kill('SIGTERM');
    expect(await service.exited).toBe(0);
    expect(Date.now() - signalledAt).toBeLessThan(10_000);
    expect(service.stdout()).toContain('shutting down');
    // The normal path: nothing had to be forced.
    expect(service.stdout()).not.toMatch(/requests still open|outlasted its deadline/);

    // One line per scrape, with what an operator needs; no line per request.
    const lines = logLines(service);
    const quick = lines.find((line) => line.msg === 'scrape' && line.dispensary === 'quick');
    expect(quick).toMatchObject({
      level: 30,
      dispensary: 'quick',
      platform: 'feed',
      transport: 'http',
      dealCount: 2,
      outcome: 'ok',
    });
    expect(quick?.durationMs).toEqual(expect.any(Number));
    expect(quick?.durationMs).toBeGreaterThanOrEqual(0);
    expect(lines.filter((line) => /request/.test(String(line.msg)))).toEqual([]);

    const repository = await openSqliteRepository({ file: join(dataDir, 'deals.sqlite') });
    const snapshots = await repository.loadSnapshots();
    await repository.close();
    expect(snapshots.map(({ dispensaryKey, deals }) => [dispensaryKey, deals.length])).toEqual([
      ['quick', 2],
    ]);
    // A tsx start and two scrapes: a loaded 2-core machine has taken over 30 s.
  }, 60_000);

  it('listens for /metrics on METRICS_PORT beside the service, and closes it on SIGTERM', async () => {
    feed.set('quick', { deals: feedDeals('quick', 2) });
    const service = start({
      PORT: '0',
      HOST: '127.0.0.1',
      METRICS_PORT: '0',
      DATA_DIR: tempDir(),
      DEALS_REGISTRY: writeRegistry(feedRegistry(feed, ['quick'])),
      LOG_LEVEL: 'info',
    });
    const origin = await listening(service);
    const metricsAt = await until(
      () =>
        [...service.stdout().matchAll(/Server listening at (http:\/\/127\.0\.0\.1:\d+)/g)].map(
          (match) => match[1],
        )[1],
      'the metrics listening line',
    );
    expect(metricsAt).not.toBe(origin);
    expect((await fetch(`${origin}/metrics`)).status).toBe(404);
    const metrics = await fetch(`${metricsAt}/metrics`);
    expect(metrics.status).toBe(200);
    expect(await metrics.text()).toContain('stl_deals_http_request_duration_seconds');

    service.child.kill('SIGTERM');
    expect(await service.exited).toBe(0);
    await expect(fetch(`${metricsAt}/metrics`)).rejects.toThrow();
  }, 30_000);

  it('on SIGINT lets a request in flight finish, ignores further signals, and exits 0', async () => {
    feed.set('steady', { deals: feedDeals('steady', 3) });
    const dataDir = tempDir();
    const service = start({
      PORT: '0',
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      DEALS_REGISTRY: writeRegistry(feedRegistry(feed, ['steady'])),
      LOG_LEVEL: 'info',
    });
    const origin = await listening(service);
    await until(
      () => (service.stdout().includes('"dispensary":"steady"') ? true : undefined),
      'the first scrape',
    );

    // A refresh whose body is still on its way: in flight until the test sends the rest.
    const socket = connect(Number(new URL(origin).port), '127.0.0.1');
    await once(socket, 'connect');
    let answer = '';
    socket.on('data', (chunk: Buffer) => (answer += chunk.toString()));
    socket.write(
      'POST /api/scraper/refresh/steady HTTP/1.1\r\nHost: 127.0.0.1\r\n' +
        'Content-Type: application/json\r\nContent-Length: 2\r\n\r\n{',
    );
    expect((await fetch(`${origin}/api/monitoring/scraper/ping`)).status).toBe(200);
    await new Promise((resolve) => setTimeout(resolve, 100));

    const signalledAt = Date.now();
    service.child.kill('SIGINT');
    await until(() => (service.stdout().includes('shutting down') ? true : undefined), 'shutdown');
    // Signals during the shutdown are never fatal; the first second's are the same stop relayed
    // (npm and tsx pass a Ctrl-C on), said nothing of, and later ones are noted.
    service.child.kill('SIGINT');
    await new Promise((resolve) => setTimeout(resolve, RELAYED_SIGNAL_MS + 200));
    expect(service.stdout()).not.toContain('already shutting down');
    service.child.kill('SIGINT');
    service.child.kill('SIGTERM');
    await until(() => {
      if (service.child.exitCode !== null || service.child.signalCode !== null) {
        throw new Error(`Exited during the shutdown: ${service.child.signalCode ?? ''}`);
      }
      const noted = service.stdout().match(/already shutting down/g) ?? [];
      return noted.length === 2 ? true : undefined;
    }, 'the later signals noted');

    socket.write('}');
    await until(() => (answer.includes('\r\n\r\n[') ? true : undefined), 'the answer');
    expect(answer).toMatch(/^HTTP\/1\.1 200 /);
    expect(answer).toContain('"dispensaryKey":"steady"');
    socket.end();
    expect(await service.exited).toBe(0);
    expect(Date.now() - signalledAt).toBeLessThan(10_000);
    expect(service.stdout()).not.toMatch(/requests still open|outlasted its deadline/);
  }, 30_000);

  it('stops with the entry and field named when the registry file is bad', async () => {
    const service = start({
      DEALS_REGISTRY: writeRegistry({
        dispensaries: [{ key: 'bad-store', name: 'Bad Store', platform: 'feed', menuUrl: 'nope' }],
      }),
    });
    expect(await service.exited).toBe(1);
    expect(service.stderr()).toContain("entry 0 (key 'bad-store'), field 'menuUrl'");
  }, 30_000);

  it('stops with the file and field named when the platforms configuration is bad', async () => {
    const file = join(tempDir(), 'platforms.json');
    writeFileSync(file, JSON.stringify({ janeAlgolia: { appId: '' } }));
    const service = start({ PLATFORMS_CONFIG: file });
    expect(await service.exited).toBe(1);
    expect(service.stderr()).toContain(`PLATFORMS_CONFIG: ${file}: field 'janeAlgolia.appId'`);
  }, 30_000);

  it('stops with the variable named when a setting is bad', async () => {
    const service = start({ SCRAPE_CONCURRENCY: 'lots' });
    expect(await service.exited).toBe(1);
    expect(service.stderr()).toContain('SCRAPE_CONCURRENCY:');
    expect(service.stderr()).not.toMatch(/\bat .*\.ts:\d+/);
  }, 30_000);
});

import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { monitorEventLoopDelay } from 'node:perf_hooks';
import { createScraper, type RegistryEntry } from '@stl-deals/scraper';

export interface PingStats {
  p50: number;
  p99: number;
  max: number;
  count: number;
}

export interface HostileResult {
  /** While nothing runs: what the event loop answers at rest. */
  idle: PingStats;
  /** While a real-sized specials page (2 MB, 20,000 deal blocks) is read in a parsing thread. */
  heavyThreads: PingStats;
  /** The same page read on the event loop's own thread, as before the parsing threads. */
  heavyCaller: PingStats;
  /** While a 3 MB page nested 300,000 deep is scraped (parsing threads). */
  nested: PingStats;
}

const HEAVY_PAGE = `<html><body><main>${Array.from(
  { length: 20_000 },
  (_, index) => `<article><h2>Vape week ${index}</h2><p>25% off all vapes this week</p></article>`,
).join('')}</main></body></html>`;
const NESTED_PAGE = `<html><body>${'<div>'.repeat(300_000)}25% off${'</div>'.repeat(300_000)}</body></html>`;

/**
 * How late the event loop runs while `work` runs (Node's own event-loop delay histogram, sampled
 * every 5 ms): the wait a request to the service would have before it is even read.
 */
async function loopDelayDuring(work: () => Promise<unknown>): Promise<PingStats> {
  const histogram = monitorEventLoopDelay({ resolution: 5 });
  histogram.enable();
  try {
    await work();
    // Let the histogram's timer fire once more: a block that ended just now is recorded then.
    await new Promise((resolve) => setTimeout(resolve, 20));
  } finally {
    histogram.disable();
  }
  const ms = (ns: number) => ns / 1e6;
  return {
    p50: ms(histogram.percentile(50)),
    p99: ms(histogram.percentile(99)),
    max: ms(histogram.max),
    count: histogram.count,
  };
}

/** The event loop's delay at rest, while a heavy page is read (threads and caller), and while a hostile one is. */
export async function benchHostile(): Promise<HostileResult> {
  const server: Server = createServer((request, response) => {
    const page =
      request.url === '/heavy' ? HEAVY_PAGE : request.url === '/nested' ? NESTED_PAGE : null;
    if (page === null) response.writeHead(404).end();
    else response.writeHead(200, { 'content-type': 'text/html' }).end(page);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  const entry = (path: string): RegistryEntry => ({
    key: `bench${path.replace('/', '-')}`,
    name: 'Bench',
    platform: 'html',
    specialsUrl: `${base}${path}`,
  });
  const options = {
    userAgent: 'STLDealsBench/1.0',
    minHostDelayMs: 0,
    allowPrivateHosts: ['127.0.0.1'],
  };
  const threads = createScraper({ ...options, parseOn: 'threads' });
  const caller = createScraper({ ...options, parseOn: 'caller' });
  const scrape = (scraper: typeof threads, path: string) => () =>
    scraper.scrape(entry(path), AbortSignal.timeout(120_000)).catch(() => undefined);
  try {
    await scrape(threads, '/heavy')(); // a warm parsing thread, as a running service has
    await scrape(caller, '/heavy')();
    const idle = await loopDelayDuring(() => new Promise((resolve) => setTimeout(resolve, 1_000)));
    const heavyThreads = await loopDelayDuring(scrape(threads, '/heavy'));
    const heavyCaller = await loopDelayDuring(scrape(caller, '/heavy'));
    const nested = await loopDelayDuring(scrape(threads, '/nested'));
    return { idle, heavyThreads, heavyCaller, nested };
  } finally {
    await Promise.all([threads.close(), caller.close()]);
    server.close();
  }
}

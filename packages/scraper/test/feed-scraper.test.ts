import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createScraper } from '../src/create-scraper';
import type { ScrapeErrorKind } from '../src/errors';
import type { RegistryEntry } from '../src/registry';

const deals = [
  {
    title: 'BOGO Cloud Cover eighths',
    description: 'Buy one get one',
    price: '$35',
    imageUrl: '',
    sourceUrl: 'https://shop.example/cc',
  },
];

let server: Server;
let base = '';
beforeAll(async () => {
  server = createServer((request, response) => {
    const route: Record<string, () => void> = {
      '/feed': () =>
        response.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify(deals)),
      '/priced': () =>
        response
          .writeHead(200, { 'content-type': 'application/json' })
          .end(JSON.stringify([{ ...deals[0], regularPrice: 35, salePrice: 17.5 }])),
      '/blocked': () => response.writeHead(403).end('Attention Required! | Cloudflare'),
      '/gone': () => response.writeHead(404).end(),
      '/busy': () => response.writeHead(503).end(),
      '/html': () => response.writeHead(200, { 'content-type': 'text/html' }).end('<html></html>'),
      '/object': () =>
        response.writeHead(200, { 'content-type': 'application/json' }).end('{"deals":[]}'),
      '/huge': () =>
        response
          .writeHead(200, { 'content-type': 'application/json' })
          .end(`[${'"x",'.repeat(300_000)}"x"]`),
      '/hang': () => undefined,
    };
    (route[request.url ?? ''] ?? route['/gone']!)();
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});
afterAll(() => {
  server.closeAllConnections();
  server.close();
});

const entry = (path: string): RegistryEntry => ({
  key: 'test-store',
  name: 'Test Store',
  platform: 'feed',
  menuUrl: `${base}${path}`,
});
const scraper = () =>
  createScraper({
    userAgent: 'stl-deals-test',
    requestTimeoutMs: 300,
    maxResponseBytes: 1_000_000,
    minHostDelayMs: 0,
    allowPrivateHosts: ['127.0.0.1'],
  });

describe('the feed platform over http', () => {
  it('reads the deals of a feed', async () => {
    const result = await scraper().scrape(entry('/feed'), new AbortController().signal);
    expect(result.transport).toBe('http');
    expect(result.deals).toEqual([expect.objectContaining({ ...deals[0], platform: 'feed' })]);
  });

  it("hands over its priced deals' menu prices, read on a parsing thread", async () => {
    const result = await scraper().scrape(entry('/priced'), new AbortController().signal);
    const key = result.deals[0]?.storeProductKey;
    expect(key).toEqual(expect.any(String));
    expect(result.menuPrices).toEqual([
      { storeProductKey: key, salePrice: 17.5, regularPrice: 35, onDeal: true },
    ]);
  });

  it.each<[string, ScrapeErrorKind]>([
    ['/blocked', 'blocked'],
    ['/gone', 'not-found'],
    ['/busy', 'retryable'],
    ['/html', 'schema-changed'],
    ['/object', 'schema-changed'],
    ['/huge', 'schema-changed'],
    ['/hang', 'timeout'],
  ])('classifies %s as %s', async (path, kind) => {
    await expect(scraper().scrape(entry(path), new AbortController().signal)).rejects.toMatchObject(
      { kind },
    );
  });

  it('says when a feed entry has no menuUrl', async () => {
    const { menuUrl, ...noUrl } = entry('/feed');
    await expect(scraper().scrape(noUrl, new AbortController().signal)).rejects.toMatchObject({
      kind: 'not-found',
      message: expect.stringContaining('no menuUrl') as string,
    });
  });

  it('stops when aborted', async () => {
    const controller = new AbortController();
    const pending = createScraper({
      userAgent: 't',
      requestTimeoutMs: 10_000,
      minHostDelayMs: 0,
    }).scrape(entry('/hang'), controller.signal);
    controller.abort();
    await expect(pending).rejects.toThrow();
  });
});

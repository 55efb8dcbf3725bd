import { readFile } from 'node:fs/promises';
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { extname, join, normalize } from 'node:path';
import type { Deal } from '@stl-deals/domain';
import { DISPENSARIES, feedDeals } from './feed';

/** One call the page made, as the service saw it. */
export interface RecordedCall {
  method: string;
  path: string;
  contentType: string | undefined;
  body: string;
}

export interface FakeService {
  origin: string;
  calls: RecordedCall[];
  /** Back to the first feed, with no calls recorded: each test starts from the same service. */
  reset(): void;
  close(): Promise<void>;
}

const TYPES: Record<string, string> = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.svg': 'image/svg+xml',
  '.json': 'application/json',
};

const PRODUCT_SVG =
  '<svg xmlns="http://www.w3.org/2000/svg" width="400" height="300" viewBox="0 0 400 300">' +
  '<rect width="400" height="300" fill="#2f6d4f"/><circle cx="200" cy="150" r="90" fill="#e2b955"/>' +
  '<text x="200" y="165" text-anchor="middle" font-size="44" font-family="sans-serif" fill="#123024">Product</text></svg>';
// Under the page's 50 px minimum: the card must move on to the next image.
const TINY_SVG =
  '<svg xmlns="http://www.w3.org/2000/svg" width="10" height="10"><rect width="10" height="10" fill="red"/></svg>';

/**
 * A stand-in for the service in the end-to-end tests until apps/server serves the whole API: the
 * built page from `distDir` at `/`, and the spec's calls (section 7) answered from `feed.ts`.
 * Refreshes take a moment, as real ones do, so the page's progress texts can be seen.
 */
export async function startFakeService(distDir: string): Promise<FakeService> {
  const calls: RecordedCall[] = [];
  let origin = '';
  let refreshRounds = 0;

  const deals = (): Deal[] => {
    const all = feedDeals(origin);
    if (refreshRounds === 0) return all;
    // After a refresh the first store has one more deal, so the test can see the list replaced.
    return [
      {
        id: 'fresh-drop',
        title: `Fresh drop ${refreshRounds}: 40% off`,
        description: 'Just scraped again',
        price: '$10.00',
        imageUrl: '',
        sourceUrl: `${origin}/menu/swade-delmar#fresh`,
        dispensary: DISPENSARIES[0]!.name,
        dispensaryKey: DISPENSARIES[0]!.key,
      },
      ...all,
    ];
  };
  // A single dispensary's answer leaves out its name and key: the page stamps them.
  const dealsOf = (key: string) =>
    deals()
      .filter((deal) => deal.dispensaryKey === key)
      .map(({ dispensary: _name, dispensaryKey: _key, ...deal }) => deal);

  async function api(method: string, url: URL, response: ServerResponse): Promise<boolean> {
    const json = (status: number, value: unknown) => {
      response.writeHead(status, { 'content-type': 'application/json' });
      response.end(JSON.stringify(value));
      return true;
    };
    const path = url.pathname;
    if (method === 'GET' && path === '/api/scraper/dispensaries') return json(200, DISPENSARIES);
    if (method === 'GET' && path === '/api/monitoring/scraper/ping') return json(200, { ok: true });
    if (method === 'GET' && path === '/api/monitoring/scraper/status') {
      return json(200, {
        ready: true,
        totalDeals: deals().length,
        lastUpdate: '2025-06-02T15:04:00.000Z',
        dispensaryCount: DISPENSARIES.length,
      });
    }
    if (method === 'GET' && path === '/api/reactive/deals') {
      const key = url.searchParams.get('dispensary');
      return json(200, key ? dealsOf(key) : deals());
    }
    if (method === 'POST' && path === '/api/scraper/refresh/all') {
      await pause(400);
      refreshRounds++;
      return json(200, { refreshed: DISPENSARIES.length, failed: 0, skipped: 0, durationMs: 400 });
    }
    const refreshOne = /^\/api\/scraper\/refresh\/([^/]+)$/.exec(path);
    if (method === 'POST' && refreshOne) {
      const key = decodeURIComponent(refreshOne[1]!);
      if (!DISPENSARIES.some((d) => d.key === key)) return json(404, { error: 'NotFound' });
      await pause(400);
      refreshRounds++;
      return json(200, dealsOf(key));
    }
    if (path.startsWith('/api/')) return json(404, { error: 'NotFound' });
    return false;
  }

  async function files(url: URL, response: ServerResponse): Promise<void> {
    if (url.pathname === '/fixtures/product.svg' || url.pathname === '/fixtures/tiny.svg') {
      response.writeHead(200, { 'content-type': TYPES['.svg'] });
      response.end(url.pathname.includes('tiny') ? TINY_SVG : PRODUCT_SVG);
      return;
    }
    const relative = normalize(decodeURIComponent(url.pathname)).replace(/^([/\\])+/, '');
    const asset = relative && !relative.startsWith('..') ? join(distDir, relative) : '';
    const found = (asset && (await readFile(asset).catch(() => null))) || null;
    if (found) {
      response.writeHead(200, {
        'content-type': TYPES[extname(asset)] ?? 'application/octet-stream',
      });
      response.end(found);
      return;
    }
    if (extname(url.pathname)) {
      response.writeHead(404).end();
      return;
    }
    response.writeHead(200, { 'content-type': TYPES['.html'] });
    response.end(await readFile(join(distDir, 'index.html')));
  }

  const server = createServer((request: IncomingMessage, response: ServerResponse) => {
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => {
      const url = new URL(request.url ?? '/', origin);
      const method = request.method ?? 'GET';
      if (url.pathname.startsWith('/api/') || url.pathname === '/') {
        calls.push({
          method,
          path: `${url.pathname}${url.search}`,
          contentType: request.headers['content-type'],
          body: Buffer.concat(chunks).toString('utf8'),
        });
      }
      api(method, url, response)
        .then((handled) => (handled ? undefined : files(url, response)))
        .catch((error: unknown) => {
          response.writeHead(500).end(String(error));
        });
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;

  return {
    origin,
    calls,
    reset: () => {
      calls.length = 0;
      refreshRounds = 0;
    },
    close: () =>
      new Promise<void>((resolve, reject) => {
        server.closeAllConnections();
        server.close((error) => (error ? reject(error) : resolve()));
      }),
  };
}

function pause(ms: number): Promise<void> {
  return new Promise((resolve) => setTimeout(resolve, ms));
}

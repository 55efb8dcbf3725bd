import { request as httpRequest } from 'node:http';
import { median } from './stats';
import { loadTest, type LoadOptions, type LoadResult } from './load';

/** The search the load asks for again and again, as a feed reader polls it. */
export const FEED_SEARCH = '/feeds/deals.atom?category=flower&search=dream';

const WORDS = ['dream', 'gelato', 'runtz', 'cake', 'diesel', 'proper', 'wana', 'codes', 'cart'];
const CATEGORIES = ['', '&category=flower', '&category=edibles', '&category=vapes'];
const DAYS = ['', '&day=friday', '&day=tomorrow'];
/** Downtown St. Louis: the registry's dispensaries lie around it. */
const POINT = '&distance=25&lat=38.627&lng=-90.199';

/** Searches none of which was asked before: each is written anew. */
function newSearches(): string[] {
  return WORDS.flatMap((word) =>
    CATEGORIES.flatMap((category) =>
      DAYS.flatMap((day) => [
        `/feeds/deals.atom?search=${word}${category}${day}`,
        `/feeds/deals.atom?search=${word}${category}${day}${POINT}`,
      ]),
    ),
  );
}

export interface Timings {
  requests: number;
  p50Ms: number;
  p99Ms: number;
}

export interface FeedResult {
  /** The first feed asked for after the publication: every deal read into the page's views. */
  firstMs: number;
  /** The same search asked again and again, one request at a time. */
  again: Timings;
  /** A different search each request (written anew), one at a time. */
  anew: Timings;
  /** The same search under the deals list's load. */
  load: LoadResult;
  entries: number;
  bytes: number;
}

/** One GET as a feed reader sends it (brotli taken), timed to its last byte, never decoded. */
function timedGet(url: string): Promise<{ ms: number; status: number; bytes: number }> {
  return new Promise((resolve, reject) => {
    const started = performance.now();
    const request = httpRequest(url, { headers: { 'accept-encoding': 'br' } }, (response) => {
      let bytes = 0;
      response.on('data', (chunk: Buffer) => (bytes += chunk.length));
      response.on('end', () =>
        resolve({ ms: performance.now() - started, status: response.statusCode ?? 0, bytes }),
      );
      response.on('error', reject);
    });
    request.on('error', reject);
    request.end();
  });
}

async function inTurn(urls: readonly string[]): Promise<Timings> {
  const times: number[] = [];
  for (const url of urls) {
    const { ms, status } = await timedGet(url);
    if (status !== 200) throw new Error(`${url} answered ${status}`);
    times.push(ms);
  }
  times.sort((a, b) => a - b);
  return {
    requests: times.length,
    p50Ms: median(times),
    p99Ms: times[Math.ceil(times.length * 0.99) - 1] ?? 0,
  };
}

/**
 * The Atom feed of a search on the running service at `origin` (its deals published, no feed
 * asked for yet): the first feed, the same search asked again, a new search each time, and the
 * same search under load.
 */
export async function benchFeed(origin: string, options: LoadOptions): Promise<FeedResult> {
  const first = await timedGet(`${origin}${FEED_SEARCH}`);
  if (first.status !== 200) throw new Error(`${FEED_SEARCH} answered ${first.status}`);
  const document = await (await fetch(`${origin}${FEED_SEARCH}`)).text();
  const entries = document.match(/<entry>/g)?.length ?? 0;
  // Warm-up runs, not counted.
  await inTurn(Array.from({ length: 50 }, () => `${origin}${FEED_SEARCH}`));
  const again = await inTurn(Array.from({ length: 500 }, () => `${origin}${FEED_SEARCH}`));
  const anew = await inTurn(newSearches().map((path) => `${origin}${path}`));
  await loadTest(`${origin}${FEED_SEARCH}`, { ...options, durationS: 1 });
  const load = await loadTest(`${origin}${FEED_SEARCH}`, options);
  return {
    firstMs: first.ms,
    again,
    anew,
    load,
    entries,
    bytes: Buffer.byteLength(document),
  };
}

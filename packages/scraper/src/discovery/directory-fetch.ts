import type { RequestPlan } from '../adapters/types';
import { BlockedError } from '../errors';
import type { Scraper } from '../scraper';
import type { JsonClient } from '../transports/json-client';

/** How directory answers are fetched: over http, and in the browser where http is blocked. */
export interface DirectoryClient {
  client: Pick<JsonClient, 'fetchJson'>;
  /** Absent: no browser (a block is then the directory's failure). */
  browser?: Pick<Scraper, 'fetchJsonInBrowser'>;
  signal: AbortSignal;
}

/**
 * A directory's answer over http; when a bot check blocks it (Akamai's 406 at Weedmaps,
 * Cloudflare at Dutchie: directories.md 1.3, 3.3) and the request is a GET a browser can make, the
 * same request as a visitor's navigation in the browser.
 */
export async function fetchDirectoryAnswer(
  request: RequestPlan,
  { client, browser, signal }: DirectoryClient,
): Promise<{ answer: unknown; inBrowser: boolean }> {
  try {
    return { answer: await client.fetchJson(request, signal), inBrowser: false };
  } catch (error) {
    const passable = error instanceof BlockedError && error.browserMayPass;
    if (!passable || !browser || (request.method ?? 'GET') !== 'GET') throw error;
    return { answer: await browser.fetchJsonInBrowser(request, signal), inBrowser: true };
  }
}

import type { RequestPlan } from '../adapters/types';
import { SchemaChangedError } from '../errors';
import { createOutboundGuard } from '../outbound/guard';
import { boundedJson } from '../parsing/bounded-json';
import { systemClock, type Clock } from '../politeness/clock';
import { honestUserAgent } from '../politeness/user-agent';
import { lazyHttpTransport } from './lazy-http';

export interface JsonClientOptions {
  /** As for the scraper: the product token robots.txt rules are matched against comes first. */
  userAgent: string;
  contactUrl?: string;
  /** ALLOW_PRIVATE_HOSTS, as for the scraper. */
  allowPrivateHosts?: readonly string[];
  /** One attempt. Default 15 s. */
  timeoutMs?: number;
  /** Default 1 MiB: the public services asked here answer a few kilobytes. */
  maxBytes?: number;
  /** Pause between two requests to one host. Default 1 s. */
  minHostDelayMs?: number;
  clock?: Clock;
}

/** GETs of small JSON documents from public services (a geocoder), with the scraper's manners. */
export interface JsonClient {
  /** The parsed answer (a GET of the URL, or the request planned); a ScrapeError when there is none. */
  fetchJson(request: string | RequestPlan, signal: AbortSignal): Promise<unknown>;
  /** A page's HTML as text (a page that publishes a key, read by the caller within its bounds). */
  fetchPage(url: string, signal: AbortSignal): Promise<string>;
  close(): void;
}

/**
 * The http transport's politeness for calls that are not menus: the outbound guard on the URL and
 * every redirect, robots.txt, one request at a time per host, retries with backoff, a size cap,
 * and the same honest User-Agent. The answer is small, so it is read on the calling thread, within
 * the same nesting bounds the parsing threads apply.
 */
export function createJsonClient(options: JsonClientOptions): JsonClient {
  const http = lazyHttpTransport({
    userAgent: honestUserAgent(options.userAgent, options.contactUrl),
    timeoutMs: options.timeoutMs ?? 15_000,
    maxBytes: options.maxBytes ?? 1024 * 1024,
    maxAttempts: 2,
    minHostDelayMs: options.minHostDelayMs ?? 1_000,
    robotsTtlMs: 24 * 60 * 60 * 1000,
    guard: createOutboundGuard({ allow: options.allowPrivateHosts ?? [] }),
    retryAfterMaxMs: 10 * 60 * 1000,
    clock: options.clock ?? systemClock,
    random: Math.random,
  });
  return {
    async fetchJson(request, signal) {
      const plan: RequestPlan =
        typeof request === 'string'
          ? { label: 'json', url: request, accept: 'application/json' }
          : request;
      const { body } = await http.fetch(plan, signal);
      const value = boundedJson(Buffer.from(body).toString('utf8'));
      if (value === undefined) {
        throw new SchemaChangedError(`${new URL(plan.url).host} answered no JSON`);
      }
      return value;
    },
    async fetchPage(url, signal) {
      const { body } = await http.fetch({ label: 'page', url, accept: 'text/html' }, signal);
      return Buffer.from(body).toString('utf8');
    },
    close: () => http.close(),
  };
}

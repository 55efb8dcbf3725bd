import type { RequestPlan } from './adapters/types';
import { BlockedError, ScrapeError } from './errors';
import type { RegistryEntry } from './registry';

// When a store's scrape is tried another way: in the browser after http was blocked, or on
// another platform after its own platform failed it. Pure rules; menu-scrape.ts carries them out.

/** The registry's `transport: 'browser'`: the store is opened in Chromium from the start. */
export function wantsBrowser(entry: RegistryEntry): boolean {
  return entry.transport === 'browser';
}

/**
 * Whether the browser can stand in after http failed with `error`: only for a block it may pass
 * (never a robots.txt refusal, which a browser would not make any less meant, nor an address the
 * guard refused), and only where it knows what to open: the store page of an adapter with
 * browser hooks, or the HTML page that was refused.
 */
export function browserCanHelp(
  error: unknown,
  pageUrl: string | null | undefined,
  blockedAt: RequestPlan | undefined,
): boolean {
  if (!(error instanceof BlockedError) || !error.browserMayPass) return false;
  return Boolean(pageUrl) || (blockedAt !== undefined && rendersAsPage(blockedAt));
}

/** A page the browser can open itself: a plain GET of HTML. */
export function rendersAsPage(request: RequestPlan): boolean {
  return request.accept === 'text/html' && (request.method ?? 'GET') === 'GET';
}

/**
 * The same store on the other platforms discovery found it on, in order, when its own platform
 * says the store or its menu is not there as expected (gone, changed, blocked). A passing
 * trouble (timeout, offline, asked to wait) is not a reason to read the store elsewhere: none.
 */
export function alternativeEntries(entry: RegistryEntry, error: unknown): RegistryEntry[] {
  const fallsBack =
    error instanceof ScrapeError &&
    (error.kind === 'not-found' || error.kind === 'schema-changed' || error.kind === 'blocked');
  if (!fallsBack || !entry.alternatives?.length) return [];
  const { menuUrl: _menu, transport: _transport, alternatives, ...store } = entry;
  return alternatives.map((alternative) => ({
    ...store,
    platform: alternative.platform,
    platformId: alternative.platformId,
    ...(alternative.menuUrl ? { menuUrl: alternative.menuUrl } : {}),
  }));
}

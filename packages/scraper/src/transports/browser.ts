import PQueue from 'p-queue';
import type { Browser, BrowserContext, Route } from 'playwright-core';
import { RetryableError, ScrapeError, ScrapeTimeoutError } from '../errors';
import type { OutboundGuard } from '../outbound/guard';
import { runInSlot } from '../politeness/queue-slot';
import { untilAborted } from '../politeness/until-aborted';

export interface BrowserOptions {
  executablePath: string;
  /** Stores in the browser at once, each with one page open at a time. */
  maxPages: number;
  /** Everything one store does in the browser, from the launch to the last payload. */
  storeTimeoutMs: number;
  /** Our honest User-Agent; it is appended to Chromium's own (see `session`). */
  userAgent: string;
  /** The addresses the page may reach, the same as for the http transport. */
  guard: OutboundGuard;
}

/**
 * Headless Chromium in a container: no sandbox (no user namespaces there), no GPU, and none of the
 * background traffic (updates, sync, field trials) a scraper has no business making. QUIC is off
 * so every request is one the response listeners see the same way.
 */
const CHROMIUM_ARGS = [
  '--headless',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
];

interface Launched {
  browser: Browser;
  userAgent: string;
}

/**
 * The browser transport's process side: one Chromium per process, launched on first use and
 * again after a crash, a bounded number of stores at once, a fresh context (cookies, storage) per
 * store, a hard timeout per store, and closed by `close()`.
 */
export class BrowserTransport {
  readonly #slots: PQueue;
  #launched: Promise<Launched> | null = null;
  #closed = false;

  constructor(private readonly options: BrowserOptions) {
    this.#slots = new PQueue({ concurrency: options.maxPages });
  }

  /**
   * Runs `work` for one store in a fresh context. `stop` aborts with `signal` or at the store's
   * timeout; the context is then closed, which ends whatever `work` was waiting on. Failures are
   * ScrapeErrors; an abort rejects with the signal's reason.
   */
  session<T>(
    signal: AbortSignal,
    work: (context: BrowserContext, stop: AbortSignal) => Promise<T>,
  ): Promise<T> {
    return runInSlot(this.#slots, signal, async () => {
      const { storeTimeoutMs } = this.options;
      const deadline = AbortSignal.timeout(storeTimeoutMs);
      const stop = AbortSignal.any([signal, deadline]);
      let context: BrowserContext | null = null;
      try {
        const { browser, userAgent } = await untilAborted(this.#browser(), stop);
        context = await browser.newContext({
          userAgent,
          locale: 'en-US',
          timezoneId: 'America/Chicago',
          // A service worker can answer the page's requests itself, out of the capture's sight.
          serviceWorkers: 'block',
        });
        // Playwright's own timeouts must never end a store before its own deadline does.
        context.setDefaultTimeout(storeTimeoutMs);
        await context.route('**/*', guardRequests(this.options.guard));
        return await untilAborted(work(context, stop), stop);
      } catch (error) {
        signal.throwIfAborted();
        if (deadline.aborted) {
          throw new ScrapeTimeoutError(`The browser did not finish within ${storeTimeoutMs} ms`);
        }
        if (error instanceof ScrapeError) throw error;
        throw new RetryableError(`The browser failed: ${firstLine(error)}`);
      } finally {
        await context?.close().catch(() => undefined);
      }
    });
  }

  /** Closes Chromium; stores still in the browser fail, and none start after this. */
  async close(): Promise<void> {
    this.#closed = true;
    const launched = this.#launched;
    this.#launched = null;
    await launched?.then(
      ({ browser }) => browser.close(),
      () => undefined,
    );
  }

  #browser(): Promise<Launched> {
    if (this.#closed) return Promise.reject(new RetryableError('The browser is shut down'));
    this.#launched ??= this.#launch().catch((error: unknown) => {
      this.#launched = null;
      throw error;
    });
    return this.#launched;
  }

  async #launch(): Promise<Launched> {
    // Loaded on the first store that needs the browser: most passes never do, and the library
    // alone costs a quarter of a second and tens of MB at start.
    const { chromium } = await import('playwright-core');
    const browser = await chromium.launch({
      executablePath: this.options.executablePath,
      args: CHROMIUM_ARGS,
      headless: true,
      timeout: this.options.storeTimeoutMs,
      // The service owns shutdown and closes the browser itself; Playwright still kills it if
      // the process exits first.
      handleSIGINT: false,
      handleSIGTERM: false,
      handleSIGHUP: false,
    });
    browser.on('disconnected', () => {
      if (!this.#closed) this.#launched = null;
    });
    return { browser, userAgent: `${await chromiumUserAgent(browser)} ${this.options.userAgent}` };
  }
}

/**
 * Lets a page's request through only where the http transport could go: http(s) to an address
 * the guard allows (each host resolved once per store), and the page's own data: and blob: URLs.
 * Everything else (file:, a private address, a name resolving to one) is aborted. Chromium then
 * resolves the name again itself; the guard's check at connect time is the http transport's.
 */
function guardRequests(guard: OutboundGuard): (route: Route) => Promise<void> {
  const verdicts = new Map<string, Promise<boolean>>();
  return async (route) => {
    const url = route.request().url();
    const scheme = url.slice(0, url.indexOf(':') + 1).toLowerCase();
    let allowed = scheme === 'data:' || scheme === 'blob:';
    if (scheme === 'http:' || scheme === 'https:') {
      const origin = new URL(url).origin;
      let verdict = verdicts.get(origin);
      if (!verdict) {
        verdict = guard.checkResolved(url).then(
          () => true,
          () => false,
        );
        verdicts.set(origin, verdict);
      }
      allowed = await verdict;
    }
    await (allowed ? route.fallback() : route.abort('blockedbyclient')).catch(() => undefined);
  };
}

/**
 * Chromium's own User-Agent. Ours goes after it rather than instead of it: sites still see which
 * browser renders them, and also who runs it and how to reach us.
 */
async function chromiumUserAgent(browser: Browser): Promise<string> {
  const session = await browser.newBrowserCDPSession();
  try {
    return (await session.send('Browser.getVersion')).userAgent;
  } finally {
    await session.detach();
  }
}

function firstLine(error: unknown): string {
  return (error instanceof Error ? error.message : String(error)).split('\n')[0] ?? '';
}

import type { BrowserContext, Page, Request, Response } from 'playwright-core';
import type { PageEvidence, PageRequest } from '../discovery/detect-source';
import { BlockedError, RetryableError, SchemaChangedError } from '../errors';
import type { RawPayload } from '../parsing/parse-job';
import { passAgeGate } from './age-gate';
import { isBotCheck, isChallengeRunning } from './bot-check';
import { captureJson, isJson, type CaptureLimits } from './capture';
import { judgeStatus } from './classify';
import { watchNetwork, type NetworkWatch } from './network-quiet';

/** How long a bot-check page may take to run its script and move on to the real page. */
const CHALLENGE_WAIT_MS = 15_000;
/**
 * How long a page that has gone idle without loading any JSON is still given to start loading its
 * menu: a slow script (a busy machine, a heavy page) can leave the network idle before it asks.
 */
const LATE_MENU_MS = 5_000;

/**
 * Opens the store's page as a visitor would and keeps the JSON responses it receives (among them
 * Dutchie's GraphQL, Jane's Algolia, ...), once the page has passed its age gate and gone idle.
 */
export async function captureFromPage(
  context: BrowserContext,
  url: string,
  limits: CaptureLimits,
  stop: AbortSignal,
): Promise<RawPayload[]> {
  const capture = captureJson(limits);
  const { page, network } = await visit(context, url, stop, capture.onResponse);
  if (capture.seen() === 0) {
    const late = await page
      .waitForResponse((response) => isJson(response), { timeout: LATE_MENU_MS })
      .then(
        () => true,
        () => false,
      );
    if (late) await network.quiet(stop);
  }
  const received = await capture.received();
  if (isBotCheck(await documentHtml(page), 'html')) {
    throw new BlockedError(`${new URL(url).host} still shows a bot check in the browser`);
  }
  await page.close();
  // Zero deals from a page that loaded no menu would wipe the store's last good deals.
  if (received.length === 0) {
    throw new RetryableError(`${new URL(url).host} loaded no menu data in the browser`);
  }
  return received;
}

/** Requests of a page kept as evidence at most, and the bytes of a POST body kept of each. */
const MAX_REQUESTS_KEPT = 500;
const MAX_POST_BYTES = 4_096;

/**
 * Opens a store's own website as a visitor would (bot check, age gate, idle) and keeps what shows
 * which menu it embeds: its HTML (cut to `maxBytes`), its frames, and the requests it and its
 * frames made (with Sweed's `storeid` header and the start of POST bodies). Reading them is the
 * parsing thread's job (`detectMenuSource`).
 */
export async function inspectPage(
  context: BrowserContext,
  url: string,
  maxBytes: number,
  stop: AbortSignal,
): Promise<PageEvidence> {
  const requests: PageRequest[] = [];
  const { page } = await visit(context, url, stop, undefined, (request) => {
    if (requests.length >= MAX_REQUESTS_KEPT) return;
    const storeId = request.headers().storeid;
    const body = request.postData()?.slice(0, MAX_POST_BYTES);
    requests.push({
      url: request.url().slice(0, 2048),
      frameUrl: frameUrlOf(request),
      ...(storeId ? { storeId: storeId.slice(0, 40) } : {}),
      ...(body ? { body } : {}),
    });
  });
  const html = (await documentHtml(page)).slice(0, maxBytes);
  if (isBotCheck(html, 'html')) {
    throw new BlockedError(`${new URL(url).host} still shows a bot check in the browser`);
  }
  const evidence: PageEvidence = {
    url: page.url(),
    html,
    frames: page.frames().map((frame) => frame.url().slice(0, 2048)),
    requests,
  };
  await page.close();
  return evidence;
}

function frameUrlOf(request: Request): string {
  try {
    return request.frame().url().slice(0, 2048);
  } catch {
    // A service worker's request has no frame.
    return '';
  }
}

/**
 * A document (a directory's JSON answer) opened as a visitor's navigation, so that a bot check in
 * front of it runs and passes as it would for them: the final document's bytes.
 */
export async function fetchDocument(
  context: BrowserContext,
  url: string,
  maxBytes: number,
  stop: AbortSignal,
): Promise<Uint8Array> {
  let body: Promise<Buffer | null> = Promise.resolve(null);
  const { page } = await visit(context, url, stop, (response) => {
    const request = response.request();
    const topLevel = request.isNavigationRequest() && request.frame().parentFrame() === null;
    if (topLevel && response.status() < 300) body = response.body().catch(() => null);
  });
  const bytes = await body;
  await page.close();
  const host = new URL(url).host;
  if (!bytes) throw new BlockedError(`${host} gave the browser no document`);
  if (bytes.byteLength > maxBytes) {
    throw new SchemaChangedError(`${host} answered over ${maxBytes} bytes`);
  }
  return bytes;
}

/** The page's HTML as the browser rendered it, past its bot check and age gate. */
export async function renderHtml(
  context: BrowserContext,
  url: string,
  stop: AbortSignal,
): Promise<string> {
  const { page } = await visit(context, url, stop);
  const html = await documentHtml(page);
  if (isBotCheck(html, 'html')) {
    throw new BlockedError(`${new URL(url).host} still shows a bot check in the browser`);
  }
  await page.close();
  return html;
}

/**
 * Navigates a new page to `url` and waits until it is idle, gives a challenge page the time to run
 * its script and move on, clicks through the age gate, and waits until idle again. Throws when the
 * document it ends on answered an error status.
 */
async function visit(
  context: BrowserContext,
  url: string,
  stop: AbortSignal,
  onResponse?: (response: Response) => void,
  onRequest?: (request: Request) => void,
): Promise<{ page: Page; network: NetworkWatch }> {
  const page = await context.newPage();
  if (onRequest) page.on('request', onRequest);
  const network = watchNetwork(page);
  let lastDocument: Response | null = null;
  page.on('response', (response) => {
    const status = response.status();
    if (isMainDocument(page, response) && (status < 300 || status >= 400)) lastDocument = response;
  });
  if (onResponse) page.on('response', onResponse);
  // 'commit' rather than 'load': a challenge page reloads itself, which would break a wait for
  // its load; the idle wait that follows sees the reload through.
  await page.goto(url, { waitUntil: 'commit' });
  await network.quiet(stop);
  if (isChallengeRunning(await documentHtml(page))) {
    const moved = await page
      .waitForEvent('framenavigated', {
        predicate: (frame) => frame === page.mainFrame(),
        timeout: CHALLENGE_WAIT_MS,
      })
      .then(
        () => true,
        () => false,
      );
    if (moved) await network.quiet(stop);
  }
  if (await passAgeGate(page)) await network.quiet(stop);
  else if (await pastReload(page)) {
    // The gate may belong to a document still loading (a challenge's reload on a busy machine).
    if (await passAgeGate(page)) await network.quiet(stop);
  }
  throwOnErrorStatus(lastDocument, url);
  return { page, network };
}

/** Waits for the document to finish loading; whether it had not yet (so a second look is due). */
async function pastReload(page: Page): Promise<boolean> {
  // A string, so that it runs in the page: this package has no DOM typings.
  const loading = await page
    .evaluate<boolean>("document.readyState !== 'complete'")
    .catch(() => true);
  if (loading) await page.waitForLoadState('load').catch(() => undefined);
  return loading;
}

function isMainDocument(page: Page, response: Response): boolean {
  const request = response.request();
  return request.isNavigationRequest() && request.frame() === page.mainFrame();
}

/** A document answered with 4xx/5xx, as the http transport would classify it. */
function throwOnErrorStatus(document: Response | null, url: string): void {
  if (!document) return;
  const verdict = judgeStatus(
    document.status(),
    new Headers(document.headers()),
    new URL(url).host,
    Date.now(),
  );
  if (verdict.kind === 'fail') throw verdict.error;
  if (verdict.kind === 'retry') throw new RetryableError(`${verdict.reason} to the browser`);
}

/**
 * page.content(), asked again while the page is mid-navigation: a challenge page reloads itself,
 * sometimes twice, and on a busy machine the reload can start after the first quiet period.
 */
async function documentHtml(page: Page): Promise<string> {
  for (let attempt = 1; ; attempt++) {
    try {
      return await page.content();
    } catch (error) {
      if (attempt >= 5) throw error;
      // The navigation that broke the read may not have committed yet: give it a moment first.
      await new Promise((settle) => setTimeout(settle, 250));
      await page.waitForLoadState('domcontentloaded');
    }
  }
}

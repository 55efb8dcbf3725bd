// The page's service worker. Plain JavaScript, served as it is (not bundled). It does two jobs:
//
// 1. Offline copies. It keeps the page's shell (the page's HTML, the built scripts and stylesheet
//    of that version, its icons and images) and the last answer of each service call the page
//    needs to draw its list (the ping, the status, the dispensaries and the deals lists). The
//    network always comes first for the page and the service's answers: whatever the network
//    answers, an error status included, is what the page gets (and a 2xx answer is saved). Only
//    when the network fails does the page get the saved copy, marked with the `x-offline-copy`
//    header: when it was saved, as an ISO time. The built scripts, whose names change with their
//    contents, are served from the copy first. The page asks which of its answers came from a copy
//    ('copies-served') to say how old its deals are, and hands over the calls it made before this
//    worker was there ('keep'), so that the first visit is enough to open the page offline.
//
// 2. Push messages for a followed search or a watched product: it shows them and opens the page
//    on that search when one is clicked. A message is JSON: { title, body, url, tag } (see the
//    service's push messages). Whatever it holds, a notification shows plain text, bounded, and a
//    click opens only a page of this origin.

// ---- Offline copies ------------------------------------------------------------------------

/** Bumped when what a cache holds changes shape: the activation drops the other versions. */
const SHELL_CACHE = 'stl-deals-shell-v1'; // the page's HTML and its built files (/assets/)
const FILES_CACHE = 'stl-deals-files-v1'; // icons, images, logos, the manifest
const ANSWERS_CACHE = 'stl-deals-answers-v1'; // the service's answers
const OWN_CACHES = [SHELL_CACHE, FILES_CACHE, ANSWERS_CACHE];
const CACHE_PREFIX = 'stl-deals-';

const OFFLINE_COPY_HEADER = 'x-offline-copy';
/** The saved body's size in bytes, for the answers' size cap (never read by the page). */
const SIZE_HEADER = 'x-offline-copy-bytes';

/** The service's answers the page needs to draw its list; each kept per URL (its query too). */
const KEPT_ANSWERS = [
  '/api/monitoring/scraper/ping',
  '/api/monitoring/scraper/status',
  '/api/scraper/dispensaries',
  '/api/reactive/deals',
];
/** The bounds of what is kept: an answer larger than this is not saved, and all of them together
 * stay under the total (the oldest saved go first). The whole list of deals is a few MB. */
const MAX_ANSWER_BYTES = 16 * 1024 * 1024;
const MAX_ANSWERS_BYTES = 32 * 1024 * 1024;
const MAX_ANSWERS = 24;
/** Icons, category images and logos: the least recently saved go first. */
const MAX_FILES = 120;
/** The static files the page shows, outside the built ones. */
const STATIC_FILE = /\.(?:svg|png|ico|webp|jpg|webmanifest|woff2?)$/;

/** The page's own address: the one screen, whatever its query (the filters) says. */
const SHELL_KEY = '/';

/**
 * For each page (client id), the answers it was last given from a copy, by URL, with when that
 * copy was saved (ms, this worker's clock). A network answer for the same URL ends the entry.
 * Held in memory only: a worker stopped and started again forgets, and the page then tells no age.
 */
const servedCopies = new Map();
const MAX_PAGES_REMEMBERED = 32;

/** What a same-origin GET is to this worker, or null when it leaves the request to the browser. */
function kindOf(request) {
  if (request.method !== 'GET') return null;
  const url = new URL(request.url);
  if (url.origin !== self.location.origin) return null;
  if (request.mode === 'navigate') return url.pathname === SHELL_KEY ? 'shell' : null;
  if (url.pathname.startsWith('/assets/')) return 'built';
  if (KEPT_ANSWERS.includes(url.pathname)) return 'answer';
  if (!url.pathname.startsWith('/api/') && STATIC_FILE.test(url.pathname)) return 'file';
  return null;
}

self.addEventListener('fetch', (event) => {
  const kind = kindOf(event.request);
  if (kind === 'shell') event.respondWith(networkFirst(event, SHELL_CACHE, SHELL_KEY));
  else if (kind === 'answer') event.respondWith(networkFirst(event, ANSWERS_CACHE));
  else if (kind === 'file') event.respondWith(networkFirst(event, FILES_CACHE));
  else if (kind === 'built') event.respondWith(savedFirst(event));
});

/**
 * The network's answer, whatever its status; a 2xx one is saved (under `key`, else its URL).
 * Only when the network fails, the saved copy, if there is one; else the failure stands.
 */
async function networkFirst(event, cacheName, key = event.request.url) {
  const { request, clientId } = event;
  let response;
  try {
    response = await fetch(request);
  } catch (failure) {
    const saved = await caches.match(key, { cacheName });
    if (!saved) throw failure;
    if (cacheName === ANSWERS_CACHE) rememberCopy(clientId, request.url, saved);
    return saved;
  }
  if (cacheName === ANSWERS_CACHE) forgetCopy(clientId, request.url);
  if (response.ok) {
    event.waitUntil(
      save(cacheName, key, response.clone()).then(() =>
        key === SHELL_KEY ? keepShellFiles() : undefined,
      ),
    );
  }
  return response;
}

/** A built file (its name changes with its contents): the copy, else the network's, saved. */
async function savedFirst(event) {
  const saved = await caches.match(event.request.url, { cacheName: SHELL_CACHE });
  if (saved) return saved;
  const response = await fetch(event.request);
  if (response.ok) {
    event.waitUntil(save(SHELL_CACHE, event.request.url, response.clone()));
  }
  return response;
}

/**
 * Saves `response` under `key` with the time it is saved; a later save of the same key replaces
 * it. Only what the copy needs is kept of the headers (the body is stored decoded, so its
 * encoding and length no longer apply). A failure to save (storage full) loses only the copy.
 */
async function save(cacheName, key, response) {
  try {
    const body = await response.arrayBuffer();
    if (cacheName === ANSWERS_CACHE && body.byteLength > MAX_ANSWER_BYTES) return;
    const headers = new Headers({
      [OFFLINE_COPY_HEADER]: new Date().toISOString(),
      [SIZE_HEADER]: String(body.byteLength),
    });
    const type = response.headers.get('content-type');
    if (type) headers.set('content-type', type);
    const cache = await caches.open(cacheName);
    await cache.put(key, new Response(body, { status: response.status, headers }));
    if (cacheName === ANSWERS_CACHE) await boundAnswers(cache);
    if (cacheName === FILES_CACHE) await boundFiles(cache);
  } catch (error) {
    console.warn('The service worker could not save a copy of', key, error);
  }
}

/** The answers' caps: the least recently saved go first (a save puts its URL last). */
async function boundAnswers(cache) {
  const keys = await cache.keys();
  const sizes = await Promise.all(
    keys.map(async (key) => Number((await cache.match(key))?.headers.get(SIZE_HEADER)) || 0),
  );
  let total = sizes.reduce((sum, size) => sum + size, 0);
  for (let i = 0, count = keys.length; i < keys.length - 1; i++) {
    if (total <= MAX_ANSWERS_BYTES && count <= MAX_ANSWERS) break;
    await cache.delete(keys[i]);
    total -= sizes[i];
    count--;
  }
}

async function boundFiles(cache) {
  const keys = await cache.keys();
  for (const key of keys.slice(0, Math.max(0, keys.length - MAX_FILES))) await cache.delete(key);
}

/**
 * The built files of the saved page, and only those: the scripts and stylesheet its HTML names,
 * and the chunks those scripts import (`import("./name.js")`, `from "./name.js"`), found by
 * reading them. Missing ones are fetched now, so that the page's on-demand parts open offline
 * too; those of an earlier version of the page are dropped. A chunk this reading misses is still
 * saved when the page loads it.
 */
async function keepShellFiles() {
  const cache = await caches.open(SHELL_CACHE);
  const page = await cache.match(SHELL_KEY);
  if (!page) return;
  const wanted = new Set();
  const queue = referencedFiles(await page.text(), /(?:src|href)="(\/assets\/[^"]+)"/g, '/');
  while (queue.length > 0) {
    const url = queue.shift();
    if (wanted.has(url)) continue;
    wanted.add(url);
    let file = await cache.match(url);
    if (!file) {
      const response = await fetch(url).catch(() => null);
      if (!response || !response.ok) continue;
      await save(SHELL_CACHE, url, response.clone());
      file = response;
    }
    if (url.endsWith('.js')) {
      queue.push(
        ...referencedFiles(await file.text(), /["'`]\.\/([\w.-]+\.(?:js|css))["'`]/g, url),
      );
    }
  }
  for (const key of await cache.keys()) {
    if (new URL(key.url).pathname.startsWith('/assets/') && !wanted.has(key.url)) {
      await cache.delete(key);
    }
  }
}

/** The absolute URLs `pattern`'s first group names in `text`, relative to `base`. */
function referencedFiles(text, pattern, base) {
  return [...text.matchAll(pattern)].map(
    (match) => new URL(match[1], new URL(base, self.location.origin)).href,
  );
}

function rememberCopy(clientId, url, saved) {
  if (!clientId) return;
  const savedAt = Date.parse(saved.headers.get(OFFLINE_COPY_HEADER) ?? '');
  if (!Number.isFinite(savedAt)) return;
  let copies = servedCopies.get(clientId);
  if (!copies) {
    if (servedCopies.size >= MAX_PAGES_REMEMBERED) {
      servedCopies.delete(servedCopies.keys().next().value);
    }
    copies = new Map();
    servedCopies.set(clientId, copies);
  }
  copies.set(url, savedAt);
}

function forgetCopy(clientId, url) {
  servedCopies.get(clientId)?.delete(url);
}

/**
 * The page's questions (see the page's offline-copies module):
 * - 'copies-served': which of its answers came from a copy, and how old each copy is (ms, so that
 *   the page can place it on its own clock): { copies: [{ path, ageMs }] } on the given port.
 * - 'keep': the URLs the page loaded before this worker controlled it; the kept ones are fetched
 *   and saved (the answers' ETags make that cheap), then { kept } on the port, if one is given.
 */
self.addEventListener('message', (event) => {
  const data = event.data;
  const port = event.ports && event.ports[0];
  if (!data || typeof data !== 'object') return;
  if (data.type === 'copies-served' && port && event.source) {
    const now = Date.now();
    const copies = [...(servedCopies.get(event.source.id) ?? new Map())].map(([url, savedAt]) => {
      const { pathname, search } = new URL(url);
      return { path: pathname + search, ageMs: Math.max(0, now - savedAt) };
    });
    port.postMessage({ copies });
  } else if (data.type === 'keep' && Array.isArray(data.urls)) {
    event.waitUntil(
      keepLoaded(data.urls.slice(0, 500)).then((kept) => port && port.postMessage({ kept })),
    );
  }
});

async function keepLoaded(urls) {
  let kept = 0;
  for (const value of new Set(urls)) {
    if (typeof value !== 'string') continue;
    let request;
    try {
      request = new Request(value);
    } catch {
      continue;
    }
    const kind = kindOf(request);
    const cacheName = kind === 'answer' ? ANSWERS_CACHE : kind === 'file' ? FILES_CACHE : null;
    if (!cacheName) continue;
    // An answer is fetched again (the page just drew from it); a file is saved once.
    if (kind === 'file' && (await caches.match(request.url, { cacheName }))) continue;
    const response = await fetch(request).catch(() => null);
    if (!response || !response.ok) continue;
    await save(cacheName, request.url, response);
    kept++;
  }
  return kept;
}

/** The shell is saved as the worker installs; offline, the install still succeeds (for push). */
async function saveShell() {
  try {
    const response = await fetch(SHELL_KEY);
    if (!response.ok) return;
    await save(SHELL_CACHE, SHELL_KEY, response);
    await keepShellFiles();
  } catch (error) {
    console.warn('The service worker could not save the page', error);
  }
}

self.addEventListener('install', (event) => {
  event.waitUntil(saveShell().then(() => self.skipWaiting()));
});

self.addEventListener('activate', (event) => {
  event.waitUntil(
    caches
      .keys()
      .then((names) =>
        Promise.all(
          names
            .filter((name) => name.startsWith(CACHE_PREFIX) && !OWN_CACHES.includes(name))
            .map((name) => caches.delete(name)),
        ),
      )
      .then(() => self.clients.claim()),
  );
});

// ---- Push messages ---------------------------------------------------------------------------

const MAX_TITLE = 120;
const MAX_BODY = 300;

/** The message's fields, or a plain fallback: a push that says nothing useful still shows. */
function readMessage(data) {
  let message = {};
  try {
    message = data ? data.json() : {};
  } catch {
    message = {};
  }
  const text = (value, max) => (typeof value === 'string' ? value.slice(0, max) : '');
  return {
    title: text(message.title, MAX_TITLE) || 'New deals for a search you follow',
    body: text(message.body, MAX_BODY),
    url: samePageUrl(message.url),
    tag: text(message.tag, 100) || undefined,
  };
}

/** The page's URL for `value` when it is a path or URL of this origin; the page itself otherwise. */
function samePageUrl(value) {
  const origin = self.location.origin;
  try {
    const url = new URL(typeof value === 'string' ? value : '/', origin);
    return url.origin === origin ? url.href : `${origin}/`;
  } catch {
    return `${origin}/`;
  }
}

self.addEventListener('push', (event) => {
  const message = readMessage(event.data);
  event.waitUntil(
    self.registration.showNotification(message.title, {
      body: message.body,
      tag: message.tag,
      icon: '/favicon.svg',
      data: { url: message.url },
    }),
  );
});

self.addEventListener('notificationclick', (event) => {
  event.notification.close();
  const url = samePageUrl(event.notification.data && event.notification.data.url);
  event.waitUntil(
    self.clients.matchAll({ type: 'window', includeUncontrolled: true }).then((windows) => {
      const open = windows.find((client) => client.url === url && 'focus' in client);
      return open ? open.focus() : self.clients.openWindow(url);
    }),
  );
});

// The page's service worker: it only shows the service's push messages for a followed search and
// opens the page on that search when one is clicked. It caches nothing (the page is not offline
// first; the service's own answers say how fresh they are).
//
// A message is JSON: { title, body, url, tag } (see the service's push messages). Whatever it
// holds, a notification shows plain text, bounded, and a click opens only a page of this origin.

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

self.addEventListener('install', () => {
  self.skipWaiting();
});

self.addEventListener('activate', (event) => {
  event.waitUntil(self.clients.claim());
});

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

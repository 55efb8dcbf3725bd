import {
  askServiceWorker,
  registerServiceWorker,
  serviceWorkerSupported,
} from '../../../shared/service-worker';
import { copiesServed, dealsCallOf, LIST_CALLS } from '../model/offline-copy';

// The page's side of the service worker's offline copies (public/sw.js): the worker keeps the
// page and the last answers the page drew its list from, and gives them when the network fails.

/**
 * Registers the page's service worker, when this browser can run it. A page the worker did not
 * control as it loaded (the first visit, or a new worker) made its calls without it: the worker
 * is handed those its list was drawn from (the deals of `selections`, 'all' or dispensaries'
 * keys) to keep copies of, so that the next visit opens offline.
 */
export async function keepOfflineCopies(selections: readonly string[]): Promise<void> {
  if (!serviceWorkerSupported()) return;
  const controlled = navigator.serviceWorker.controller !== null;
  const registration = await registerServiceWorker();
  if (controlled) return;
  await navigator.serviceWorker.ready;
  const urls = [...LIST_CALLS, ...selections.map(dealsCallOf)];
  registration.active?.postMessage({ type: 'keep', urls });
}

/**
 * Which of this page's answers its service worker gave from its copies, by the call's path, with
 * when each copy was saved (on the page's clock); empty when no worker controls the page.
 */
export async function offlineCopiesServed(now: () => number): Promise<Map<string, number>> {
  const worker = serviceWorkerSupported() ? navigator.serviceWorker.controller : null;
  if (!worker) return new Map();
  const answer = await askServiceWorker(worker, { type: 'copies-served' });
  return copiesServed(answer, now());
}

/**
 * The page's one service worker (public/sw.js): its offline copies and its push messages share
 * it, registered with the same script and scope wherever it is asked for.
 */
export const SERVICE_WORKER_URL = '/sw.js';

/** Whether this browser can run the page's service worker here (a secure context). */
export function serviceWorkerSupported(): boolean {
  return 'serviceWorker' in navigator && window.isSecureContext;
}

export function registerServiceWorker(): Promise<ServiceWorkerRegistration> {
  return navigator.serviceWorker.register(SERVICE_WORKER_URL, { scope: '/' });
}

/**
 * `message` to `worker`, and its answer on a channel of their own; null when the worker does not
 * answer within `timeoutMs` (a worker of another version may not know the question).
 */
export function askServiceWorker(
  worker: ServiceWorker,
  message: unknown,
  timeoutMs = 5_000,
): Promise<unknown> {
  return new Promise((resolve) => {
    const channel = new MessageChannel();
    const timer = setTimeout(() => {
      channel.port1.close();
      resolve(null);
    }, timeoutMs);
    channel.port1.onmessage = (event: MessageEvent) => {
      clearTimeout(timer);
      channel.port1.close();
      resolve(event.data);
    };
    worker.postMessage(message, [channel.port2]);
  });
}

/**
 * The browser's side of following a search or watching a product with Web Push: the page's
 * service worker, the browser's push subscription with the service's VAPID key, and the service's
 * subscription endpoints (`GET /api/push/key`, `POST /api/push/subscriptions`, `DELETE
 * /api/push/subscriptions/{id}` with its token as a bearer credential).
 */

import { registerServiceWorker } from '../../../shared/service-worker';

/** Why this browser cannot be notified, in the visitor's words; null when it can. */
export function pushUnavailable(): string | null {
  if (!('serviceWorker' in navigator) || !('PushManager' in window)) {
    return 'This browser cannot show notifications from a web page. The feed link works in any feed reader.';
  }
  if (!window.isSecureContext) return 'Notifications need a secure (https) connection.';
  if (Notification.permission === 'denied') {
    return 'Notifications are blocked for this site. Allow them in the browser’s site settings, then try again.';
  }
  return null;
}

/** A failure the dialog shows as it is. */
export class FollowError extends Error {}

const TIMEOUT_MS = 20_000;

/** A call to the service; a refusal throws `FollowError` with the service's own message. */
export async function serviceCall(path: string, init: RequestInit = {}): Promise<Response> {
  let response: Response;
  try {
    response = await fetch(path, { ...init, signal: AbortSignal.timeout(TIMEOUT_MS) });
  } catch {
    throw new FollowError('The service did not answer. Try again in a moment.');
  }
  if (!response.ok) {
    const answer = (await response.json().catch(() => null)) as { message?: unknown } | null;
    const message = typeof answer?.message === 'string' ? answer.message.slice(0, 200) : '';
    throw new FollowError(message || `The service refused (${response.status}). Try again later.`);
  }
  return response;
}

/** Subscribes this browser to `search`'s new deals; resolves with what stopping it needs. */
export function followWithPush(search: string): Promise<{ id: string; token: string }> {
  return subscribe({ search });
}

/** A product watched: its key across stores, and the price per item it must be at or below. */
export interface WatchedTarget {
  key: string;
  /** Dollars; undefined: any price on deal. */
  atMost?: number;
}

/** Subscribes this browser to one product's deals; resolves with what stopping it needs. */
export function watchWithPush(product: WatchedTarget): Promise<{ id: string; token: string }> {
  return subscribe({ product });
}

async function subscribe(
  what: { search: string } | { product: WatchedTarget },
): Promise<{ id: string; token: string }> {
  if ((await Notification.requestPermission()) !== 'granted') {
    throw new FollowError('Notifications were not allowed, so none can be sent.');
  }
  const registration = await registerServiceWorker();
  await navigator.serviceWorker.ready;
  const key = (await (await serviceCall('/api/push/key')).json()) as { publicKey?: unknown };
  if (typeof key.publicKey !== 'string') throw new FollowError('The service sent no push key.');
  let subscription: PushSubscription;
  try {
    subscription = await registration.pushManager.subscribe({
      userVisibleOnly: true,
      applicationServerKey: base64UrlBytes(key.publicKey),
    });
  } catch {
    throw new FollowError('This browser’s push service could not be reached. Try again later.');
  }
  const answer = await serviceCall('/api/push/subscriptions', {
    method: 'POST',
    headers: { 'Content-Type': 'application/json' },
    body: JSON.stringify({ subscription: subscription.toJSON(), ...what }),
  });
  const { id, token } = (await answer.json()) as { id?: unknown; token?: unknown };
  if (typeof id !== 'string' || typeof token !== 'string') {
    throw new FollowError('The service’s answer could not be read.');
  }
  return { id, token };
}

/** Stops one followed search's or watched product's notifications at the service. */
export async function stopFollowing(id: string, token: string): Promise<void> {
  await serviceCall(`/api/push/subscriptions/${encodeURIComponent(id)}`, {
    method: 'DELETE',
    headers: { Authorization: `Bearer ${token}` },
  });
}

function base64UrlBytes(text: string): Uint8Array<ArrayBuffer> {
  const base64 = text.replace(/-/g, '+').replace(/_/g, '/');
  const binary = atob(base64 + '='.repeat((4 - (base64.length % 4)) % 4));
  const bytes = new Uint8Array(new ArrayBuffer(binary.length));
  for (let index = 0; index < binary.length; index += 1) bytes[index] = binary.charCodeAt(index);
  return bytes;
}

import { createECDH } from 'node:crypto';
import { z } from 'zod';
import { productQuery, readProductWatch } from './product-watch';
import { endpointRefusal } from './push-services';

/** The longest endpoint and search taken (the store's bound on both). */
export const MAX_ENDPOINT = 2048;
export const MAX_SEARCH = 2048;

const Base64Url = z.string().regex(/^[A-Za-z0-9_-]+={0,2}$/, 'must be base64url');

/**
 * A browser's `PushSubscription.toJSON()`: its push service's endpoint and the keys a message is
 * encrypted to (RFC 8291). Unknown fields are dropped; the keys are checked by what they decode to.
 */
const SubscriptionJson = z.object({
  endpoint: z.string().min(1).max(MAX_ENDPOINT),
  expirationTime: z.number().nonnegative().max(8.64e15).nullable().optional(),
  keys: z.object({
    p256dh: Base64Url.max(200),
    auth: Base64Url.max(200),
  }),
});

/** A product watch as a request asks for it (see `readProductWatch`). */
export const ProductWatchBody = z.object({
  key: z.string().min(1).max(200).describe("The product's key across stores (`productKey`)."),
  atMost: z
    .number()
    .positive()
    .max(1_000_000)
    .optional()
    .describe('Told of deals at or below this price per item (dollars); absent: any price.'),
});

/** The body of `POST /api/push/subscriptions`, as the OpenAPI document shows it. */
export const NewSubscriptionBody = z.object({
  subscription: SubscriptionJson,
  search: z
    .string()
    .max(MAX_SEARCH)
    .default('')
    .describe("The page's URL query of the followed search, e.g. 'category=flower&search=zebra'."),
  product: ProductWatchBody.optional().describe(
    'Watch one product instead of a search: its key across stores, at or below a price.',
  ),
});

/** A subscription as the service keeps it: what sending needs, base64url without padding. */
export interface SubscriptionRequest {
  endpoint: string;
  p256dh: string;
  auth: string;
  /** The page's query without '?', as the browser sent it (its follows are keyed by it). */
  search: string;
  /** When the browser said the subscription ends; null: it did not say. */
  expiresAt: Date | null;
  /** A product watch (its `search` is then the product's query); null: a search's. */
  productKey: string | null;
  atMostCents: number | null;
}

/** Whether `key` is a point of P-256 in its uncompressed form (65 bytes), as RFC 8291 wants. */
function isP256Point(key: Buffer): boolean {
  if (key.length !== 65 || key[0] !== 0x04) return false;
  try {
    // Refuses a point off the curve, which no browser would send.
    const ecdh = createECDH('prime256v1');
    ecdh.generateKeys();
    ecdh.computeSecret(key);
    return true;
  } catch {
    return false;
  }
}

/**
 * The subscription a checked body asks for, or why it is refused (the client's words): an
 * endpoint on a push service of `pushHosts` (see `endpointRefusal`), keys that decode to a P-256
 * point and a 16-byte secret, and a search that is a URL query as the page writes it.
 */
export function readSubscriptionRequest(
  body: z.infer<typeof NewSubscriptionBody>,
  pushHosts: readonly string[],
): SubscriptionRequest | string {
  const { endpoint, keys, expirationTime } = body.subscription;
  const refusal = endpointRefusal(endpoint, pushHosts);
  if (refusal !== null) return refusal;
  // As a browser writes it (WHATWG's serialization): the host the allow-list judged is then the
  // one any URL parser, web-push's included, reads from it.
  if (new URL(endpoint).href !== endpoint) {
    return 'The subscription’s endpoint is not a URL as browsers write it.';
  }
  const p256dh = Buffer.from(keys.p256dh, 'base64url');
  if (!isP256Point(p256dh)) return 'The subscription’s p256dh key is not a P-256 public key.';
  const auth = Buffer.from(keys.auth, 'base64url');
  if (auth.length !== 16) return 'The subscription’s auth secret is not 16 bytes.';
  const pair = { p256dh: p256dh.toString('base64url'), auth: auth.toString('base64url') };
  const expiresAt = typeof expirationTime === 'number' ? new Date(expirationTime) : null;
  if (body.product !== undefined) {
    const watch = readProductWatch(body.product);
    if (typeof watch === 'string') return watch;
    return { endpoint, ...pair, search: productQuery(watch.productKey), expiresAt, ...watch };
  }
  const search = readPageQuery(body.search);
  if (search === null) return 'The search must be the page’s URL query, as the page writes it.';
  return { endpoint, ...pair, search, expiresAt, productKey: null, atMostCents: null };
}

/**
 * A search as the page writes its URL query, without '?'; null when the page could not have
 * written it (a fragment, raw spaces or controls, stray escapes): the page uses URLSearchParams.
 */
export function readPageQuery(query: string): string | null {
  const search = query.startsWith('?') ? query.slice(1) : query;
  return new URLSearchParams(search).toString() === search ? search : null;
}

import type { NewPushSubscription, PushKeys, PushOutcome } from './repository';
import { LIMITS, MAX_MONEY } from '@stl-deals/domain';
import { checkCount, isoFromText } from './input-checks';

/*
 * What every engine checks of a push subscription before writing it: the shapes the columns
 * promise (bounded text, https endpoints, ISO times), so that a caller's mistake is a clear error
 * and no row holds what a sender could not use. Whether an endpoint's host may be reached is the
 * service's rule, not the store's.
 */

const MAX_ID = 100;
const MAX_URL = 2048;
const MAX_KEY = 200;
const BASE64URL = /^[A-Za-z0-9_-]+$/;
const MAX_PRODUCT_KEY = LIMITS.shortText;
const MAX_CENTS = MAX_MONEY * 100;

export function boundedText(value: string, max: number, what: string): string {
  if (typeof value !== 'string' || value.length === 0 || value.length > max) {
    throw new RangeError(`${what} must be 1 to ${max} characters`);
  }
  return value;
}

export function base64Url(value: string, max: number, what: string): string {
  boundedText(value, max, what);
  if (!BASE64URL.test(value)) throw new RangeError(`${what} must be base64url`);
  return value;
}

/** A subscription's id, as the store keys it. */
export function checkSubscriptionId(id: string): string {
  return base64Url(id, MAX_ID, 'A push subscription id');
}

export function checkNewSubscription(subscription: NewPushSubscription): NewPushSubscription {
  const what = 'A push subscription';
  const endpoint = boundedText(subscription.endpoint, MAX_URL, `${what}'s endpoint`);
  if (!URL.canParse(endpoint) || new URL(endpoint).protocol !== 'https:') {
    throw new RangeError(`${what}'s endpoint must be an https URL`);
  }
  const search = subscription.search;
  if (typeof search !== 'string' || search.length > MAX_URL) {
    throw new RangeError(`${what}'s search must be at most ${MAX_URL} characters`);
  }
  return {
    id: checkSubscriptionId(subscription.id),
    tokenHash: base64Url(subscription.tokenHash, MAX_KEY, `${what}'s token hash`),
    endpoint,
    p256dh: base64Url(subscription.p256dh, MAX_KEY, `${what}'s p256dh key`),
    auth: base64Url(subscription.auth, MAX_KEY, `${what}'s auth secret`),
    search,
    createdAt: isoFromText(subscription.createdAt, `${what}'s createdAt`),
    expiresAt:
      subscription.expiresAt === null
        ? null
        : isoFromText(subscription.expiresAt, `${what}'s expiresAt`),
    productKey: checkProductKey(subscription.productKey ?? null, `${what}'s product key`),
    atMostCents: checkCents(subscription.atMostCents ?? null, `${what}'s target price`),
  };
}

/** A product's key across stores (the contract's short text), or null. */
export function checkProductKey(key: string | null, what: string): string | null {
  return key === null ? null : boundedText(key, MAX_PRODUCT_KEY, what);
}

/** A price in whole cents up to the contract's largest amount, or null. */
export function checkCents(cents: number | null, what: string): number | null {
  if (cents === null) return null;
  if (!Number.isSafeInteger(cents) || cents < 0 || cents > MAX_CENTS) {
    throw new RangeError(`${what} must be whole cents from 0 to ${MAX_CENTS}, got ${cents}`);
  }
  return cents;
}

export function checkLimit(limit: number, max: number, what: string): number {
  if (!Number.isSafeInteger(limit) || limit < 1 || limit > max) {
    throw new RangeError(`${what} must be a whole number from 1 to ${max}, got ${limit}`);
  }
  return limit;
}

export function checkOutcome(outcome: PushOutcome): PushOutcome {
  const what = `The outcome of push subscription '${String(outcome.id).slice(0, MAX_ID)}'`;
  const id = checkSubscriptionId(outcome.id);
  switch (outcome.kind) {
    case 'sent':
      return {
        id,
        kind: 'sent',
        sentAt: isoFromText(outcome.sentAt, `${what}: sentAt`),
        watermark: isoFromText(outcome.watermark, `${what}: watermark`),
        ...(outcome.toldCents === undefined
          ? {}
          : { toldCents: checkCents(outcome.toldCents, `${what}: toldCents`) }),
      };
    case 'retry':
      return {
        id,
        kind: 'retry',
        retryAt: isoFromText(outcome.retryAt, `${what}: retryAt`),
        failures: checkCount(outcome.failures, `${what}: failures`),
      };
    case 'gone':
      return { id, kind: 'gone' };
    case 'untold':
      return { id, kind: 'untold' };
    default:
      throw new RangeError(`${what} is of no known kind`);
  }
}

export function checkPushKeys(keys: PushKeys): PushKeys {
  return {
    publicKey: base64Url(keys.publicKey, MAX_KEY, 'The VAPID public key'),
    privateKey: base64Url(keys.privateKey, MAX_KEY, 'The VAPID private key'),
  };
}

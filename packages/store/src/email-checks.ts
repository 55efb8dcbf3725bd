import type { EmailOutcome, EmailSignUp, EmailWatchUpdate } from './repository';
import { checkCount, isoFromText } from './input-checks';
import { base64Url, boundedText, checkCents, checkProductKey } from './push-subscription-checks';

/*
 * What every engine checks of email addresses and watches before writing them: the shapes the
 * columns promise. Whether an address is one mail can be sent to is the service's rule.
 */

const MAX_ADDRESS = 254;
const MAX_SEARCH = 2048;
const MAX_SECRET = 200;

/** An id of an address or a watch, as the store keys them (URL-safe, 1 to 100 characters). */
export function checkEmailId(id: string, what: string): string {
  return base64Url(id, 100, what);
}

export function checkSignUp(signUp: EmailSignUp): EmailSignUp {
  const what = 'An email sign-up';
  const address = boundedText(signUp.address, MAX_ADDRESS, `${what}'s address`);
  if (address !== address.toLowerCase() || !/^[^\s@]+@[^\s@]+$/.test(address)) {
    throw new RangeError(`${what}'s address must be one lower-case address`);
  }
  const { watch } = signUp;
  if (typeof watch.search !== 'string' || watch.search.length > MAX_SEARCH) {
    throw new RangeError(`${what}'s search must be at most ${MAX_SEARCH} characters`);
  }
  if (watch.cadence !== 'instant' && watch.cadence !== 'daily') {
    throw new RangeError(`${what}'s cadence must be 'instant' or 'daily'`);
  }
  return {
    address,
    addressId: checkEmailId(signUp.addressId, `${what}'s address id`),
    token: base64Url(signUp.token, MAX_SECRET, `${what}'s token`),
    createdAt: isoFromText(signUp.createdAt, `${what}'s createdAt`),
    watch: {
      id: checkEmailId(watch.id, `${what}'s watch id`),
      search: watch.search,
      productKey: checkProductKey(watch.productKey, `${what}'s product key`),
      atMostCents: checkCents(watch.atMostCents, `${what}'s target price`),
      cadence: watch.cadence,
      confirmHash: base64Url(watch.confirmHash, MAX_SECRET, `${what}'s confirmation hash`),
      confirmExpiresAt: isoFromText(watch.confirmExpiresAt, `${what}'s confirmExpiresAt`),
    },
  };
}

export function checkEmailOutcome(outcome: EmailOutcome): EmailOutcome {
  const what = `The outcome of email address '${String(outcome.addressId).slice(0, 100)}'`;
  const addressId = checkEmailId(outcome.addressId, what);
  switch (outcome.kind) {
    case 'sent':
      return { addressId, kind: 'sent', sentAt: isoFromText(outcome.sentAt, `${what}: sentAt`) };
    case 'retry':
      return {
        addressId,
        kind: 'retry',
        retryAt: isoFromText(outcome.retryAt, `${what}: retryAt`),
        failures: checkCount(outcome.failures, `${what}: failures`),
      };
    case 'gone':
      return { addressId, kind: 'gone' };
    default:
      throw new RangeError(`${what} is of no known kind`);
  }
}

export function checkWatchUpdate(update: EmailWatchUpdate): EmailWatchUpdate {
  const what = `The update of email watch '${String(update.id).slice(0, 100)}'`;
  return {
    id: checkEmailId(update.id, what),
    ...(update.watermark === undefined
      ? {}
      : { watermark: isoFromText(update.watermark, `${what}: watermark`) }),
    ...(update.lastSentAt === undefined
      ? {}
      : { lastSentAt: isoFromText(update.lastSentAt, `${what}: lastSentAt`) }),
    ...(update.toldCents === undefined
      ? {}
      : { toldCents: checkCents(update.toldCents, `${what}: toldCents`) }),
  };
}

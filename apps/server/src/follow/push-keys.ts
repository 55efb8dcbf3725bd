import { createECDH } from 'node:crypto';
import type { DealsRepository, PushKeys } from '@stl-deals/store';
import webPush from 'web-push';
import { ConfigError, type Config } from '../config';

/** What signs the service's push messages (RFC 8292): its key pair and how to reach its operator. */
export interface VapidDetails extends PushKeys {
  subject: string;
}

/** The contact a push service is given when VAPID_SUBJECT and an https PUBLIC_ORIGIN are unset. */
export const PROJECT_PAGE = 'https://github.com/stl-deals/stl-deals';

/** Whether `publicKey` is the public point of `privateKey` (P-256, base64url both). */
export function isKeyPair({ publicKey, privateKey }: PushKeys): boolean {
  try {
    const ecdh = createECDH('prime256v1');
    ecdh.setPrivateKey(Buffer.from(privateKey, 'base64url'));
    return ecdh.getPublicKey('base64url', 'uncompressed') === publicKey;
  } catch {
    return false;
  }
}

/**
 * The service's VAPID details: the operator's key pair (VAPID_PUBLIC_KEY and VAPID_PRIVATE_KEY,
 * checked to be one pair), else the pair kept in the store, made by the first process that
 * started (every process of a cluster signs with the same pair, which the browsers subscribed
 * with). The subject is VAPID_SUBJECT, else the first https PUBLIC_ORIGIN, else the project's page.
 */
export async function loadVapidDetails(
  config: Pick<
    Config,
    'VAPID_PUBLIC_KEY' | 'VAPID_PRIVATE_KEY' | 'VAPID_SUBJECT' | 'PUBLIC_ORIGIN'
  >,
  repository: Pick<DealsRepository, 'keepPushKeys'>,
): Promise<VapidDetails> {
  const subject =
    config.VAPID_SUBJECT ??
    config.PUBLIC_ORIGIN?.find((origin) => origin.startsWith('https://')) ??
    PROJECT_PAGE;
  const { VAPID_PUBLIC_KEY: publicKey, VAPID_PRIVATE_KEY: privateKey } = config;
  if (publicKey !== undefined && privateKey !== undefined) {
    if (!isKeyPair({ publicKey, privateKey })) {
      throw new ConfigError(
        'Invalid configuration:\n  VAPID_PUBLIC_KEY: is not the public key of VAPID_PRIVATE_KEY',
      );
    }
    return { publicKey, privateKey, subject };
  }
  const kept = await repository.keepPushKeys(webPush.generateVAPIDKeys());
  return { ...kept, subject };
}

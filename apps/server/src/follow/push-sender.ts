import { Agent, type AgentOptions } from 'node:https';
import type { PushSubscriptionRecord } from '@stl-deals/store';
import webPush, { WebPushError } from 'web-push';
import type { PushMessage } from './push-message';
import type { VapidDetails } from './push-keys';
import { endpointRefusal } from './push-services';

/** What one send came to: the push service's status (null: none answered) and its Retry-After. */
export interface SendResult {
  status: number | null;
  retryAfter?: string;
  /** Why it failed, for the log: never sent to a client. */
  error?: string;
}

/** Sends one message to one subscription; never throws (see `SendResult`). */
export type PushSend = (
  subscription: Pick<PushSubscriptionRecord, 'endpoint' | 'p256dh' | 'auth'>,
  message: PushMessage,
) => Promise<SendResult>;

/** How long a push service may keep an undelivered message: deals are worth a day at most. */
export const MESSAGE_TTL_S = 12 * 60 * 60;
/** A push service silent this long on a connection fails the send, which is tried later. */
const SEND_TIMEOUT_MS = 15_000;

/**
 * The connections a fan-out's sends share: kept open between messages to the same push service
 * (its thousands of messages go to a few hosts), as many at once as the fan-out sends.
 */
export const SEND_AGENT_OPTIONS: AgentOptions = {
  keepAlive: true,
  maxSockets: 64,
  timeout: SEND_TIMEOUT_MS,
};

export interface PushSenderOptions {
  vapid: VapidDetails;
  /** The push services that may be sent to (PUSH_SERVICE_HOSTS), checked again at each send. */
  pushHosts: readonly string[];
  /** Connections to reuse across a pass's sends; one with keep-alive is made when not given. */
  agent?: Agent;
  /** The clock the VAPID tokens' expiry is read from (epoch ms). */
  now?: () => number;
}

/**
 * web-push signs nothing itself for a falsy `vapidDetails` (as its code says; its types do not),
 * and sends the `Authorization` given in `headers` instead.
 */
const SIGNED_ALREADY = { vapidDetails: null } as unknown as Pick<
  webPush.RequestOptions,
  'vapidDetails'
>;

/** How long a VAPID token is valid (RFC 8292 allows a day); one is made anew an hour before. */
const VAPID_TOKEN_S = 12 * 60 * 60;
const VAPID_RENEW_S = 60 * 60;

/**
 * The VAPID `Authorization` for a push service's origin (the JWT's audience), signed once and
 * reused until an hour before it expires: RFC 8292 lets a token be sent with any number of
 * messages, and signing is most of a message's cost in web-push (it parses the key anew each
 * time). A fan-out of 10,000 messages to a few push services signs a few tokens.
 */
function vapidAuthorization(vapid: VapidDetails, now: () => number): (audience: string) => string {
  const tokens = new Map<string, { header: string; expiresS: number }>();
  return (audience) => {
    const nowS = Math.floor(now() / 1000);
    const kept = tokens.get(audience);
    if (kept && kept.expiresS - nowS > VAPID_RENEW_S) return kept.header;
    const expiresS = nowS + VAPID_TOKEN_S;
    const { Authorization: header } = webPush.getVapidHeaders(
      audience,
      vapid.subject,
      vapid.publicKey,
      vapid.privateKey,
      'aes128gcm',
      expiresS,
    );
    // Bounded: the allow-list's push services, a handful.
    if (tokens.size > 100) tokens.clear();
    tokens.set(audience, { header, expiresS });
    return header;
  };
}

/**
 * The one place that talks to push services: `web-push` encrypts each message to the browser's
 * keys (RFC 8291, aes128gcm) and sends it with the VAPID key's signature (RFC 8292). An endpoint
 * is checked against the allow-list again before each send, so that narrowing
 * PUSH_SERVICE_HOSTS stops sends to the hosts taken out at once.
 */
export function pushSender(options: PushSenderOptions): { send: PushSend; close(): void } {
  const agent = options.agent ?? new Agent(SEND_AGENT_OPTIONS);
  const { pushHosts } = options;
  const authorization = vapidAuthorization(options.vapid, options.now ?? Date.now);
  const send: PushSend = async (subscription, message) => {
    const refusal = endpointRefusal(subscription.endpoint, pushHosts);
    // Treated as gone: the operator no longer allows its push service.
    if (refusal !== null) return { status: 410, error: refusal };
    try {
      const result = await webPush.sendNotification(
        {
          endpoint: subscription.endpoint,
          keys: { p256dh: subscription.p256dh, auth: subscription.auth },
        },
        JSON.stringify(message),
        {
          // Signed here once per push service (see `vapidAuthorization`), not per message.
          ...SIGNED_ALREADY,
          headers: { Authorization: authorization(new URL(subscription.endpoint).origin) },
          TTL: MESSAGE_TTL_S,
          urgency: 'normal',
          contentEncoding: 'aes128gcm',
          agent,
          timeout: SEND_TIMEOUT_MS,
        },
      );
      return { status: result.statusCode };
    } catch (error) {
      if (error instanceof WebPushError) {
        const retryAfter = error.headers['retry-after'];
        return {
          status: error.statusCode,
          ...(typeof retryAfter === 'string' ? { retryAfter } : {}),
          error: `${error.statusCode} ${error.body.slice(0, 200)}`,
        };
      }
      return { status: null, error: error instanceof Error ? error.message : String(error) };
    }
  };
  return {
    send,
    close: () => {
      if (!options.agent) agent.destroy();
    },
  };
}

import { createHash, randomBytes } from 'node:crypto';
import { isStorageUnavailable, type DealsRepository } from '@stl-deals/store';
import type { FastifyError } from 'fastify';
import type { FastifyPluginAsyncZod, ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { Clock } from '../clock';
import type { Collection } from '../collection/collection';
import { ClientDayLimit, type SubscriptionBudget } from '../follow/client-day-limit';
import { lacksPoint, RADIUS_NEEDS_POINT, readFeedSearch } from '../follow/feed-search';
import { NewSubscriptionBody, readSubscriptionRequest } from '../follow/push-subscription-input';
import { clientKey } from '../http/client-address';
import { refuseCrossSiteWrites } from '../http/cross-site';
import { ErrorSchema, HttpError } from '../http/errors';
import { isKnownDispensary } from './deals';

/** Subscriptions one client (one address, an IPv6 /64) may make per day. */
export const SUBSCRIPTIONS_PER_CLIENT_DAY = 20;
/** The largest subscription request taken: a browser's subscription and a search fit in 2 KB. */
export const PUSH_BODY_LIMIT = 8 * 1024;

export const PUSH_PATHS = {
  key: '/api/push/key',
  subscriptions: '/api/push/subscriptions',
  subscription: '/api/push/subscriptions/:id',
} as const;

export const FULL =
  'The service takes no more subscriptions for now. The feed link works meanwhile.';
export const STORE_UNAVAILABLE =
  'The service cannot save subscriptions right now; try again in a minute. The feed link works meanwhile.';
/** When to try again while the store is unavailable: its next check comes within a minute. */
export const STORE_RETRY_AFTER_S = 60;
export const CLIENT_DAY_LIMIT = `At most ${SUBSCRIPTIONS_PER_CLIENT_DAY} subscriptions a day from one network; try again tomorrow.`;

export interface PushRouteOptions {
  collection: Collection;
  repository: Pick<DealsRepository, 'addPushSubscription' | 'removePushSubscription'>;
  clock: Clock;
  /** The VAPID public key browsers subscribe with (base64url). */
  publicKey: string;
  /** PUSH_SERVICE_HOSTS. */
  pushHosts: readonly string[];
  /** PUSH_MAX_SUBSCRIPTIONS. */
  maxSubscriptions: number;
  /** Origins besides the service's own whose pages may subscribe (CORS_ORIGIN). */
  allowedOrigins: readonly string[];
  /** The service's own origins (PUBLIC_ORIGIN). */
  publicOrigins?: readonly string[];
  /**
   * The subscriptions a client may make in a day: a cluster's, shared by its API processes;
   * else this process's own count (`ClientDayLimit`).
   */
  budget?: SubscriptionBudget;
}

/** A token as the service makes them: 32 random bytes, base64url. */
const TOKEN = /^[A-Za-z0-9_-]{16,200}$/;
const ID = /^[A-Za-z0-9_-]{1,100}$/;

/** The token's SHA-256, base64url: all the store keeps of it. */
export function tokenHash(token: string): string {
  return createHash('sha256').update(token).digest('base64url');
}

/** The bearer token of `Authorization: Bearer <token>`, or null. */
function bearerToken(header: string | undefined): string | null {
  const match = /^Bearer +([^ ]+) *$/i.exec(header ?? '');
  const token = match?.[1];
  return token !== undefined && TOKEN.test(token) ? token : null;
}

/**
 * Web Push for a followed search: the service's VAPID key, a browser's subscription to a search
 * (201 with its id and a token, the token's hash alone kept), and stopping one with its token.
 * A subscription names its push service, which must be a major browser's (PUSH_SERVICE_HOSTS);
 * one client makes at most `SUBSCRIPTIONS_PER_CLIENT_DAY` a day and the store keeps at most
 * PUSH_MAX_SUBSCRIPTIONS. Nothing of the client (address, user agent) is kept with one.
 */
export const pushRoutes: FastifyPluginAsyncZod<PushRouteOptions> = async (app, options) => {
  const { repository, clock, publicKey } = options;
  const perClient = options.budget ?? new ClientDayLimit(SUBSCRIPTIONS_PER_CLIENT_DAY);

  app.get(
    PUSH_PATHS.key,
    {
      schema: {
        summary: 'The VAPID public key browsers subscribe with (applicationServerKey).',
        response: {
          200: z.object({
            publicKey: z.string().describe('P-256 public key, uncompressed, base64url.'),
          }),
        },
      },
    },
    () => ({ publicKey }),
  );

  await app.register((subscribing, _options, registered) => {
    refuseCrossSiteWrites(subscribing, options.allowedOrigins, options.publicOrigins);
    // The app reads no bodies (ignore-bodies.ts); this call alone takes one, as JSON.
    subscribing.addContentTypeParser(
      'application/json',
      { parseAs: 'string', bodyLimit: PUSH_BODY_LIMIT },
      (_request, body, done) => {
        try {
          done(null, JSON.parse(body as string));
        } catch {
          done(new HttpError(400, 'The body is not JSON.'));
        }
      },
    );
    // A body over the limit is named with this call's limit, then answered as every error is.
    subscribing.setErrorHandler((error: FastifyError) => {
      if (error.code === 'FST_ERR_CTP_BODY_TOO_LARGE') {
        throw new HttpError(413, `A subscription's request is at most ${PUSH_BODY_LIMIT} bytes.`);
      }
      if (error.validation) {
        throw new HttpError(400, `The subscription is not valid: ${error.message}`.slice(0, 300));
      }
      throw error;
    });
    subscribing.withTypeProvider<ZodTypeProvider>().post(
      PUSH_PATHS.subscriptions,
      {
        bodyLimit: PUSH_BODY_LIMIT,
        schema: {
          summary:
            'Notifies a browser by Web Push when a search gains deals (at most one message an hour), or when one product is on deal at or below a price (at most one a day).',
          description:
            "`subscription` is the browser's PushSubscription.toJSON(); its endpoint must be on a " +
            'push service of PUSH_SERVICE_HOSTS (the major browsers’). `search` is the page’s URL ' +
            'query; or `product` watches one product (its key across stores, `atMost` dollars). Answers the id and a token, which DELETE takes; keep the token, it is not shown again ' +
            '(`Cache-Control: no-store`). 503 with Retry-After while the store cannot take it. The same ' +
            'browser and search again replaces its subscription, never refused by PUSH_MAX_SUBSCRIPTIONS.',
          body: NewSubscriptionBody,
          response: {
            201: z.object({
              id: z.string(),
              token: z.string().describe('Send as `Authorization: Bearer <token>` to stop it.'),
            }),
            400: ErrorSchema,
            403: ErrorSchema,
            413: ErrorSchema,
            415: ErrorSchema,
            429: ErrorSchema,
            503: ErrorSchema,
          },
        },
      },
      async (request, reply) => {
        if (options.maxSubscriptions === 0) throw new HttpError(503, FULL);
        const now = clock.now();
        const wanted = readSubscriptionRequest(request.body, options.pushHosts);
        if (typeof wanted === 'string') throw new HttpError(400, wanted);
        if (wanted.productKey === null) {
          const search = readFeedSearch(wanted.search, (key) =>
            isKnownDispensary(options.collection, key),
          );
          if (lacksPoint(search)) throw new HttpError(400, RADIUS_NEEDS_POINT);
        }
        // Taken before the write and given back if none is made, in one step each: requests at
        // once from one client cannot all pass a count that none of them has raised yet.
        const client = clientKey(request.ip);
        if (!(await perClient.take(client, now))) throw new HttpError(429, CLIENT_DAY_LIMIT);
        const id = randomBytes(16).toString('base64url');
        const token = randomBytes(32).toString('base64url');
        let added: Awaited<ReturnType<typeof repository.addPushSubscription>>;
        try {
          added = await repository.addPushSubscription(
            {
              id,
              tokenHash: tokenHash(token),
              endpoint: wanted.endpoint,
              p256dh: wanted.p256dh,
              auth: wanted.auth,
              search: wanted.search,
              createdAt: now.toISOString(),
              expiresAt: wanted.expiresAt?.toISOString() ?? null,
              productKey: wanted.productKey,
              atMostCents: wanted.atMostCents,
            },
            options.maxSubscriptions,
          );
        } catch (error) {
          await perClient.giveBack(client, now);
          if (!isStorageUnavailable(error)) throw error;
          request.log.warn({ err: error }, 'a subscription could not be stored');
          reply.header('retry-after', String(STORE_RETRY_AFTER_S));
          throw new HttpError(503, STORE_UNAVAILABLE);
        }
        if (added === 'full') {
          await perClient.giveBack(client, now);
          throw new HttpError(503, FULL);
        }
        // The token is a credential: no cache, shared or the browser's, may keep it.
        return reply.code(201).header('cache-control', 'no-store').send({ id, token });
      },
    );
    registered();
  });

  app.delete(
    PUSH_PATHS.subscription,
    {
      schema: {
        summary: "Stops a subscription's notifications; takes its token as a bearer credential.",
        description:
          'Answers 204 when it is stopped, and also when there is none of that id (stopped ' +
          'already, or dropped after its push service said it was gone).',
        params: z.object({ id: z.string() }),
        headers: z.object({
          authorization: z.string().optional().describe('Bearer <token>, as POST answered it.'),
        }),
        response: { 204: z.null(), 401: ErrorSchema, 403: ErrorSchema },
      },
    },
    async (request, reply) => {
      const token = bearerToken(request.headers.authorization);
      if (token === null) {
        reply.header('www-authenticate', 'Bearer');
        throw new HttpError(
          401,
          'Stopping a subscription takes its token: Authorization: Bearer <token>.',
        );
      }
      const { id } = request.params;
      const removed = ID.test(id)
        ? await repository.removePushSubscription(id, tokenHash(token))
        : 'absent';
      if (removed === 'refused') {
        throw new HttpError(403, 'That token is not the one of this subscription.');
      }
      return reply.code(204).send(null);
    },
  );
};

import rateLimit, { type FastifyRateLimitStoreCtor } from '@fastify/rate-limit';
import { DealListSchema } from '@stl-deals/domain';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { Collection } from '../collection/collection';
import { clientKey } from '../http/client-address';
import { refuseCrossSiteWrites } from '../http/cross-site';
import { ErrorSchema, HttpError } from '../http/errors';
import { sendPrepared } from '../http/prepared-body';
import { isKnownDispensary, UNKNOWN_DISPENSARY } from './deals';

/**
 * A refresh of one dispensary whose scrape failed, answered with its last good deals:
 * the public reason, URI-encoded (a header is ASCII), and when those deals were collected.
 */
export const REFRESH_ERROR_HEADER = 'x-refresh-error';
export const DEALS_AS_OF_HEADER = 'x-deals-as-of';

/** The page gives up on refresh-all after 120 s (spec section 7); answer before that. */
export const REFRESH_ALL_WAIT_MS = 110_000;

/**
 * The failure header's reason when a visitor's refresh outlasts REFRESH_WAIT_S (the page gives
 * up at 60 s): its scrape goes on, and the last good deals are answered meanwhile.
 */
export const STILL_REFRESHING = 'Its menu is still being read; try again in a minute.';

const ProgressSchema = z.object({
  done: z.number().int().nonnegative(),
  total: z.number().int().nonnegative(),
});

const SummarySchema = z.object({
  refreshed: z.number().int().nonnegative(),
  failed: z.number().int().nonnegative(),
  skipped: z
    .number()
    .int()
    .nonnegative()
    .describe(
      'Scraped less than REFRESH_COOLDOWN_S ago, so not scraped again; or stopped by a shutdown.',
    ),
  durationMs: z.number().nonnegative(),
});

/**
 * The two refresh calls. They are the only ones that make the service scrape, so they alone are
 * rate-limited: one budget per client address (see `clientKey`), shared by both (the plugin's store is shared by every
 * route of this scope); and they alone refuse other sites' pages and non-JSON bodies.
 */
export const refreshRoutes: FastifyPluginAsyncZod<{
  collection: Collection;
  perMinute: number;
  /** The longest one dispensary's refresh waits for its scrape (REFRESH_WAIT_S). */
  refreshWaitMs: number;
  /** Origins besides the service's own whose pages may call these (CORS_ORIGIN). */
  allowedOrigins: readonly string[];
  /** The service's own origins (PUBLIC_ORIGIN); unset: the one the request's Host names. */
  publicOrigins?: readonly string[];
  /**
   * In a cluster, the counters every API instance shares (see cluster/shared-rate-limit.ts); a
   * count that cannot be stored lets the refresh through, which then fails on its own.
   */
  rateLimitStore?: FastifyRateLimitStoreCtor;
}> = async (
  app,
  { collection, perMinute, refreshWaitMs, allowedOrigins, publicOrigins, rateLimitStore },
) => {
  refuseCrossSiteWrites(app, allowedOrigins, publicOrigins);
  await app.register(rateLimit, {
    global: true,
    max: perMinute,
    timeWindow: 60_000,
    // One budget per client, not per spelling of its address (a port, IPv4-mapped, zeros).
    keyGenerator: (request) => clientKey(request.ip),
    ...(rateLimitStore ? { store: rateLimitStore, skipOnError: true } : {}),
  });
  const refusals = { 403: ErrorSchema, 413: ErrorSchema, 415: ErrorSchema, 429: ErrorSchema };

  // Registered before the parametric route; find-my-way prefers the static path anyway.
  app.post(
    '/api/scraper/refresh/all',
    {
      schema: {
        summary:
          'Scrapes every dispensary (bounded concurrency, shared by all callers); answers the ' +
          'summary when done, or 202 with the progress after 110 s.',
        response: { 200: SummarySchema, 202: z.object({ progress: ProgressSchema }), ...refusals },
      },
    },
    async (_request, reply) => {
      const run = collection.refreshAll();
      const summary = await within(run.finished, REFRESH_ALL_WAIT_MS);
      if (summary) return summary;
      return reply.code(202).send({ progress: { done: run.done, total: run.total } });
    },
  );

  app.post(
    '/api/scraper/refresh/:dispensaryKey',
    {
      schema: {
        summary:
          'Scrapes one dispensary now (joining a scrape under way; not again within the cooldown) and answers its deals. ' +
          `When its last attempt failed: its last good deals with ${REFRESH_ERROR_HEADER} (the public reason, ` +
          `URI-encoded) and ${DEALS_AS_OF_HEADER} (when they were collected), or 502 {error, message} when it has none. ` +
          `A scrape still running after REFRESH_WAIT_S answers the last good deals with the same headers, its scrape going on.`,
        // No bound here (an unknown key is a 404 at any length); the router's maxParamLength
        // bounds what reaches this route.
        params: z.object({ dispensaryKey: z.string() }),
        response: { 200: DealListSchema, 404: ErrorSchema, 502: ErrorSchema, ...refusals },
      },
    },
    async (request, reply) => {
      const { dispensaryKey } = request.params;
      if (!isKnownDispensary(collection, dispensaryKey)) {
        throw new HttpError(404, UNKNOWN_DISPENSARY);
      }
      const finished = await within(
        collection.refresh(dispensaryKey, { visitor: true }),
        refreshWaitMs,
      );
      if (finished === undefined) {
        // Still scraping (a slow menu, or scrapes of other stores ahead of it): the visitor
        // gets the last good deals now, told why, and the scrape goes on for the next visit.
        reply.header(REFRESH_ERROR_HEADER, encodeURIComponent(STILL_REFRESHING));
        const lastSuccessAt = sourceOf(collection, dispensaryKey)?.lastSuccessAt;
        if (lastSuccessAt) reply.header(DEALS_AS_OF_HEADER, lastSuccessAt);
        return sendPrepared(request, reply, collection.deals.of(dispensaryKey));
      }
      const failure = lastFailure(collection, dispensaryKey);
      if (failure?.state === 'failed') {
        return reply.code(502).send({ error: 'BadGateway', message: failure.reason });
      }
      if (failure) {
        reply.header(REFRESH_ERROR_HEADER, encodeURIComponent(failure.reason));
        if (failure.lastSuccessAt) reply.header(DEALS_AS_OF_HEADER, failure.lastSuccessAt);
      }
      return sendPrepared(request, reply, collection.deals.of(dispensaryKey));
    },
  );
};

/**
 * How the dispensary's last attempt failed, when it did: 'stale' (its last good deals are
 * served) or 'failed' (nothing to serve), with the public reason.
 */
function lastFailure(collection: Collection, key: string) {
  const source = sourceOf(collection, key);
  if (source?.state !== 'stale' && source?.state !== 'failed') return null;
  return {
    state: source.state,
    reason: source.error ?? 'The menu could not be read.',
    lastSuccessAt: source.lastSuccessAt,
  };
}

function sourceOf(collection: Collection, key: string) {
  return collection.status().sources?.find((entry) => entry.key === key);
}

/** `work`'s value, or undefined if it takes longer than `ms`. */
async function within<T>(work: Promise<T>, ms: number): Promise<T | undefined> {
  let timer: NodeJS.Timeout | undefined;
  const late = new Promise<undefined>((resolve) => {
    timer = setTimeout(() => resolve(undefined), ms);
  });
  try {
    return await Promise.race([work, late]);
  } finally {
    clearTimeout(timer);
  }
}

import {
  DEALS_FEED_PATH,
  FILTER_PARAMS,
  LIMITS,
  weekdayAt,
  dayOf,
  type Dispensary,
} from '@stl-deals/domain';
import type { FastifyPluginCallbackZod } from 'fastify-type-provider-zod';
import type { FastifyRequest } from 'fastify';
import { z } from 'zod';
import type { Clock } from '../clock';
import type { Collection } from '../collection/collection';
import { MARKET_TIME_ZONE } from '../collection/market-day';
import { ATOM_CONTENT_TYPE } from '../follow/atom';
import { dealFeedDocument, FEED_MAX_ENTRIES } from '../follow/deal-feed';
import { FeedAnswers } from '../follow/feed-answers';
import { FeedDeals } from '../follow/feed-deals';
import { PRODUCT_FEED_PATH, productFeedDocument } from '../follow/product-feed';
import {
  FEED_PARAMETERS,
  feedQuery,
  lacksPoint,
  POINT_PARAMS,
  RADIUS_NEEDS_POINT,
  readFeedSearch,
} from '../follow/feed-search';
import { ErrorSchema, HttpError } from '../http/errors';
import { prepareJson, sendPrepared } from '../http/prepared-body';
import { isKnownDispensary } from './deals';

/** What the OpenAPI document says of each parameter; the page's others read as the page reads them. */
const PARAMETER_NOTES: Record<string, string> = {
  dispensary:
    "One dispensary's key, or 'mine' for the dispensaries of `stores`; an unknown one is every dispensary, as on the page.",
  stores:
    'With dispensary=mine: dispensary keys separated by commas (at most 50); unknown keys are left out, and none known is every dispensary.',
  category: "A category of the page's Category filter.",
  size: "A weight of the page's Size filter.",
  brand: "A brand of the page's Brand filter.",
  search: 'Text the title, description, brand or dispensary name contains.',
  day: "'today' (default), 'tomorrow' or a weekday: whose day's deals (the market's day).",
  distance: `Miles around the point (${POINT_PARAMS.lat}, ${POINT_PARAMS.lng}); needs the point.`,
  sort: 'Kept in the links to the page; entries are newest first whatever it says.',
  tax: "Kept in the links to the page; an entry's price is the deal's price text.",
};

/**
 * Every parameter the feed reads, each optional and never a 400 by its form: the route reads the
 * query itself as the page does (`readFeedSearch`), and what is unknown or invalid is ignored.
 */
const QuerySchema = z.object({
  ...Object.fromEntries(
    Object.entries(FILTER_PARAMS)
      .filter(([name]) => FEED_PARAMETERS[name] !== 'ignored')
      .map(([name, param]) => [
        param,
        z
          .string()
          .optional()
          .catch(undefined)
          .describe(PARAMETER_NOTES[name] ?? "As the page's list reads it."),
      ]),
  ),
  [POINT_PARAMS.lat]: z.string().optional().catch(undefined).describe('Latitude of the point.'),
  [POINT_PARAMS.lng]: z.string().optional().catch(undefined).describe('Longitude of the point.'),
});

/** A Host header of a name or an address, with a port or not: anything else gives relative links. */
const HOST = /^(?:[a-z0-9-]+(?:\.[a-z0-9-]+)*|\[[0-9a-f:.]+\])(?::\d{1,5})?$/i;

/** Scheme and host the client reached the service at (a trusted proxy's, see TRUST_PROXY). */
function originOf(request: FastifyRequest): string {
  return HOST.test(request.host) ? `${request.protocol}://${request.host.toLowerCase()}` : '';
}

/** Where each dispensary is, as far as a radius judges it: a change makes the feeds anew. */
function placesKey(dispensaries: readonly Dispensary[]): string {
  return dispensaries.map(({ key, lat, lng }) => `${key}@${lat},${lng}`).join(';');
}

export const feedRoutes: FastifyPluginCallbackZod<{
  collection: Collection;
  clock: Clock;
  /** The page's views of the published deals, shared with the email sign-up's product names. */
  deals?: FeedDeals;
}> = (app, { collection, clock, ...options }, done) => {
  const deals = options.deals ?? new FeedDeals(collection.deals, () => clock.now());
  const answers = new FeedAnswers();
  app.get(
    DEALS_FEED_PATH,
    {
      // Prepared and compressed once per publication and search (FeedAnswers, sendPrepared).
      compress: false,
      schema: {
        summary: `An Atom 1.0 feed of a search of the page: its newest ${FEED_MAX_ENTRIES} deals.`,
        description:
          "Takes the page's own URL parameters and lists the deals the page lists for them, " +
          'newest first (first seen, then price change).',
        querystring: QuerySchema,
        response: {
          200: {
            description: 'An Atom 1.0 document (RFC 4287).',
            content: { 'application/atom+xml': { schema: z.string() } },
          },
          400: ErrorSchema,
        },
      },
    },
    async (request, reply) => {
      const query = request.url.includes('?') ? request.url.slice(request.url.indexOf('?')) : '';
      const search = readFeedSearch(query, (key) => isKnownDispensary(collection, key));
      if (lacksPoint(search)) throw new HttpError(400, RADIUS_NEEDS_POINT);
      await collection.whenLoaded();
      await deals.ready();
      const list = deals.current();
      const today = weekdayAt(clock.now(), MARKET_TIME_ZONE);
      const dispensaries = collection.dispensaries();
      const origin = originOf(request);
      const key = [
        origin,
        feedQuery(search),
        dayOf(search.filters.day, today),
        search.point ? placesKey(dispensaries) : '',
      ].join('\n');
      const body = answers.answer(list, key, () => {
        const context = { today, timeZone: MARKET_TIME_ZONE, dispensaries, origin };
        // prepareJson prepares any bytes: the name is the deals lists'.
        return prepareJson(Buffer.from(dealFeedDocument(list, search, context)));
      });
      return sendPrepared(request, reply, body, ATOM_CONTENT_TYPE);
    },
  );
  app.get(
    PRODUCT_FEED_PATH,
    {
      compress: false,
      schema: {
        summary: "An Atom 1.0 feed of one product's deals of the day at every store.",
        description:
          '`product` is the key the page compares a product across stores by (a deal’s ' +
          '`productKey`); the entries are its deals the comparison lists, newest first. A product ' +
          'no store has on deal now is an empty feed.',
        querystring: z.object({
          product: z.string().min(1).max(LIMITS.shortText).describe("The product's key."),
        }),
        response: {
          200: {
            description: 'An Atom 1.0 document (RFC 4287).',
            content: { 'application/atom+xml': { schema: z.string() } },
          },
          400: ErrorSchema,
        },
      },
    },
    async (request, reply) => {
      const productKey = request.query.product.trim();
      if (productKey === '') throw new HttpError(400, 'A product key is needed: ?product=<key>.');
      await collection.whenLoaded();
      await deals.ready();
      const list = deals.current();
      const today = weekdayAt(clock.now(), MARKET_TIME_ZONE);
      const origin = originOf(request);
      const key = ['product', origin, productKey, today].join('\n');
      const body = answers.answer(list, key, () => {
        const context = {
          today,
          timeZone: MARKET_TIME_ZONE,
          dispensaries: collection.dispensaries(),
          origin,
        };
        return prepareJson(Buffer.from(productFeedDocument(list, productKey, context)));
      });
      return sendPrepared(request, reply, body, ATOM_CONTENT_TYPE);
    },
  );
  done();
};

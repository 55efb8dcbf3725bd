import { randomBytes } from 'node:crypto';
import { isStorageUnavailable, type DealsRepository, type EmailCadence } from '@stl-deals/store';
import type { FastifyError } from 'fastify';
import type { FastifyPluginAsyncZod, ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { Clock } from '../clock';
import { marketDay } from '../collection/market-day';
import type { Collection } from '../collection/collection';
import type { SubscriptionBudget } from '../follow/client-day-limit';
import { ClientDayLimit } from '../follow/client-day-limit';
import { feedTitle } from '../follow/deal-feed';
import type { FeedDeals } from '../follow/feed-deals';
import type { Email } from '../follow/email';
import { readEmailAddress } from '../follow/email-address';
import { confirmationMessage, EMAIL_PATHS, linkQuery } from '../follow/email-message';
import { CONFIRM_TTL_MS } from '../follow/email-schedule';
import { lacksPoint, RADIUS_NEEDS_POINT, readFeedSearch } from '../follow/feed-search';
import { moneyText } from '@stl-deals/domain';
import {
  productKeyWords,
  productName,
  productQuery,
  readProductWatch,
} from '../follow/product-watch';
import { weekdayAt } from '@stl-deals/domain';
import { MARKET_TIME_ZONE } from '../collection/market-day';
import { MAX_SEARCH, ProductWatchBody, readPageQuery } from '../follow/push-subscription-input';
import { clientKey } from '../http/client-address';
import { refuseCrossSiteWrites } from '../http/cross-site';
import { ErrorSchema, HttpError } from '../http/errors';
import { isKnownDispensary } from './deals';
import { listItem, sendPage } from './email-pages';
import { STORE_RETRY_AFTER_S, tokenHash } from './push';

/** Sign-ups one client (one address, an IPv6 /64) may make per day. */
export const EMAIL_SIGNUPS_PER_CLIENT_DAY = 10;
/** Watches of one address waiting for their confirmation at once. */
export const MAX_PENDING_PER_ADDRESS = 5;
/** The largest sign-up request taken. */
export const EMAIL_BODY_LIMIT = 4 * 1024;

export const EMAIL_API_PATHS = {
  status: '/api/email',
  watches: '/api/email/watches',
} as const;

export const EMAIL_OFF = 'This service sends no email. The feed link works in any feed reader.';
export const EMAIL_FULL =
  'The service takes no more email addresses for now. The feed link works meanwhile.';
export const EMAIL_STORE_UNAVAILABLE =
  'The service cannot save this right now; try again in a minute. The feed link works meanwhile.';
export const EMAIL_NOT_SENT =
  'The confirmation could not be sent right now; try again later. The feed link works meanwhile.';
export const EMAIL_CLIENT_DAY_LIMIT = `At most ${EMAIL_SIGNUPS_PER_CLIENT_DAY} email sign-ups a day from one network; try again tomorrow.`;
/** The one answer to every sign-up taken: whether the address was known is not told. */
export const EMAIL_ACCEPTED =
  'If the address takes mail, a confirmation link is on its way to it. Nothing else is sent until it is followed.';

export interface EmailRouteOptions {
  collection: Collection;
  /** The page's views of the published deals: a watched product is named as its deals name it. */
  deals: FeedDeals;
  repository: Pick<
    DealsRepository,
    'signUpEmail' | 'confirmEmailWatch' | 'emailWatchesOf' | 'removeEmailWatches' | 'takeEmailSend'
  >;
  clock: Clock;
  /** Null: SMTP_URL is unset, and no email is offered. */
  email: Email | null;
  allowedOrigins: readonly string[];
  publicOrigins?: readonly string[];
  /** The sign-ups a client may make in a day: a cluster's shared count, else this process's. */
  budget?: SubscriptionBudget;
}

/** Ids and secrets as the service makes them. */
const SECRET = /^[A-Za-z0-9_-]{16,100}$/;
const ID = /^[A-Za-z0-9_-]{1,100}$/;

const SignUpBody = z.object({
  email: z.string().max(320).describe('The address to send to; never answered back.'),
  cadence: z
    .enum(['instant', 'daily'])
    .default('instant')
    .describe("'instant': as deals come (at most one email an hour); 'daily': one digest a day."),
  search: z
    .string()
    .max(MAX_SEARCH)
    .default('')
    .describe("The page's URL query of the followed search, e.g. 'category=flower'."),
  product: ProductWatchBody.optional().describe('Watch one product instead of a search.'),
});

/** A page link's parameters, read leniently: anything else is a page saying the link is bad. */
const LinkQuery = z.object({
  a: z.string().max(200).optional().catch(undefined),
  w: z.string().max(2000).optional().catch(undefined),
  t: z.string().max(200).optional().catch(undefined),
});

const BAD_LINK = [
  'This link is not (or no longer) valid. Links from older emails stop working once the address stops its email.',
];

/**
 * Email for a followed search or a watched product: whether email is on, the sign-up (double
 * opt-in: a confirmation link that expires in a day), and the pages its links open (confirm,
 * manage, unsubscribe, each acting by a button; the unsubscribe also as RFC 8058's one-click
 * POST). The address is never written into an answer or a page: only its inbox sees it.
 */
export const emailRoutes: FastifyPluginAsyncZod<EmailRouteOptions> = async (app, options) => {
  const { repository, clock, email } = options;
  const perClient = options.budget ?? new ClientDayLimit(EMAIL_SIGNUPS_PER_CLIENT_DAY);

  /** A product as its deal of the day names it; null when no store has it on deal today. */
  const nameOf = async (productKey: string): Promise<string | null> => {
    await options.collection.whenLoaded();
    await options.deals.ready();
    const today = weekdayAt(clock.now(), MARKET_TIME_ZONE);
    const view = options.deals
      .current()
      .showableOn(today)
      .find((candidate) => candidate.deal.productKey === productKey);
    return view === undefined ? null : productName(view);
  };

  app.get(
    EMAIL_API_PATHS.status,
    {
      schema: {
        summary: 'Whether this service offers email (SMTP_URL is set).',
        response: {
          200: z.object({
            enabled: z.boolean(),
            cadences: z.array(z.enum(['instant', 'daily'])),
          }),
        },
      },
    },
    () => ({ enabled: email !== null, cadences: ['instant', 'daily'] as EmailCadence[] }),
  );

  await app.register((signing, _options, registered) => {
    refuseCrossSiteWrites(signing, options.allowedOrigins, options.publicOrigins);
    signing.addContentTypeParser(
      'application/json',
      { parseAs: 'string', bodyLimit: EMAIL_BODY_LIMIT },
      (_request, body, done) => {
        try {
          done(null, JSON.parse(body as string));
        } catch {
          done(new HttpError(400, 'The body is not JSON.'));
        }
      },
    );
    signing.setErrorHandler((error: FastifyError) => {
      if (error.code === 'FST_ERR_CTP_BODY_TOO_LARGE') {
        throw new HttpError(413, `A sign-up is at most ${EMAIL_BODY_LIMIT} bytes.`);
      }
      if (error.validation) {
        throw new HttpError(400, `The sign-up is not valid: ${error.message}`.slice(0, 300));
      }
      throw error;
    });
    signing.withTypeProvider<ZodTypeProvider>().post(
      EMAIL_API_PATHS.watches,
      {
        bodyLimit: EMAIL_BODY_LIMIT,
        schema: {
          summary: 'Follows a search or watches a product by email, once the address confirms it.',
          description:
            'Sends the address a confirmation link (valid 24 hours); nothing else is sent until it ' +
            'is followed. Answers 202 whatever the address (known, new, waiting already), so that ' +
            'no one learns which addresses are kept. 404 when email is off (see GET /api/email).',
          body: SignUpBody,
          response: {
            202: z.object({ message: z.string() }),
            400: ErrorSchema,
            403: ErrorSchema,
            404: ErrorSchema,
            413: ErrorSchema,
            415: ErrorSchema,
            429: ErrorSchema,
            503: ErrorSchema,
          },
        },
      },
      async (request, reply) => {
        if (email === null) throw new HttpError(404, EMAIL_OFF);
        const now = clock.now();
        const address = readEmailAddress(request.body.email);
        if (address === null)
          throw new HttpError(400, 'That is not an email address this service sends to.');
        const watch = readWatch(request.body, (key) => isKnownDispensary(options.collection, key));
        if (typeof watch === 'string') throw new HttpError(400, watch);
        if (watch.productKey !== null) {
          const name = await nameOf(watch.productKey);
          if (name !== null)
            watch.what = watch.what.replace(productKeyWords(watch.productKey), name);
        }
        const client = clientKey(request.ip);
        if (!(await perClient.take(client, now))) throw new HttpError(429, EMAIL_CLIENT_DAY_LIMIT);
        const confirmToken = randomBytes(32).toString('base64url');
        const expiresAt = new Date(now.getTime() + CONFIRM_TTL_MS);
        const cadence = request.body.cadence;
        let signed: Awaited<ReturnType<typeof repository.signUpEmail>>;
        try {
          signed = await repository.signUpEmail(
            {
              address,
              addressId: randomBytes(16).toString('base64url'),
              token: randomBytes(32).toString('base64url'),
              createdAt: now.toISOString(),
              watch: {
                id: randomBytes(16).toString('base64url'),
                search: watch.search,
                productKey: watch.productKey,
                atMostCents: watch.atMostCents,
                cadence,
                confirmHash: tokenHash(confirmToken),
                confirmExpiresAt: expiresAt.toISOString(),
              },
            },
            { maxAddresses: email.maxAddresses, maxPending: MAX_PENDING_PER_ADDRESS },
          );
        } catch (error) {
          await perClient.giveBack(client, now);
          if (!isStorageUnavailable(error)) throw error;
          request.log.warn({ err: error }, 'an email sign-up could not be stored');
          reply.header('retry-after', String(STORE_RETRY_AFTER_S));
          throw new HttpError(503, EMAIL_STORE_UNAVAILABLE);
        }
        if (signed.kind === 'full') {
          await perClient.giveBack(client, now);
          throw new HttpError(503, EMAIL_FULL);
        }
        // A watch confirmed already, or an address with many waiting: the same answer, no mail.
        if (
          signed.kind === 'pending' &&
          (await repository.takeEmailSend(signed.addressId, marketDay(now), email.perDay))
        ) {
          const message = confirmationMessage(
            email.settings,
            { address, addressId: signed.addressId, token: signed.token },
            { id: signed.watchId, confirmToken, what: watch.what, cadence },
            expiresAt,
          );
          const sent = await email.send(message);
          if (!sent.ok) {
            request.log.warn({ reason: sent.error }, 'a confirmation email was not taken');
            throw new HttpError(503, EMAIL_NOT_SENT);
          }
        }
        return reply
          .code(202)
          .header('cache-control', 'no-store')
          .send({ message: EMAIL_ACCEPTED });
      },
    );
    registered();
  });

  app.get(
    EMAIL_PATHS.confirm,
    {
      schema: {
        summary: "A confirmation email's link: a page whose button confirms the watch.",
        querystring: LinkQuery,
        response: {
          200: { description: 'An HTML page.', content: { 'text/html': { schema: z.string() } } },
        },
      },
    },
    async (request, reply) => {
      const { w, t } = request.query;
      if (!isId(w) || !isSecret(t)) return sendPage(reply, 404, 'Link not valid', BAD_LINK);
      return sendPage(
        reply,
        200,
        'Confirm your email',
        ['One more step: confirm that this address is to be sent these emails.'],
        [{ action: `${EMAIL_PATHS.confirm}?${linkQuery({ w, t })}`, label: 'Confirm' }],
      );
    },
  );

  app.post(
    EMAIL_PATHS.confirm,
    {
      schema: {
        summary:
          'Confirms a watch (the confirmation page’s button); its link expires after 24 hours.',
        querystring: LinkQuery,
        response: {
          200: { description: 'An HTML page.', content: { 'text/html': { schema: z.string() } } },
          404: { description: 'An HTML page.', content: { 'text/html': { schema: z.string() } } },
          410: { description: 'An HTML page.', content: { 'text/html': { schema: z.string() } } },
        },
      },
    },
    async (request, reply) => {
      const { w, t } = request.query;
      if (!isId(w) || !isSecret(t)) return sendPage(reply, 404, 'Link not valid', BAD_LINK);
      const confirmed = await repository.confirmEmailWatch(w, tokenHash(t), clock.now());
      switch (confirmed) {
        case 'confirmed':
        case 'already':
          return sendPage(reply, 200, 'Confirmed', [
            'Done: this address gets its first email when there is news. Every email has a link to stop it.',
          ]);
        case 'expired':
          return sendPage(reply, 410, 'Link expired', [
            'This confirmation link expired (it works for 24 hours). Sign up again from the page.',
          ]);
        default:
          return sendPage(reply, 404, 'Link not valid', BAD_LINK);
      }
    },
  );

  app.get(
    EMAIL_PATHS.manage,
    {
      schema: {
        summary: "An email's link to manage the address: its watches, each with a stop button.",
        querystring: LinkQuery,
        response: {
          200: { description: 'An HTML page.', content: { 'text/html': { schema: z.string() } } },
          404: { description: 'An HTML page.', content: { 'text/html': { schema: z.string() } } },
        },
      },
    },
    async (request, reply) => {
      const { a, t } = request.query;
      if (!isId(a) || !isSecret(t)) return sendPage(reply, 404, 'Link not valid', BAD_LINK);
      const kept = await repository.emailWatchesOf(a, t);
      if (kept === null) return sendPage(reply, 404, 'Nothing to manage', BAD_LINK);
      const dispensaries = options.collection.dispensaries();
      const isDispensary = (key: string) => isKnownDispensary(options.collection, key);
      const items: string[] = [];
      for (const watch of kept.watches) {
        const what =
          watch.productKey === null
            ? feedTitle(readFeedSearch(watch.search, isDispensary), dispensaries)
            : `${(await nameOf(watch.productKey)) ?? productKeyWords(watch.productKey)}${watch.atMostCents === null ? '' : ` at or below ${moneyText(watch.atMostCents / 100)}`}`;
        const state =
          watch.confirmedAt === null
            ? 'waiting for its confirmation'
            : watch.cadence === 'daily'
              ? 'daily digest'
              : 'as deals come';
        items.push(
          listItem(`${what} (${state})`, {
            action: `${EMAIL_PATHS.unsubscribe}?${linkQuery({ a, t, w: watch.id })}`,
            label: 'Stop this one',
          }),
        );
      }
      return sendPage(
        reply,
        200,
        'Your STL Deals email',
        ['What this address is sent:'],
        [
          {
            action: `${EMAIL_PATHS.unsubscribe}?${linkQuery({ a, t })}`,
            label: 'Stop all email to this address',
          },
        ],
        `<ul>${items.join('')}</ul>`,
      );
    },
  );

  app.get(
    EMAIL_PATHS.unsubscribe,
    {
      schema: {
        summary: "An email's stop link: a page whose button stops it (POST is the one-click stop).",
        querystring: LinkQuery,
        response: {
          200: { description: 'An HTML page.', content: { 'text/html': { schema: z.string() } } },
          404: { description: 'An HTML page.', content: { 'text/html': { schema: z.string() } } },
        },
      },
    },
    async (request, reply) => {
      const link = readStopLink(request.query);
      if (link === null) return sendPage(reply, 404, 'Link not valid', BAD_LINK);
      return sendPage(
        reply,
        200,
        'Stop these emails',
        [
          link.watchIds === 'all'
            ? 'Stop every email to this address?'
            : 'Stop the emails of this link?',
        ],
        [
          {
            action: `${EMAIL_PATHS.unsubscribe}?${linkQuery({
              a: link.addressId,
              t: link.token,
              ...(link.watchIds === 'all' ? {} : { w: link.watchIds.join(',') }),
            })}`,
            label: 'Stop',
          },
        ],
      );
    },
  );

  app.post(
    EMAIL_PATHS.unsubscribe,
    {
      schema: {
        summary:
          'Stops watches of an address, or all of its email: RFC 8058 one-click unsubscribe.',
        description:
          "The URL of an email's List-Unsubscribe header (`a`, `t`, and `w`: the watches, " +
          'comma-separated; none: every email of the address). The body (`List-Unsubscribe=One-Click`) ' +
          'is not needed. Answers 200 also when there is nothing left to stop.',
        querystring: LinkQuery,
        response: {
          200: { description: 'An HTML page.', content: { 'text/html': { schema: z.string() } } },
          403: { description: 'An HTML page.', content: { 'text/html': { schema: z.string() } } },
          404: { description: 'An HTML page.', content: { 'text/html': { schema: z.string() } } },
        },
      },
    },
    async (request, reply) => {
      const link = readStopLink(request.query);
      if (link === null) return sendPage(reply, 404, 'Link not valid', BAD_LINK);
      const removed = await repository.removeEmailWatches(
        link.addressId,
        link.token,
        link.watchIds,
      );
      if (removed === 'refused') return sendPage(reply, 403, 'Link not valid', BAD_LINK);
      return sendPage(reply, 200, 'Stopped', [
        link.watchIds === 'all'
          ? 'Stopped: this address is sent no more email, and the service keeps nothing of it.'
          : 'Stopped: no more email about this. Other emails of this address go on; each has its own stop link.',
      ]);
    },
  );
};

function isId(value: string | undefined): value is string {
  return value !== undefined && ID.test(value);
}

function isSecret(value: string | undefined): value is string {
  return value !== undefined && SECRET.test(value);
}

/** A stop link's address, secret and watches (none named: all), or null when it is none. */
function readStopLink(query: z.infer<typeof LinkQuery>): {
  addressId: string;
  token: string;
  watchIds: string[] | 'all';
} | null {
  const { a, t, w } = query;
  if (!isId(a) || !isSecret(t)) return null;
  if (w === undefined || w === '') return { addressId: a, token: t, watchIds: 'all' };
  const watchIds = w.split(',');
  if (watchIds.length > 50 || !watchIds.every(isId)) return null;
  return { addressId: a, token: t, watchIds };
}

/** What a sign-up watches: a search (the page's query) or a product, and how a message says it. */
function readWatch(
  body: z.infer<typeof SignUpBody>,
  isDispensary: (key: string) => boolean,
):
  { search: string; productKey: string | null; atMostCents: number | null; what: string } | string {
  if (body.product !== undefined) {
    const watch = readProductWatch(body.product);
    if (typeof watch === 'string') return watch;
    const target =
      watch.atMostCents === null ? '' : ` at or below ${moneyText(watch.atMostCents / 100)}`;
    return {
      search: productQuery(watch.productKey),
      ...watch,
      what: `${productKeyWords(watch.productKey)} on deal${target}`,
    };
  }
  const search = readPageQuery(body.search);
  if (search === null) return 'The search must be the page’s URL query, as the page writes it.';
  const feedSearch = readFeedSearch(search, isDispensary);
  if (lacksPoint(feedSearch)) return RADIUS_NEEDS_POINT;
  return {
    search,
    productKey: null,
    atMostCents: null,
    what: `new deals of ${feedTitle(feedSearch, [])}`,
  };
}

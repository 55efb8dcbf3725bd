import { resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import {
  BUNDLED_REGISTRY_PATH,
  CENSUS_GEOCODER_URL,
  isAllowListEntry,
  readPlatformConfigFile,
} from '@stl-deals/scraper';
import { z } from 'zod';
import {
  EmailSender,
  isPostgresUrl,
  isSmtpUrl,
  optionalSetting,
  PostalAddress,
  OriginList,
  PushServiceHosts,
  TrustProxy,
  VapidKey,
  VapidSubject,
  whole,
} from './env-fields';
import { readTaxRatesFile } from './tax-rates';

/**
 * Every setting the service reads, parsed once at start. Nothing else reads `process.env`;
 * a bad value stops the start with the variable named. Exported for the docs' drift test, which
 * checks that docs/operations.md names every key.
 */
export const EnvSchema = z.object({
  PORT: whole(0, 65_535, 3000),
  HOST: z.string().min(1).default('0.0.0.0'),
  DATA_DIR: z
    .string()
    .min(1)
    .default('./data')
    .transform((path) => resolve(path)),
  /**
   * The PostgreSQL database the deals are stored in (`postgres://user:password@host:port/db`),
   * so that several processes share one store. Unset or empty: the SQLite file in DATA_DIR.
   */
  DATABASE_URL: optionalSetting(
    z
      .string()
      .refine(
        isPostgresUrl,
        'must be a postgres:// or postgresql:// URL naming a host and a database',
      ),
  ),
  /**
   * With DATABASE_URL: what this process does. 'api' serves the page and the API, 'worker' runs
   * the scrape jobs and the schedule (and answers the monitoring calls), 'all' both. Without
   * DATABASE_URL only 'all' is possible (one process on its SQLite file).
   */
  ROLE: z
    .enum(['api', 'worker', 'all'], { error: "must be 'api', 'worker' or 'all'" })
    .default('all'),
  /**
   * A scrape job's lease: a worker that holds a job this long is taken for dead and another
   * worker gets the job. Unset: SCRAPE_TIMEOUT_S + 30.
   */
  JOB_LEASE_S: z
    .string()
    .optional()
    .transform((value) => (value === '' ? undefined : value))
    .pipe(whole(10, 24 * 60 * 60, 0).optional()),
  /** How often an idle worker asks the queue for a job. */
  QUEUE_POLL_S: whole(1, 60, 1),
  /** How often the queue looks for jobs whose lease ran out. */
  QUEUE_MAINTENANCE_S: whole(1, 60 * 60, 10),
  /** Deal history of keys unseen this long, and in no current snapshot, is pruned (hourly). */
  HISTORY_RETENTION_DAYS: whole(1, 10 * 365, 90),
  /**
   * Deal history rows kept per dispensary, whatever their age: a source sending new deal ids
   * every scrape cannot grow the store between prunes. At least 1,000; keep it above
   * MAX_DEALS_PER_STORE, so a snapshot's own rows always stay.
   */
  HISTORY_ROWS_PER_STORE: whole(1_000, 10_000_000, 20_000),
  /**
   * Days of price observations kept (one per store, product and day): older days are pruned at
   * start and hourly. At least 31, as a deal's price facts read the 30 days before today; the
   * history call serves up to 365.
   */
  PRICE_HISTORY_DAYS: whole(31, 10 * 365, 400),
  /** How often the store is checked: still there, still the same file or database, undamaged. */
  STORE_CHECK_INTERVAL_S: whole(1, 24 * 60 * 60, 60),
  DEALS_REGISTRY: z.string().min(1).default(BUNDLED_REGISTRY_PATH),
  /**
   * A JSON file overriding any part of the scraper's platform configuration (base URLs, hashes,
   * keys), read and checked here so that a bad file stops the start; unset: the defaults.
   */
  PLATFORMS_CONFIG: z
    .string()
    .optional()
    .transform((path, ctx) => {
      if (!path) return undefined;
      try {
        return readPlatformConfigFile(path);
      } catch (error) {
        ctx.addIssue({ code: 'custom', message: (error as Error).message });
        return z.NEVER;
      }
    }),
  /**
   * A JSON file overriding the bundled tax rates per dispensary key (docs/tax-rates.md), read and
   * checked here so that a bad file stops the start naming the field; unset: the bundled table.
   */
  TAX_RATES: z
    .string()
    .optional()
    .transform((path, ctx) => {
      if (!path) return undefined;
      try {
        return readTaxRatesFile(path);
      } catch (error) {
        ctx.addIssue({ code: 'custom', message: (error as Error).message });
        return z.NEVER;
      }
    }),
  REFRESH_INTERVAL_MIN: whole(1, 24 * 60, 30),
  REFRESH_COOLDOWN_S: whole(0, 24 * 60 * 60, 60),
  /**
   * The longest a visitor's refresh of one dispensary waits for its scrape; then it answers the
   * last good deals saying the menu is still being read (the page gives up at 60 s).
   */
  REFRESH_WAIT_S: whole(1, 55, 50),
  SCRAPE_CONCURRENCY: whole(1, 32, 4),
  /** A whole scrape of one dispensary, every request it makes included. */
  SCRAPE_TIMEOUT_S: whole(1, 15 * 60, 120),
  /** Deals kept per dispensary; a menu with more keeps its deepest discounts, and status says so. */
  MAX_DEALS_PER_STORE: whole(1, 100_000, 2_000),
  /**
   * The most one dispensary's kept deals may weigh as JSON, in KiB; a heavier menu keeps its
   * deepest discounts up to it (as over MAX_DEALS_PER_STORE), and status says so.
   */
  MAX_DEAL_KIB_PER_STORE: whole(64, 1024 * 1024, 4096),
  /** One read of a store's payloads in its parsing thread; over it, the thread is ended. */
  PARSE_TIME_LIMIT_S: whole(1, 10 * 60, 20),
  /** The heap of one parsing thread, in MB. */
  PARSE_MEMORY_MB: whole(32, 4_096, 256),
  /** The longest Retry-After a menu host is believed for; the asking dispensary alone waits. */
  RETRY_AFTER_MAX_S: whole(1, 24 * 60 * 60, 600),
  /**
   * Hosts, IP addresses and CIDR ranges the scraper may reach although they are not public
   * (loopback, private, link-local...); everything else of the kind is refused. Empty: none.
   */
  ALLOW_PRIVATE_HOSTS: z
    .string()
    .optional()
    .transform((value) =>
      (value ?? '')
        .split(',')
        .map((entry) => entry.trim())
        .filter(Boolean),
    )
    .pipe(
      z.array(z.string().refine(isAllowListEntry, 'must be a host name, IP address or CIDR range')),
    ),
  RATE_LIMIT_PER_MIN: whole(1, 10_000, 10),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  /** Comma-separated origins allowed to call the API from another site; unset or empty: no CORS. */
  CORS_ORIGIN: OriginList,
  /**
   * Comma-separated origins the service is reached at (`https://deals.example`). Set: a request
   * for any other Host is a 421 (monitoring calls and `/metrics` excepted), and a refresh is
   * taken only from a page of these origins or of CORS_ORIGIN, so a rebinding name pointed at
   * the service cannot use it. Unset or empty: any Host, and the refresh's own origin is read
   * from Host.
   */
  PUBLIC_ORIGIN: OriginList,
  TRUST_PROXY: TrustProxy,
  /** Unset: `/metrics` is not served on PORT. Set: it is, to `Authorization: Bearer <token>`. */
  METRICS_TOKEN: z
    .string()
    .optional()
    .transform((value) => (value === '' ? undefined : value))
    .pipe(
      z
        .string()
        .min(16, 'must be at least 16 characters')
        .regex(/^[\x21-\x7e]+$/, 'must be printable ASCII without spaces')
        .optional(),
    ),
  /** A second listener, on METRICS_HOST, serving `/metrics` alone and without a token. */
  METRICS_PORT: z
    .string()
    .optional()
    .transform((value) => (value === '' ? undefined : value))
    .pipe(whole(0, 65_535, 0).optional()),
  METRICS_HOST: z.string().min(1).default('127.0.0.1'),
  /**
   * The built page. The default is found from this module's place, which sits as deep under apps/
   * as the built service's bundle does, so both name apps/web/dist.
   */
  WEB_DIST: z
    .string()
    .min(1)
    .default(fileURLToPath(new URL('../../web/dist', import.meta.url))),
  /** Sent with every request to a menu platform: names the product and how to reach its owner. */
  USER_AGENT: z
    .string()
    .min(1)
    .max(300)
    .default('STLDealsBot/0.1 (+https://github.com/stl-deals/stl-deals)'),
  /**
   * 'on': before the first scrape of a dispensary with a website and no platform id (read as a
   * specials page, or with no source at all), its website is opened in the browser to find the
   * menu platform it embeds; what is found is kept in the store. 'off': the registry is read as is.
   */
  RESOLVE_SOURCES: z.enum(['on', 'off'], { error: "must be 'on' or 'off'" }).default('on'),
  /** The Chromium of the browser transport, for menus that refuse plain http. */
  CHROMIUM_PATH: z.string().min(1).default('/usr/bin/chromium'),
  /**
   * The VAPID key pair Web Push messages are signed with (base64url, as `web-push
   * generate-vapid-keys` writes them): both or neither. Unset: a pair is made at the first start
   * and kept in the store, the same for every process of a cluster.
   */
  VAPID_PUBLIC_KEY: VapidKey(65),
  VAPID_PRIVATE_KEY: VapidKey(32),
  /**
   * How a push service reaches the operator (RFC 8292): a mailto: or https: URL. Unset: the first
   * https PUBLIC_ORIGIN, else the project's page.
   */
  VAPID_SUBJECT: VapidSubject,
  /**
   * The push services subscriptions may name (comma-separated host names, each matching an
   * endpoint's host on any port; '.' first: any subdomain). Unset: the major browsers'.
   */
  PUSH_SERVICE_HOSTS: PushServiceHosts,
  /** Web Push subscriptions kept at most; a new one past it is refused. 0: none is taken. */
  PUSH_MAX_SUBSCRIPTIONS: whole(0, 10_000_000, 100_000),
  /**
   * The mail server email is sent through, as nodemailer reads it
   * (`smtp://user:password@host:587`, `smtps://...:465`). Unset or empty: no email is offered.
   */
  SMTP_URL: optionalSetting(
    z.string().refine(isSmtpUrl, 'must be an smtp:// or smtps:// URL naming a host'),
  ),
  /** The sender of every email ('STL Deals <deals@example.com>'); needed with SMTP_URL. */
  EMAIL_FROM: EmailSender,
  /** The operator's postal address, shown at the foot of every email; needed with SMTP_URL. */
  EMAIL_POSTAL_ADDRESS: PostalAddress,
  /** Email addresses kept at most; a new one past it is refused. */
  EMAIL_MAX_ADDRESSES: whole(0, 10_000_000, 100_000),
  /** Messages one address is sent per day at most (St. Louis days), confirmations included. */
  EMAIL_MESSAGES_PER_DAY: whole(1, 100, 10),
  /**
   * The street-address geocoder, in the US Census one-line address API's form; unset: the
   * Census's own; empty: none is asked (dispensaries without coordinates get their ZIP's centroid).
   */
  GEOCODER_URL: z
    .string()
    .optional()
    .transform((value) => (value === undefined ? CENSUS_GEOCODER_URL : value.trim() || null))
    .pipe(
      z
        .url({ protocol: /^https?$/, error: 'must be an http(s) URL, or empty for no geocoder' })
        .nullable(),
    ),
});

export type Config = z.infer<typeof EnvSchema>;

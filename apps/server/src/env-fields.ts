import { isIP } from 'node:net';
import { z } from 'zod';
import { DEFAULT_PUSH_SERVICE_HOSTS, isPushServiceEntry } from './follow/push-services';

/**
 * The field types the environment schema is made of: whole numbers, origins, a PostgreSQL URL
 * and the trusted proxies, each read from a string and refused with a message that says what is
 * wanted.
 */

/**
 * A whole number from an environment string, within bounds. Decimal digits only: no sign, no
 * `0x10`, no `1e3`, no spaces. Unset or empty means `fallback`, never 0.
 */
export const whole = (min: number, max: number, fallback: number) =>
  z
    .string()
    .optional()
    .transform((value) => (value === undefined || value === '' ? String(fallback) : value))
    .pipe(z.string().regex(/^\d+$/, 'must be a whole number in decimal digits'))
    .transform(Number)
    .pipe(z.number().int().min(min).max(max));

/** Whether `value` is an http(s) origin such as `https://deals.example.com`, as CORS compares it. */
function isOrigin(value: string): boolean {
  if (!URL.canParse(value)) return false;
  const url = new URL(value);
  return (url.protocol === 'http:' || url.protocol === 'https:') && url.origin === value;
}

const Origin = z
  .string()
  .refine(
    isOrigin,
    'must be an http(s) origin such as https://deals.example.com: scheme and host only',
  );

/** Comma-separated origins; unset or empty: undefined. */
export const OriginList = z
  .string()
  .optional()
  .transform((value) =>
    value === undefined || value.trim() === ''
      ? undefined
      : value.split(',').map((origin) => origin.trim()),
  )
  .pipe(z.array(Origin).min(1).optional());

/** Whether `value` is a PostgreSQL connection URL with a host and a database name. */
export function isPostgresUrl(value: string): boolean {
  if (!URL.canParse(value)) return false;
  const url = new URL(value);
  return (
    (url.protocol === 'postgres:' || url.protocol === 'postgresql:') &&
    url.hostname !== '' &&
    url.pathname.length > 1
  );
}

/** The names @fastify/proxy-addr gives reserved ranges, which `trustProxy` takes like addresses. */
const NAMED_RANGES = new Set(['loopback', 'linklocal', 'uniquelocal']);

/** An IP address, a CIDR range (`10.0.0.0/8`, `fd00::/8`), an IPv4 netmask range, or a named range. */
function isProxyAddress(value: string): boolean {
  if (NAMED_RANGES.has(value)) return true;
  const [address = '', range, ...rest] = value.split('/');
  const version = isIP(address);
  if (version === 0 || rest.length > 0) return false;
  if (range === undefined) return true;
  if (/^\d{1,3}$/.test(range)) return Number(range) <= (version === 4 ? 32 : 128);
  return version === 4 && isIP(range) === 4;
}

/**
 * Which peers may set `X-Forwarded-For` (so the rate limit counts the client, not the proxy).
 * Unset, empty or `false`: no proxy. A whole number N (1-10): exactly N proxies stand in front,
 * so the client is the N-th address from the right of `X-Forwarded-For` (what the outermost proxy
 * appended); for when only the proxy can reach the port. Else a comma-separated list of proxy
 * addresses and CIDR ranges, walked from the right past every trusted one. `true` is refused:
 * it used to take the leftmost address, which any client can write itself.
 */
export const TrustProxy = z
  .string()
  .optional()
  .transform((value, ctx): false | number | string[] => {
    const text = value?.trim() ?? '';
    if (text === '' || text === 'false') return false;
    if (text === 'true') {
      ctx.addIssue({
        code: 'custom',
        message:
          'true is not taken (it trusted a client-written address); set the number of proxy hops (e.g. 1) or the proxy addresses (e.g. 10.0.0.0/8)',
      });
      return z.NEVER;
    }
    if (/^\d+$/.test(text)) {
      const hops = Number(text);
      if (hops >= 1 && hops <= 10) return hops;
      ctx.addIssue({ code: 'custom', message: 'a hop count must be from 1 to 10' });
      return z.NEVER;
    }
    const entries = text.split(',').map((entry) => entry.trim());
    const bad = entries.filter((entry) => !isProxyAddress(entry));
    if (bad.length > 0) {
      ctx.addIssue({
        code: 'custom',
        message: `must be false, a hop count, or IP addresses and CIDR ranges; these are not: ${bad.map((entry) => JSON.stringify(entry)).join(', ')}`,
      });
      return z.NEVER;
    }
    return entries;
  });

/** A setting that may be left out: trimmed; unset or empty is undefined, else `value` holds. */
export const optionalSetting = (value: z.ZodString) =>
  z
    .string()
    .optional()
    .transform((text) => text?.trim() || undefined)
    .pipe(value.optional());

/** Unset or empty: undefined. Else base64url (no padding) of exactly `bytes` bytes. */
export const VapidKey = (bytes: number) =>
  optionalSetting(
    z
      .string()
      .regex(/^[A-Za-z0-9_-]+$/, 'must be base64url without padding')
      .refine(
        (value) => Buffer.from(value, 'base64url').length === bytes,
        `must decode to ${bytes} bytes (a P-256 key as web-push writes it)`,
      ),
  );

/** A mailto: or https: URL; unset or empty: undefined (the service picks one). */
export const VapidSubject = optionalSetting(
  z
    .string()
    .refine(
      (value) => URL.canParse(value) && ['mailto:', 'https:'].includes(new URL(value).protocol),
      'must be a mailto: or https: URL',
    ),
);

/** Comma-separated host names (lower-cased); unset or empty: the major browsers' push services. */
export const PushServiceHosts = z
  .string()
  .optional()
  .transform((value) =>
    value === undefined || value.trim() === ''
      ? [...DEFAULT_PUSH_SERVICE_HOSTS]
      : value.split(',').map((entry) => entry.trim().toLowerCase()),
  )
  .pipe(
    z.array(
      z
        .string()
        .refine(
          isPushServiceEntry,
          'each entry must be a host name (a leading dot: any subdomain) or an IP address',
        ),
    ),
  );

/** Whether `value` is an smtp: or smtps: URL naming a host (nodemailer's own form). */
export function isSmtpUrl(value: string): boolean {
  if (!URL.canParse(value)) return false;
  const url = new URL(value);
  return (url.protocol === 'smtp:' || url.protocol === 'smtps:') && url.hostname !== '';
}

/**
 * A sender as a From header takes it: 'Name <box@host>' or 'box@host', on one line, without
 * the characters that would end or split a header.
 */
export const EmailSender = optionalSetting(
  z
    .string()
    .max(200)
    .regex(
      /^(?:[^<>\r\n"]{1,100} <[^\s<>@]+@[^\s<>@]+>|[^\s<>@]+@[^\s<>@]+)$/,
      "must be 'Name <box@host>' or 'box@host' on one line",
    ),
);

/** The operator's postal address, on one line or several joined by ' | ' (at most 300). */
export const PostalAddress = optionalSetting(
  z
    .string()
    .max(300)
    .regex(/^[^\r\n<>]+$/, 'must be one line without < or >'),
);

import { resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { BUNDLED_REGISTRY_PATH } from '@stl-deals/scraper';
import { z } from 'zod';

/** A whole number from an environment string, within bounds. */
const whole = (min: number, max: number, fallback: number) =>
  z.coerce.number().int().min(min).max(max).default(fallback);

/** An http(s) origin such as `https://deals.example.com`, as CORS compares it. */
const Origin = z
  .url({ protocol: /^https?$/ })
  .refine((value) => new URL(value).origin === value, 'must be an origin: scheme and host only');

/**
 * Every setting the service reads, parsed once at start. Nothing else reads `process.env`;
 * a bad value stops the start with the variable named.
 */
const EnvSchema = z.object({
  PORT: whole(0, 65_535, 3000),
  HOST: z.string().min(1).default('0.0.0.0'),
  DATA_DIR: z
    .string()
    .min(1)
    .default('./data')
    .transform((path) => resolve(path)),
  DEALS_REGISTRY: z.string().min(1).default(BUNDLED_REGISTRY_PATH),
  REFRESH_INTERVAL_MIN: whole(1, 24 * 60, 30),
  REFRESH_COOLDOWN_S: whole(0, 24 * 60 * 60, 60),
  SCRAPE_CONCURRENCY: whole(1, 32, 4),
  /** A whole scrape of one dispensary, every request it makes included. */
  SCRAPE_TIMEOUT_S: whole(1, 15 * 60, 120),
  RATE_LIMIT_PER_MIN: whole(1, 10_000, 10),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  /** Comma-separated origins allowed to call the API from another site; unset means no CORS. */
  CORS_ORIGIN: z
    .string()
    .transform((value) => value.split(',').map((origin) => origin.trim()))
    .pipe(z.array(Origin).min(1))
    .optional(),
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
  /** The Chromium of the browser transport, for menus that refuse plain http. */
  CHROMIUM_PATH: z.string().min(1).default('/usr/bin/chromium'),
});

export type Config = z.infer<typeof EnvSchema>;

export class ConfigError extends Error {
  override name = 'ConfigError';
}

export function loadConfig(env: NodeJS.ProcessEnv = process.env): Config {
  const result = EnvSchema.safeParse(env);
  if (result.success) return result.data;
  const problems = result.error.issues.map(
    (issue) =>
      `${String(issue.path[0])}: ${issue.message} (got ${JSON.stringify(env[String(issue.path[0])])})`,
  );
  throw new ConfigError(`Invalid configuration:\n  ${problems.join('\n  ')}`);
}

import { z } from 'zod';
import { SOURCE_STATES } from './constants';
import { IsoDateTime, LIMITS, ShortText } from './values';

export { DEFAULT_DISPENSARY_COUNT, SOURCE_STATES, type SourceState } from './constants';

export const SourceStateSchema = z.enum(SOURCE_STATES);

/** How one dispensary's collection stands: the honest per-source part of the status. */
export const SourceStatusSchema = z.object({
  key: z.string().max(LIMITS.key),
  name: ShortText,
  state: SourceStateSchema,
  dealCount: z.number().int().nonnegative(),
  lastSuccessAt: IsoDateTime.nullable(),
  lastAttemptAt: IsoDateTime.nullable(),
  error: ShortText.nullable(),
  /**
   * Sent when the last scrape's menu held more deals than the service keeps per dispensary
   * (MAX_DEALS_PER_STORE): how many it held; `dealCount` are the deepest discounts among them.
   */
  dealsFound: z.number().int().nonnegative().optional(),
  /**
   * Sent when deals of the dispensary's last result are held back, not published: their price
   * today is over 3 times their product's usual price or under a third of it, more likely a broken
   * feed than a price, until the next days confirm it. The store's price problem, in a count.
   */
  pricesHeldBack: z
    .number()
    .int()
    .positive()
    .optional()
    .describe(
      "Deals held back: today's price is far from the product's own history (over 3x or under a third of its median) until the next days confirm it.",
    ),
});
export type SourceStatus = z.infer<typeof SourceStatusSchema>;

/**
 * `GET /api/monitoring/scraper/status`. The spec documents `ready` and `totalDeals` only, so those
 * are required; `lastUpdate` (ISO 8601 or 'never') and `dispensaryCount` are read when present,
 * and the rest are this service's extensions.
 */
export const CacheStatusSchema = z.object({
  ready: z.boolean(),
  totalDeals: z.number().int().nonnegative(),
  lastUpdate: z.union([IsoDateTime, z.literal('never')]).optional(),
  dispensaryCount: z.number().int().nonnegative().optional(),

  progress: z
    .object({ done: z.number().int().nonnegative(), total: z.number().int().nonnegative() })
    .optional(),
  etaSeconds: z.number().nonnegative().optional(),
  sources: z.array(SourceStatusSchema).optional(),
  /**
   * Whether the service's own storage is sound. When not, the deals served are the last good ones
   * it holds in memory, and `reason` says why in words fit for anyone.
   */
  storage: z
    .object({ ok: z.boolean(), reason: ShortText.optional() })
    .optional()
    .describe("Whether the service's storage is sound; when not, the last good deals are served."),
  /** Sources by state (see `countSources`): ok; failing (stale or failed); unconfigured. */
  sourcesOk: z.number().int().nonnegative().optional(),
  sourcesFailing: z.number().int().nonnegative().optional(),
  sourcesUnconfigured: z.number().int().nonnegative().optional(),
  /** True when the deals come from the platform simulator (the service's demo mode). */
  demo: z
    .boolean()
    .optional()
    .describe('True when the deals come from the platform simulator (demo mode).'),
});
export type CacheStatus = z.infer<typeof CacheStatusSchema>;

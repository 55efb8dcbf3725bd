import { readFileSync } from 'node:fs';
import { z } from 'zod';
import { PLATFORM_SITES } from './adapters/shared/site-links';
import type { PlatformConfig } from './adapters/types';

/**
 * The platforms' public endpoints and the persisted-query hashes seen most recently
 * (../shared/research/platforms.md). Hashes rotate: override them in configuration, not code.
 */
export const DEFAULT_PLATFORM_CONFIG: PlatformConfig = {
  baseUrls: {
    dutchie: 'https://dutchie.com',
    janeAlgolia: 'https://search.iheartjane.com',
    jane: 'https://www.iheartjane.com',
    weedmaps: 'https://api-g.weedmaps.com',
    leafly: 'https://www.leafly.com',
    leaflyFinder: 'https://finder-service.leafly.com',
    dispense: 'https://api.dispenseapp.com',
  },
  siteUrls: { ...PLATFORM_SITES },
  dutchieHashes: {
    FilteredProducts: '0fae0c65b4f7910948ee6bb3ff5dc31e5a437839609b037f7d88a5215c82768d',
    GetSpecialMenuCards: '7803304c8df8df5d30281503d75f98f6b4a9db0c022bb4c4375cb717d2910586',
    FilteredSpecials: '0dfb85a4fc138c55a076d4d11bf6d1a25f7cbd511428e1cf5a5b863b3eb23f25',
    ConsumerDispensaries: '0d3ff8648848a737bbbeff9d090854ce2b78a7c4330d4982dab5b32ba2009448',
    // Every published value is stale (directories.md 1.1): discovery asks for a configured one.
    DispensarySearch: '',
  },
  janeAlgolia: { appId: 'VFM4X0N23A', apiKey: '' },
  maxPages: 20,
};

/** An http(s) base URL; a trailing slash is dropped, since adapters append paths starting with '/'. */
const BaseUrl = z
  .string()
  .refine((value) => {
    if (!URL.canParse(value)) return false;
    const { protocol, search, hash } = new URL(value);
    return (protocol === 'http:' || protocol === 'https:') && search === '' && hash === '';
  }, 'must be an http(s) URL without query or fragment, such as https://dutchie.com')
  .transform((value) => value.replace(/\/+$/, ''));

const PersistedQueryHash = z
  .string()
  .regex(/^[0-9a-f]{64}$/, 'must be a persisted-query hash: 64 lowercase hex digits');

/** A key or id sent in a header or a URL: printable, no spaces, bounded. */
const Token = (max: number) =>
  z
    .string()
    .max(max)
    .regex(/^[\x21-\x7e]*$/, 'must be printable ASCII without spaces');

/**
 * PLATFORMS_CONFIG: any part of `PlatformConfig`, every field optional, merged over the defaults
 * by `mergePlatformConfig`. Unknown fields are refused (a misspelt hash name must not be ignored
 * silently while the stale default stays in use).
 */
export const PlatformConfigOverrideSchema = z.strictObject({
  baseUrls: z
    .strictObject({
      dutchie: BaseUrl,
      janeAlgolia: BaseUrl,
      jane: BaseUrl,
      weedmaps: BaseUrl,
      leafly: BaseUrl,
      leaflyFinder: BaseUrl,
      dispense: BaseUrl,
    })
    .partial()
    .optional(),
  siteUrls: z
    .strictObject({ dutchie: BaseUrl, jane: BaseUrl, weedmaps: BaseUrl, leafly: BaseUrl })
    .partial()
    .optional(),
  dutchieHashes: z
    .strictObject({
      FilteredProducts: PersistedQueryHash,
      GetSpecialMenuCards: PersistedQueryHash,
      FilteredSpecials: PersistedQueryHash,
      ConsumerDispensaries: PersistedQueryHash,
      DispensarySearch: PersistedQueryHash,
    })
    .partial()
    .optional(),
  janeAlgolia: z
    .strictObject({
      appId: Token(40).min(1, 'must not be empty'),
      /** Blank: read from the store page. */
      apiKey: Token(200),
    })
    .partial()
    .optional(),
  dispenseApiKey: Token(200).min(1, 'must not be empty').optional(),
  maxPages: z.number().int().min(1).max(100).optional(),
});
export type PlatformConfigOverride = z.input<typeof PlatformConfigOverrideSchema>;

/** A platforms configuration that cannot be used; the message names the file and the field. */
export class PlatformConfigError extends Error {
  override name = 'PlatformConfigError';
}

/**
 * `override` (checked by PlatformConfigOverrideSchema) over `base`, field by field: what the
 * override leaves out keeps the base's value. The one way a configuration is made: the
 * operator's PLATFORMS_CONFIG file, demo mode's simulator and the tests all go through it.
 */
export function mergePlatformConfig(
  override: PlatformConfigOverride = {},
  base: PlatformConfig = DEFAULT_PLATFORM_CONFIG,
  source = 'platforms configuration',
): PlatformConfig {
  const result = PlatformConfigOverrideSchema.safeParse(override);
  if (!result.success) {
    const problems = result.error.issues.map(
      (issue) => `${issue.path.join('.') || '(file)'}: ${issue.message}`,
    );
    throw new PlatformConfigError(`${source}: ${problems.join('; ')}`);
  }
  const { baseUrls, siteUrls, dutchieHashes, janeAlgolia, dispenseApiKey, maxPages } = result.data;
  return {
    baseUrls: { ...base.baseUrls, ...baseUrls },
    siteUrls: { ...base.siteUrls, ...siteUrls },
    dutchieHashes: { ...base.dutchieHashes, ...dutchieHashes },
    janeAlgolia: { ...base.janeAlgolia, ...janeAlgolia },
    ...((dispenseApiKey ?? base.dispenseApiKey)
      ? { dispenseApiKey: dispenseApiKey ?? base.dispenseApiKey }
      : {}),
    maxPages: maxPages ?? base.maxPages,
  };
}

/** Reads a PLATFORMS_CONFIG file; a file that is missing, not JSON or invalid throws, naming it. */
export function readPlatformConfigFile(path: string): PlatformConfigOverride {
  let text: string;
  try {
    text = readFileSync(path, 'utf8');
  } catch (error) {
    throw new PlatformConfigError(`cannot read ${path}: ${(error as Error).message}`);
  }
  let json: unknown;
  try {
    json = JSON.parse(text);
  } catch (error) {
    throw new PlatformConfigError(`${path} is not JSON: ${(error as Error).message}`);
  }
  const result = PlatformConfigOverrideSchema.safeParse(json);
  if (result.success) return json as PlatformConfigOverride;
  const problems = result.error.issues.map(
    (issue) => `field '${issue.path.join('.') || '(file)'}': ${issue.message}`,
  );
  throw new PlatformConfigError(`${path}: ${problems.join('; ')}`);
}

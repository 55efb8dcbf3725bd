export * from './errors';
export { threadEntry } from './threads/thread-entry';
export * from './registry';
export * from './scraper';
export type * from './adapters/types';
export { createScraper, type ScraperOptions } from './create-scraper';
export {
  DEFAULT_PLATFORM_CONFIG,
  mergePlatformConfig,
  PlatformConfigError,
  PlatformConfigOverrideSchema,
  readPlatformConfigFile,
  type PlatformConfigOverride,
} from './platform-config';
export { RobotsDisallowedError } from './politeness/robots';
export type { HostTurn, SharedHostTurns } from './politeness/host-queue';
export { createOutboundGuard, isAllowListEntry, type OutboundGuard } from './outbound/guard';
export { finalizeDeals, plainText } from './normalize';
export { menuPrices, MAX_MENU_PRICES } from './menu-prices';
export { parseRecorded, platformNamed } from './recorded';
export { ADAPTERS } from './adapters';
/** Readers of untrusted JSON: the value at a path, and an array or none. */
export { at, list } from './adapters/shared/deal-fields';
export {
  createJsonClient,
  type JsonClient,
  type JsonClientOptions,
} from './transports/json-client';
export { CENSUS_GEOCODER_URL, createCensusGeocoder, type Geocoder } from './geocoding/census';
export { BUNDLED_ZIP_CENTROIDS_PATH, loadZipCentroids } from './geocoding/zip-centroids';
export { discover, type Discovery, type DiscoverOptions } from './discovery/discover';
export { mergeRegistries, type RegistryMerge } from './discovery/merge-registry';
export {
  detectMenuSource,
  type DetectedSource,
  type PageEvidence,
} from './discovery/detect-source';
export { withDetectedSource } from './discovery/detected-entry';

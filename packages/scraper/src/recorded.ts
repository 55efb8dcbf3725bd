import { PLATFORMS, type Deal, type Platform } from '@stl-deals/domain';
import { ADAPTERS } from './adapters';
import type { Received } from './adapters/types';
import { SchemaChangedError } from './errors';
import { finalizeDeals } from './normalize';
import type { RegistryEntry } from './registry';

/** A platform name from the command line, or a clear error listing the known ones. */
export function platformNamed(name: string | undefined): Platform {
  const platform = PLATFORMS.find((known) => known === name);
  if (!platform)
    throw new Error(`Unknown platform '${name ?? ''}'. Known: ${PLATFORMS.join(', ')}`);
  return platform;
}

/**
 * The normalized deals in response bodies saved from a platform (GraphQL or Algolia JSON, or the
 * HTML page for leafly and html), as the scraper would store them. A body the platform's adapter
 * does not recognise is a SchemaChangedError naming the file. `platformId` names the store on the
 * platform where deep links need it (Dutchie's cName).
 */
export function parseRecorded(
  platform: Platform,
  files: ReadonlyArray<{ name: string; text: string }>,
  platformId?: string,
): Deal[] {
  const adapter = ADAPTERS[platform];
  if (!adapter) throw new Error(`No adapter for platform '${platform}' yet`);
  const received: Received[] = files.map((file) => {
    const body = readBody(file.text);
    const label = adapter.recognize ? adapter.recognize(body) : platform;
    if (!label)
      throw new SchemaChangedError(`${file.name} is not a ${platform} payload this adapter reads`);
    return { label, url: '', body };
  });
  // The store's id on the platform, for the platforms whose deep links name it (dutchie's cName).
  const entry: RegistryEntry = {
    key: 'recorded',
    name: 'Recorded',
    platform,
    ...(platformId ? { platformId } : {}),
  };
  return finalizeDeals(adapter.parse(received, entry).deals, platform, entry.key);
}

function readBody(text: string): unknown {
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return text;
  }
}

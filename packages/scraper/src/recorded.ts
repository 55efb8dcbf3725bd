import { PLATFORMS, type Deal, type Platform } from '@stl-deals/domain';
import { ADAPTERS } from './adapters';
import { specialsPageOf } from './adapters/html/plan';
import { SchemaChangedError, scrapeErrorFrom } from './errors';
import { runParseJob, type ParsedMenu, type RawPayload } from './parsing/parse-job';
import { RegistryEntrySchema, type RegistryEntry } from './registry';

/** A platform name from the command line, or a clear error listing the known ones. */
export function platformNamed(name: string | undefined): Platform {
  const platform = PLATFORMS.find((known) => known === name);
  if (!platform)
    throw new Error(`Unknown platform '${name ?? ''}'. Known: ${PLATFORMS.join(', ')}`);
  return platform;
}

/** Which store a recorded payload is parsed for: a registry entry, or the facts given for one. */
export interface RecordedStore {
  platform: Platform;
  /** A registry entry (as in a registry file); `platform`, `platformId` and `menuUrl` win over it. */
  entry?: unknown;
  /** The store's id on the platform where deep links need it (Dutchie's cName, a Jane store id). */
  platformId?: string;
  /** The store's menu (or specials page) URL: relative links and Sweed/Joint links resolve on it. */
  menuUrl?: string;
}

/**
 * The registry entry a recorded payload is parsed for: the given entry (validated as a registry
 * entry), with the command line's facts over it. A fact that a registry would refuse is an error
 * naming the field.
 */
export function recordedEntry(store: RecordedStore): RegistryEntry {
  const given = (store.entry ?? {}) as Record<string, unknown>;
  const result = RegistryEntrySchema.safeParse({
    key: 'recorded',
    name: 'Recorded',
    ...given,
    platform: store.platform,
    ...(store.platformId ? { platformId: store.platformId } : {}),
    ...(store.menuUrl ? { menuUrl: store.menuUrl } : {}),
  });
  if (!result.success) {
    const issue = result.error.issues[0];
    throw new Error(
      `Invalid store entry, field '${issue?.path.join('.') ?? ''}': ${issue?.message ?? ''}`,
    );
  }
  return result.data;
}

/**
 * The normalized deals in response bodies saved from a platform (GraphQL or Algolia JSON, or the
 * HTML page for leafly and html), exactly as the service would store them for `store`: each body
 * is labelled by the adapter's `recognize`, given the URL the service would have asked (the
 * specials page for html, else the menu URL), and run through the same parse job the service's
 * parsing threads run. A body the adapter does not recognise is a SchemaChangedError naming the
 * file.
 */
export function parseRecorded(
  files: ReadonlyArray<{ name: string; text: string }>,
  store: RecordedStore,
): Deal[] {
  const entry = recordedEntry(store);
  const adapter = ADAPTERS[entry.platform];
  if (!adapter) throw new Error(`No adapter for platform '${entry.platform}' yet`);
  const url = (entry.platform === 'html' ? specialsPageOf(entry) : entry.menuUrl) ?? '';
  const encoder = new TextEncoder();
  const received: RawPayload[] = files.map((file) => {
    const body = readBody(file.text);
    const label = adapter.recognize ? adapter.recognize(body) : entry.platform;
    if (!label) {
      throw new SchemaChangedError(
        `${file.name} is not a ${entry.platform} payload this adapter reads`,
      );
    }
    const kind = typeof body === 'string' ? 'html' : 'json';
    return { label, url, kind, body: encoder.encode(file.text) };
  });
  const outcome = runParseJob(
    {
      op: 'parse',
      entry,
      received,
      maxDeals: Number.POSITIVE_INFINITY,
      maxDealBytes: Number.POSITIVE_INFINITY,
      maxPayloads: files.length,
    },
    ADAPTERS,
  );
  if (outcome.ok) return (outcome.value as ParsedMenu).deals;
  if ('error' in outcome) throw scrapeErrorFrom(outcome.error);
  throw new Error(outcome.unexpected.message);
}

function readBody(text: string): unknown {
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return text;
  }
}

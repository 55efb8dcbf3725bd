import { withDetectedSource, type DetectedSource, type RegistryEntry } from '@stl-deals/scraper';
import type { ResolvedSource } from '@stl-deals/store';

/** A website that showed no menu is looked at again after this long (sites change platform). */
export const LOOK_AGAIN_MS = 30 * 24 * 60 * 60 * 1000;

/** What the store keeps of a website's answer; no platform id nor URL means it showed none. */
export function resolvedFrom(
  entry: RegistryEntry,
  found: DetectedSource | null,
  at: Date,
): ResolvedSource {
  const resolvedAt = at.toISOString();
  if (!found) {
    return { platform: entry.platform, evidence: 'the website shows no menu embed', resolvedAt };
  }
  return { ...found, resolvedAt };
}

/** Whether a resolved source says how to read the menu (else it only records a look). */
function names(resolved: ResolvedSource): boolean {
  return Boolean(resolved.platformId ?? resolved.menuUrl ?? resolved.specialsUrl);
}

/**
 * The registry entry as the service reads it: through what its website showed, when that named a
 * menu; the registry's own entry otherwise.
 */
export function effectiveEntry(
  entry: RegistryEntry,
  resolved: ResolvedSource | undefined,
): RegistryEntry {
  if (!resolved || !names(resolved)) return entry;
  return withDetectedSource(entry, resolved, resolved.resolvedAt);
}

/**
 * Whether the entry's website is to be looked at before its next scrape: it has one, the registry
 * names no platform id, and it is read as a plain specials page or not at all. A site already
 * looked at is looked at again only when it showed nothing, after LOOK_AGAIN_MS.
 */
export function needsResolution(
  entry: RegistryEntry,
  resolved: ResolvedSource | undefined,
  hasMenuSource: boolean,
  now: Date,
): boolean {
  if (!entry.website || entry.platformId !== undefined) return false;
  if (entry.platform !== 'html' && hasMenuSource) return false;
  if (!resolved) return true;
  if (names(resolved)) return false;
  return now.getTime() - Date.parse(resolved.resolvedAt) >= LOOK_AGAIN_MS;
}

/** Where the platform an entry is read by came from, for the operator. */
export function platformSourceOf(
  entry: RegistryEntry,
  resolved: ResolvedSource | undefined,
): string | undefined {
  if (resolved && names(resolved)) {
    return `store website (${resolved.evidence}), ${resolved.resolvedAt}`.slice(0, 200);
  }
  return entry.sources?.platform?.source.slice(0, 200);
}

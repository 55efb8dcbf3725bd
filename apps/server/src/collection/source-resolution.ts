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
    const evidence = entry.website
      ? 'store website: no menu embed'
      : 'directories: no listing with a menu near it';
    return { platform: entry.platform, evidence, resolvedAt };
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
 * Whether a source is to be looked for before the entry's next scrape: the registry names no
 * platform id, and the entry is read as a specials page of a website (which may embed a menu) or
 * not at all (its listing is then looked up in the directories). A store already looked at is
 * looked at again only when nothing was found, after LOOK_AGAIN_MS.
 */
export function needsResolution(
  entry: RegistryEntry,
  resolved: ResolvedSource | undefined,
  hasMenuSource: boolean,
  now: Date,
): boolean {
  if (entry.platformId !== undefined) return false;
  if (hasMenuSource && !(entry.platform === 'html' && entry.website)) return false;
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
    return `${resolved.evidence} (${resolved.resolvedAt})`.slice(0, 200);
  }
  return entry.sources?.platform?.source.slice(0, 200);
}

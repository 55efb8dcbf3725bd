import type { RegistryEntry } from '../registry';
import type { DetectedSource } from './detect-source';

/**
 * The entry read through what its website showed: the platform and id found, with where they were
 * found, replacing a specials-page guess. A specials page found beside stays as the html
 * reader's address.
 */
export function withDetectedSource(
  entry: RegistryEntry,
  found: DetectedSource,
  seenAt: string,
): RegistryEntry {
  const said = {
    source: found.evidence,
    confidence: 'medium' as const,
    seenAt,
  };
  const { platformId: _id, menuUrl: _menu, specialsUrl: _specials, ...rest } = entry;
  return {
    ...rest,
    platform: found.platform,
    ...(found.platformId ? { platformId: found.platformId } : {}),
    ...(found.menuUrl ? { menuUrl: found.menuUrl } : {}),
    ...(entry.website || found.website ? { website: entry.website ?? found.website } : {}),
    ...((found.specialsUrl ?? entry.specialsUrl)
      ? { specialsUrl: found.specialsUrl ?? entry.specialsUrl }
      : {}),
    sources: {
      ...entry.sources,
      platform: said,
      ...(found.platformId ? { platformId: said } : {}),
      ...(found.specialsUrl ? { specialsUrl: said } : {}),
    },
  };
}

import type { Registry, RegistryEntry } from '../registry';
import { zipInAddress } from './listing';
import { sameStore, type StoreFacts } from './same-store';

/** Facts discovery may fill in; key and selectors are the operator's alone. */
const FILLED = [
  'name',
  'platform',
  'platformId',
  'menuUrl',
  'lat',
  'lng',
  'address',
  'website',
  'verified',
] as const satisfies readonly (keyof RegistryEntry)[];

export interface RegistryMerge {
  registry: Registry;
  /** One line per fact where the file and discovery disagree; the file's value was kept. */
  conflicts: string[];
  added: number;
}

/**
 * `discovered` merged into the operator's `existing` registry: a store already there (same key,
 * or the same store by address, name and place) gains the facts it lacked, and what it already
 * says wins, each disagreement reported; new stores are added at the end.
 */
export function mergeRegistries(
  existing: Registry,
  discovered: readonly RegistryEntry[],
): RegistryMerge {
  const conflicts: string[] = [];
  const dispensaries = existing.dispensaries.map((entry) => ({ ...entry }));
  let added = 0;
  for (const found of discovered) {
    const index = dispensaries.findIndex(
      (entry) => entry.key === found.key || sameStore(factsOf(entry), factsOf(found)),
    );
    const kept = dispensaries[index];
    if (!kept) {
      dispensaries.push(uniqueKey(found, dispensaries));
      added++;
      continue;
    }
    dispensaries[index] = fill(kept, found, conflicts);
  }
  return { registry: { dispensaries }, conflicts, added };
}

function fill(kept: RegistryEntry, found: RegistryEntry, conflicts: string[]): RegistryEntry {
  const merged: Record<string, unknown> = { ...kept };
  // A hand-set platform without an id is a guess discovery may settle; with an id it stays.
  const platformSettled = kept.platformId === undefined && found.platformId !== undefined;
  for (const field of FILLED) {
    const mine = kept[field];
    const theirs = found[field];
    if (theirs === undefined) continue;
    if (mine === undefined || (platformSettled && (field === 'platform' || field === 'verified'))) {
      merged[field] = theirs;
    } else if (mine !== theirs && !(field === 'verified')) {
      conflicts.push(
        `${kept.key}: ${field}: kept ${JSON.stringify(mine)}, ${found.sources?.[sourceField(field)]?.source ?? 'discovery'} says ${JSON.stringify(theirs)}`,
      );
    }
  }
  const sources = { ...found.sources, ...kept.sources };
  const alternatives = [...(kept.alternatives ?? []), ...(found.alternatives ?? [])].filter(
    (alternative, index, all) =>
      alternative.platform !== merged.platform &&
      all.findIndex((other) => other.platform === alternative.platform) === index,
  );
  return {
    ...(merged as RegistryEntry),
    ...(Object.keys(sources).length > 0 ? { sources } : {}),
    ...(alternatives.length > 0 ? { alternatives: alternatives.slice(0, 10) } : {}),
  };
}

/** Which provenance a field's value is told by. */
function sourceField(field: (typeof FILLED)[number]) {
  if (field === 'lat' || field === 'lng') return 'coordinates';
  if (field === 'menuUrl' || field === 'verified') return 'platformId';
  return field;
}

function factsOf(entry: RegistryEntry): StoreFacts {
  const street = entry.address?.split(',')[0];
  const zip = zipInAddress(entry.address);
  return {
    name: entry.name,
    ...(street ? { street } : {}),
    ...(zip ? { zip } : {}),
    ...(entry.lat !== undefined && entry.lng !== undefined
      ? { location: { lat: entry.lat, lng: entry.lng } }
      : {}),
  };
}

function uniqueKey(entry: RegistryEntry, taken: readonly RegistryEntry[]): RegistryEntry {
  let key = entry.key;
  for (let n = 2; taken.some((other) => other.key === key); n++) key = `${entry.key}-${n}`;
  return { ...entry, key };
}

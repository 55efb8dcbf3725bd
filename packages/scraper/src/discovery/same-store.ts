import { haversineMiles, type GeoPoint } from '@stl-deals/domain';

/** Two records closer than this are one store when their names agree (150 m). */
export const SAME_PLACE_METERS = 150;
const METERS_PER_MILE = 1609.344;

const STREET_WORDS: Record<string, string> = {
  street: 'st',
  avenue: 'ave',
  av: 'ave',
  road: 'rd',
  boulevard: 'blvd',
  drive: 'dr',
  highway: 'hwy',
  lane: 'ln',
  parkway: 'pkwy',
  place: 'pl',
  court: 'ct',
  circle: 'cir',
  plaza: 'plz',
  north: 'n',
  south: 's',
  east: 'e',
  west: 'w',
  saint: 'st',
};

/**
 * A street line as a comparable key: '1234 North Lindbergh Blvd., Suite 5' and '1234 N Lindbergh
 * Boulevard' are both '1234 n lindbergh blvd'. The unit is dropped: directories disagree on it.
 */
export function streetKey(street: string | undefined): string | undefined {
  if (!street) return undefined;
  const words = street
    .toLowerCase()
    .replace(/\b(?:suite|ste|unit|apt|#)\b.*$|#.*$/, '')
    .replace(/[^a-z0-9 ]+/g, ' ')
    .split(/\s+/)
    .filter(Boolean)
    .map((word) => STREET_WORDS[word] ?? word);
  return words.length > 1 && /^\d/.test(words[0] ?? '') ? words.join(' ') : undefined;
}

/** Words of a store name that tell it apart ('dispensary', 'cannabis', 'the' do not). */
const GENERIC_NAME_WORDS = new Set([
  'the',
  'dispensary',
  'dispensaries',
  'cannabis',
  'co',
  'company',
  'marijuana',
  'medical',
  'recreational',
  'rec',
  'med',
  'and',
  'of',
  'mo',
  'missouri',
  'st',
  'louis',
  'stl',
]);

export function nameWords(name: string): Set<string> {
  return new Set(
    name
      .toLowerCase()
      .normalize('NFKD')
      .replace(/[^a-z0-9 ]+/g, ' ')
      .split(/\s+/)
      .filter((word) => word.length > 1 && !GENERIC_NAME_WORDS.has(word)),
  );
}

/** What two records of a store are compared on. */
export interface StoreFacts {
  name: string;
  street?: string;
  zip?: string;
  location?: GeoPoint;
}

/**
 * Whether two records are one store: the same street line (and ZIP when both have one), or within
 * 150 m under names sharing a distinctive word (two shops of one strip mall stay two). Two house
 * numbers that differ are two stores however close their points: a directory's point may be a
 * ZIP's centroid, shared by every store of a chain in that ZIP.
 */
export function sameStore(a: StoreFacts, b: StoreFacts): boolean {
  const streetA = streetKey(a.street);
  const streetB = streetKey(b.street);
  const zipsAgree = !a.zip || !b.zip || a.zip === b.zip;
  if (streetA && streetA === streetB && zipsAgree) return true;
  if (streetA && streetB && (streetA.split(' ')[0] !== streetB.split(' ')[0] || !zipsAgree)) {
    return false;
  }
  if (!a.location || !b.location) return false;
  if (haversineMiles(a.location, b.location) * METERS_PER_MILE >= SAME_PLACE_METERS) return false;
  const wordsB = nameWords(b.name);
  return [...nameWords(a.name)].some((word) => wordsB.has(word));
}

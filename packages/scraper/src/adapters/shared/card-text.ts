import { text } from './deal-fields';

/** How a deal card's text is put together from the parts a menu gives. */

/** The parts that are present, each once, in their first order. */
export function uniqueParts(values: ReadonlyArray<string | undefined>): string[] {
  return [...new Set(values.filter((value): value is string => Boolean(value)))];
}

/** Parts joined with ' · ', repeated parts once, bounded. */
export function joinParts(parts: ReadonlyArray<string | undefined>, max: number): string {
  return text(uniqueParts(parts).join(' · '), max) ?? '';
}

import type { DealCategory } from '@stl-deals/domain';
import { mapCategory, text } from './deal-fields';

/**
 * Each platform's own category tree mapped to the spec's categories: one table per platform,
 * written from the values it documents, so a value such as Dutchie's 'Oral' is read the way that
 * platform means it. The page keeps the category an adapter sends, so the table is the only
 * place a category is decided. A name the table does not list falls back to the shared word
 * rules (`mapCategory`), so a category a platform adds later still lands somewhere sensible.
 */
export type CategoryTable = ReadonlyMap<string, DealCategory>;

/** 'PRE_ROLLS', 'Pre-Rolls', '🍬Edibles🍫' and 'pre rolls' all fold to 'pre rolls'. */
export function foldCategoryName(name: string): string {
  return name
    .normalize('NFKD')
    .toLowerCase()
    .replace(/[^\p{L}\p{N}]+/gu, ' ')
    .trim();
}

export function categoryTable(entries: Record<string, DealCategory>): CategoryTable {
  return new Map(
    Object.entries(entries).map(([name, category]) => [foldCategoryName(name), category]),
  );
}

/**
 * The category of a product by the platform's names for it, in the order the platform's tree
 * makes most telling: the first name the table lists as a known category wins; 'other' when the
 * table lists only 'other' for them; else the shared word rules, in the same order.
 */
export function categoryIn(table: CategoryTable, ...names: unknown[]): DealCategory | undefined {
  const given = names.map((name) => text(name)).filter((name) => name !== undefined);
  const listed = given
    .map((name) => table.get(foldCategoryName(name)))
    .filter((category) => category !== undefined);
  const known = listed.find((category) => category !== 'other') ?? listed[0];
  if (known) return known;
  const guessed = given.map(mapCategory).filter((category) => category !== undefined);
  return guessed.find((category) => category !== 'other') ?? guessed[0];
}

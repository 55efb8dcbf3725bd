/**
 * A value made when first asked for, then kept. For the dispensary sort's Intl collator: made at
 * module load, it would cost the page's start (the browser's first Intl object loads its locale
 * data, 11-15 ms for a collator here, four times that on a phone), while it is needed only when a
 * visitor sorts by dispensary.
 */
export function onFirstUse<T>(make: () => T): () => T {
  let value: T | undefined;
  return () => (value ??= make());
}

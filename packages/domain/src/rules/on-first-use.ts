/**
 * A value made when first asked for, then kept. For the Intl formatters: made at module load, each
 * costs the page's start (the first one loads the browser's locale data, about 10 ms here, four
 * times that on a phone), while none is needed before the deals are drawn (issue 11).
 */
export function onFirstUse<T>(make: () => T): () => T {
  let value: T | undefined;
  return () => (value ??= make());
}

/**
 * Readers of what a request sends: its JSON body, query parameters and numbers in them. A value at
 * a path of the parsed JSON is read with the scraper's own `at`.
 */

/** The request body as JSON, or undefined when it is none. */
export function jsonBody(body: string): unknown {
  try {
    return JSON.parse(body) as unknown;
  } catch {
    return undefined;
  }
}

/** A query parameter parsed as JSON, or undefined. */
export const jsonParam = (url: URL, name: string): unknown =>
  jsonBody(url.searchParams.get(name) ?? '');

/** A whole number from a request, within bounds, else the fallback. */
export function wholeNumber(value: unknown, fallback: number, max = 10_000): number {
  const number = typeof value === 'string' ? Number(value) : value;
  return typeof number === 'number' && Number.isInteger(number) && number >= 0 && number <= max
    ? number
    : fallback;
}

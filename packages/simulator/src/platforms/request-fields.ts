/** Readers of what a request sends: its JSON body, query parameters and numbers in them. */

/** The request body as JSON, or undefined when it is none. */
export function jsonBody(body: string): unknown {
  try {
    return JSON.parse(body) as unknown;
  } catch {
    return undefined;
  }
}

/** The value at a path of parsed request JSON, or undefined. */
export function at(value: unknown, ...path: Array<string | number>): unknown {
  let current = value;
  for (const key of path) {
    if (current === null || typeof current !== 'object') return undefined;
    current = (current as Record<string | number, unknown>)[key];
  }
  return current;
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

import { ParseLimitError } from '../errors';

/**
 * What a JSON payload may be before an adapter walks it. The deepest real answer we read (Jane's
 * smart pages, Dutchie's specials) nests under 20 deep; the readers walk recursively, so a payload
 * nested thousands deep would overflow their stack or cost time for nothing.
 */
export const JSON_LIMITS = {
  depth: 64,
  /** Objects, arrays and values in all: a 10 MB answer holds about 1.5 million. */
  nodes: 3_000_000,
} as const;

/**
 * The text parsed as JSON, once within JSON_LIMITS (ParseLimitError otherwise); undefined when
 * it is not JSON at all, which the caller judges. JSON.parse itself is linear and does not
 * recurse, so only the walk after it needs the bound, and the check here uses its own stack.
 */
export function boundedJson(text: string): unknown {
  let value: unknown;
  try {
    value = JSON.parse(text) as unknown;
  } catch {
    return undefined;
  }
  checkJsonShape(value);
  return value;
}

/** Throws ParseLimitError when `value` nests deeper or holds more than JSON_LIMITS allow. */
function checkJsonShape(value: unknown): void {
  const pending: { value: unknown; depth: number }[] = [{ value, depth: 1 }];
  let nodes = 0;
  for (let item = pending.pop(); item !== undefined; item = pending.pop()) {
    if (++nodes > JSON_LIMITS.nodes) {
      throw new ParseLimitError(`The payload holds over ${JSON_LIMITS.nodes} values`);
    }
    if (item.value === null || typeof item.value !== 'object') continue;
    if (item.depth > JSON_LIMITS.depth) {
      throw new ParseLimitError(`The payload nests over ${JSON_LIMITS.depth} deep`);
    }
    const children = Array.isArray(item.value) ? item.value : Object.values(item.value);
    for (const child of children) pending.push({ value: child, depth: item.depth + 1 });
  }
}

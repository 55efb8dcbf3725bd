import type { CheerioAPI } from 'cheerio';
import { at } from './deal-fields';

/**
 * schema.org JSON-LD blocks of a page (`<script type="application/ld+json">`), read within bounds:
 * a hostile page's scripts are counted, measured and walked only so far.
 */

const MAX_SCRIPTS = 20;
const MAX_SCRIPT_CHARS = 500_000;
const MAX_DEPTH = 12;
const MAX_NODES = 5_000;

/** Each block's JSON (a block that is not JSON, or too long, is left out). */
export function jsonLdRoots($: CheerioAPI): unknown[] {
  return $('script[type="application/ld+json"]')
    .slice(0, MAX_SCRIPTS)
    .toArray()
    .map((script) => parsedJson($(script).text()))
    .filter((root) => root !== undefined);
}

function parsedJson(source: string): unknown {
  if (source.length > MAX_SCRIPT_CHARS) return undefined;
  try {
    return JSON.parse(source) as unknown;
  } catch {
    return undefined;
  }
}

/** Whether a node's `@type` (one or a list, bare or as a schema.org URL) is `type`. */
export function isType(node: unknown, type: string): boolean {
  const types = at(node, '@type');
  return (Array.isArray(types) ? types : [types]).some(
    (value) => typeof value === 'string' && value.replace(/^https?:\/\/schema\.org\//, '') === type,
  );
}

/** The nodes of any of `types` anywhere in `root`'s graph; what a found node holds is its own. */
export function typedNodes(root: unknown, types: readonly string[]): unknown[] {
  const found: unknown[] = [];
  let visited = 0;
  const walk = (value: unknown, depth: number): void => {
    if (depth > MAX_DEPTH || visited++ > MAX_NODES || value === null || typeof value !== 'object')
      return;
    if (Array.isArray(value)) {
      for (const item of value) walk(item, depth + 1);
      return;
    }
    if (types.some((type) => isType(value, type))) {
      found.push(value);
      return;
    }
    for (const child of Object.values(value)) walk(child, depth + 1);
  };
  walk(root, 0);
  return found;
}

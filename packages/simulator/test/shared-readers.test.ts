import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { at, list } from '@stl-deals/scraper';
import { describe, expect, it } from 'vitest';

const SOURCE = fileURLToPath(new URL('../src/', import.meta.url));

/** Every TypeScript file under `dir`. */
function sources(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) =>
    entry.isDirectory()
      ? sources(join(dir, entry.name))
      : entry.name.endsWith('.ts')
        ? [join(dir, entry.name)]
        : [],
  );
}

describe("the scraper's readers of untrusted JSON", () => {
  it('read request JSON in the simulator, which keeps no copy of them', () => {
    expect(at({ a: [{ b: 'c' }] }, 'a', 0, 'b')).toBe('c');
    expect(at('not an object', 'a')).toBeUndefined();
    expect(list({ length: 1 })).toEqual([]);
    const copies = sources(SOURCE).filter((file) =>
      /\b(?:function\s+(?:at|list)\s*\(|const\s+(?:at|list)\s*=)/.test(readFileSync(file, 'utf8')),
    );
    expect(copies).toEqual([]);
  });
});

import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { importCycles } from './support/import-cycles';

/*
 * The house's modules import one way: a type both sides need lives in a module of its own
 * (app-deps.ts, transports/http-options.ts), never in one of the modules that need it.
 */

const repo = fileURLToPath(new URL('../../../', import.meta.url));
const SOURCES = [
  'apps/server/src',
  'apps/web/src',
  'packages/domain/src',
  'packages/store/src',
  'packages/scraper/src',
  'packages/simulator/src',
].map((folder) => `${repo}${folder}`);

describe('imports', () => {
  it('make no circle in any workspace’s sources', () => {
    expect(importCycles(SOURCES)).toEqual([]);
  });
});

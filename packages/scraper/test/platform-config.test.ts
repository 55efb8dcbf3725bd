import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import {
  DEFAULT_PLATFORM_CONFIG,
  mergePlatformConfig,
  readPlatformConfigFile,
} from '../src/platform-config';

const HASH = 'a'.repeat(64);

function writeFile(content: string): string {
  const path = join(mkdtempSync(join(tmpdir(), 'stl-platforms-')), 'platforms.json');
  writeFileSync(path, content);
  return path;
}

describe('mergePlatformConfig', () => {
  it('is the defaults when nothing is overridden', () => {
    expect(mergePlatformConfig()).toEqual(DEFAULT_PLATFORM_CONFIG);
    expect(mergePlatformConfig({})).toEqual(DEFAULT_PLATFORM_CONFIG);
  });

  it('overrides each field given and keeps every other', () => {
    const merged = mergePlatformConfig({
      baseUrls: { dutchie: 'https://dutchie.example/' },
      siteUrls: { weedmaps: 'http://127.0.0.1:3100/' },
      dutchieHashes: { FilteredProducts: HASH },
      janeAlgolia: { apiKey: 'abc123' },
      dispenseApiKey: 'menu-key',
      maxPages: 5,
    });
    expect(merged).toEqual({
      baseUrls: { ...DEFAULT_PLATFORM_CONFIG.baseUrls, dutchie: 'https://dutchie.example' },
      siteUrls: { ...DEFAULT_PLATFORM_CONFIG.siteUrls, weedmaps: 'http://127.0.0.1:3100' },
      dutchieHashes: { ...DEFAULT_PLATFORM_CONFIG.dutchieHashes, FilteredProducts: HASH },
      janeAlgolia: { appId: DEFAULT_PLATFORM_CONFIG.janeAlgolia.appId, apiKey: 'abc123' },
      dispenseApiKey: 'menu-key',
      maxPages: 5,
    });
  });

  it('merges over another base, as demo mode lays the simulator over the operator', () => {
    const operator = mergePlatformConfig({
      maxPages: 3,
      baseUrls: { leafly: 'https://l.example' },
    });
    const merged = mergePlatformConfig({ baseUrls: { leafly: 'http://127.0.0.1:3100' } }, operator);
    expect(merged).toMatchObject({ maxPages: 3, baseUrls: { leafly: 'http://127.0.0.1:3100' } });
  });

  it.each<[string, unknown, string]>([
    ['a misspelt hash name', { dutchieHashes: { FilteredProduct: HASH } }, 'dutchieHashes'],
    ['a hash that is not one', { dutchieHashes: { FilteredSpecials: 'abc' } }, 'FilteredSpecials'],
    [
      'a base URL that is not http(s)',
      { baseUrls: { jane: 'ftp://jane.example' } },
      'baseUrls.jane',
    ],
    ['no pages', { maxPages: 0 }, 'maxPages'],
    ['an unknown section', { directory: {} }, '(file)'],
  ])('refuses %s, naming the field', (_name, override, field) => {
    expect(() => mergePlatformConfig(override as never)).toThrow(field);
  });
});

describe('readPlatformConfigFile', () => {
  it('reads a valid file', () => {
    const path = writeFile(JSON.stringify({ janeAlgolia: { appId: 'NEWAPP1' } }));
    expect(readPlatformConfigFile(path)).toEqual({ janeAlgolia: { appId: 'NEWAPP1' } });
  });

  it('names the file and the field of a bad value', () => {
    const path = writeFile(JSON.stringify({ dutchieHashes: { GetSpecialMenuCards: 'x' } }));
    expect(() => readPlatformConfigFile(path)).toThrow(
      `${path}: field 'dutchieHashes.GetSpecialMenuCards': must be a persisted-query hash`,
    );
  });

  it('names a file that is missing or not JSON', () => {
    expect(() => readPlatformConfigFile('/no/such/platforms.json')).toThrow(
      'cannot read /no/such/platforms.json',
    );
    const path = writeFile('{ baseUrls: ');
    expect(() => readPlatformConfigFile(path)).toThrow(`${path} is not JSON`);
  });
});

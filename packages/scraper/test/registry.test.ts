import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { loadRegistry, parseRegistry, RegistryError } from '../src/registry';

const entry = { key: 'kind-goods-soulard', name: 'Kind Goods - Soulard', platform: 'feed' };

describe('parseRegistry', () => {
  it('accepts a minimal and a full entry', () => {
    const full = {
      ...entry,
      key: 'swade-delmar',
      platform: 'dutchie',
      platformId: 'swade-delmar',
      menuUrl: 'https://dutchie.com/embedded-menu/swade-delmar/specials',
      specialsUrl: 'https://swadecannabis.com/delmar',
      lat: 38.65507,
      lng: -90.29846,
      address: '6166 Delmar Blvd, St. Louis, MO 63112',
      website: 'https://swadecannabis.com/delmar',
      phone: '(314) 555-0123',
      verified: false,
      sources: {
        address: { source: 'stl-dispensaries-v2.csv (PG)', confidence: 'high' },
        platformId: { source: 'stl-dispensaries-v2.csv (CD-A)', confidence: 'low' },
      },
    };
    expect(parseRegistry({ dispensaries: [entry, full] }).dispensaries).toHaveLength(2);
  });

  it.each<[string, unknown, RegExp]>([
    [
      'a bad platform',
      { dispensaries: [entry, { ...entry, key: 'b', platform: 'myspace' }] },
      /entry 1 \(key 'b'\), field 'platform'/,
    ],
    [
      'a javascript: URL',
      { dispensaries: [{ ...entry, menuUrl: 'javascript:alert(1)' }] },
      /entry 0 \(key 'kind-goods-soulard'\), field 'menuUrl': must be an http\(s\) URL/,
    ],
    ['a latitude out of range', { dispensaries: [{ ...entry, lat: 138 }] }, /field 'lat'/],
    [
      'a missing name',
      { dispensaries: [{ key: 'x', platform: 'feed' }] },
      /entry 0 \(key 'x'\), field 'name'/,
    ],
    [
      'a key with spaces',
      { dispensaries: [{ ...entry, key: 'Kind Goods' }] },
      /field 'key': must be lowercase/,
    ],
    [
      "the page's own choice 'mine'",
      { dispensaries: [{ ...entry, key: 'mine' }] },
      /field 'key': 'all' and 'mine' are the page's own choices/,
    ],
    [
      'a duplicate key',
      { dispensaries: [entry, entry] },
      /entry 1 \(key 'kind-goods-soulard'\), field 'key': duplicate key/,
    ],
    [
      'an unknown field (a typo)',
      { dispensaries: [{ ...entry, menuURL: 'https://x.example' }] },
      /entry 0 .*menuURL/,
    ],
    [
      'a confidence not in the scale',
      {
        dispensaries: [
          { ...entry, sources: { address: { source: 'research', confidence: 'certain' } } },
        ],
      },
      /field 'sources.address.confidence'/,
    ],
    [
      'a phone number that is no US number',
      { dispensaries: [{ ...entry, phone: '+44 20 7946 0958' }] },
      /field 'phone': a US phone number/,
    ],
    [
      'a phone number with words',
      { dispensaries: [{ ...entry, phone: 'call 314-555-0123' }] },
      /field 'phone'/,
    ],
    ['no dispensaries', { dispensaries: [] }, /dispensaries/],
    ['not an object', [], /\(file\)/],
  ])('names the entry and field for %s', (_name, input, message) => {
    expect(() => parseRegistry(input)).toThrow(RegistryError);
    expect(() => parseRegistry(input)).toThrow(message);
  });
});

describe('loadRegistry', () => {
  const dir = mkdtempSync(join(tmpdir(), 'registry-'));

  it('loads the bundled St. Louis registry: 39 dispensaries, unverified, with unique keys', async () => {
    const { dispensaries } = await loadRegistry();
    expect(dispensaries).toHaveLength(39);
    expect(new Set(dispensaries.map((d) => d.key)).size).toBe(39);
    expect(dispensaries.every((d) => d.verified === false)).toBe(true);
    expect(dispensaries.filter((d) => d.lat !== undefined).length).toBeGreaterThanOrEqual(10);
  });

  it('gives every bundled dispensary a street address with a ZIP, and says where each fact came from', async () => {
    const { dispensaries } = await loadRegistry();
    for (const d of dispensaries) {
      expect(d.address, d.key).toMatch(/^\d.*, MO 6\d{4}$/);
      expect(d.sources?.address?.source, d.key).toMatch(/stl-dispensaries-v2\.csv/);
      if (d.lat !== undefined) expect(d.sources?.coordinates?.confidence, d.key).toBeDefined();
      if (d.platformId !== undefined)
        expect(d.sources?.platformId?.confidence, d.key).toBeDefined();
      if (d.platform === 'html') expect(d.platformId, d.key).toBeUndefined();
    }
    // A chain's home page is no store's specials page: a store page (a path) or the store's own site.
    for (const d of dispensaries.filter(({ specialsUrl }) => specialsUrl !== undefined)) {
      const home = new URL(d.specialsUrl!).pathname === '/';
      const shared = dispensaries.filter(({ website }) => website === d.specialsUrl).length > 1;
      expect(home && shared, d.key).toBe(false);
    }
    expect(
      dispensaries.find((d) => d.key === 'proper-cannabis-kirkwood')?.specialsUrl,
    ).toBeUndefined();
    // Reported but unconfirmed ids stay, marked low (the research's CloudedDeals slugs).
    expect(dispensaries.find((d) => d.key === 'luxury-leaf')?.sources?.platformId?.confidence).toBe(
      'low',
    );
  });

  it('says which file is not JSON', async () => {
    const file = join(dir, 'broken.json');
    writeFileSync(file, '{"dispensaries": [');
    await expect(loadRegistry(file)).rejects.toThrow(`Registry file ${file} is not JSON`);
  });

  it('says which file is missing', async () => {
    await expect(loadRegistry(join(dir, 'nope.json'))).rejects.toThrow(/Cannot read registry file/);
  });
});

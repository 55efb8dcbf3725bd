import { describe, expect, it } from 'vitest';
import type { DirectoryListing } from '../../src/discovery/listing';
import { mergeListings } from '../../src/discovery/merge-listings';
import { mergeRegistries } from '../../src/discovery/merge-registry';
import { sameStore, streetKey } from '../../src/discovery/same-store';
import { parseRegistry } from '../../src/registry';

const SEEN = '2026-11-24T12:00:00.000Z';

const listing = (overrides: Partial<DirectoryListing>): DirectoryListing => ({
  platform: 'weedmaps',
  platformId: 'root-66-dogtown',
  name: 'Root 66 Dogtown',
  street: '6401 Clayton Avenue',
  city: 'St. Louis',
  state: 'MO',
  zip: '63139',
  location: { lat: 38.6331, lng: -90.2955 },
  hasMenu: true,
  source: 'weedmaps directory',
  ...overrides,
});

describe('one store, however each directory writes it', () => {
  it('normalizes street lines', () => {
    expect(streetKey('1234 North Lindbergh Blvd., Suite 5')).toBe('1234 n lindbergh blvd');
    expect(streetKey('1234 N Lindbergh Boulevard')).toBe('1234 n lindbergh blvd');
    expect(streetKey('Clayton Ave')).toBeUndefined(); // no house number: not a key
  });

  it.each<[string, Partial<DirectoryListing>, boolean]>([
    [
      'the same street written otherwise',
      { street: '6401 Clayton Ave.', location: undefined },
      true,
    ],
    [
      '30 m away under a shared name',
      { street: undefined, name: 'Root 66 - Dogtown', location: { lat: 38.6333, lng: -90.2957 } },
      true,
    ],
    [
      '30 m away under another name',
      { street: undefined, name: 'Greenlight', location: { lat: 38.6333, lng: -90.2957 } },
      false,
    ],
    [
      '400 m away under the same name',
      { street: undefined, location: { lat: 38.6367, lng: -90.2955 } },
      false,
    ],
    [
      'another house number at the same point (a ZIP centroid)',
      { street: '6500 Clayton Ave' },
      false,
    ],
    ['the same street in another ZIP', { zip: '63117' }, false],
  ])('%s: %s', (_case, other, same) => {
    expect(sameStore(listing({}), listing(other))).toBe(same);
  });
});

describe('mergeListings', () => {
  it('makes one entry of a store found on three directories, read on the best platform', () => {
    const [entry, ...rest] = mergeListings(
      [
        listing({ website: 'https://root66.example/' }),
        listing({
          platform: 'leafly',
          platformId: 'root-66-dogtown',
          street: '6401 Clayton Ave',
          source: 'leafly directory',
        }),
        listing({
          platform: 'jane',
          platformId: '4536',
          menuUrl: 'https://www.iheartjane.com/stores/4536/menu',
          source: 'jane directory',
          location: undefined,
        }),
      ],
      SEEN,
    );
    expect(rest).toEqual([]);
    expect(entry).toMatchObject({
      key: 'root-66-dogtown',
      platform: 'jane',
      platformId: '4536',
      verified: true,
      lat: 38.6331,
      address: '6401 Clayton Avenue, St. Louis, MO 63139',
      website: 'https://root66.example/',
      alternatives: [
        { platform: 'weedmaps', platformId: 'root-66-dogtown', source: 'weedmaps directory' },
        { platform: 'leafly', platformId: 'root-66-dogtown', source: 'leafly directory' },
      ],
      sources: {
        platformId: { source: 'jane directory', confidence: 'high', seenAt: SEEN },
        coordinates: { source: 'weedmaps directory', seenAt: SEEN },
        website: { source: 'weedmaps directory' },
      },
    });
    expect(() => parseRegistry({ dispensaries: [entry] })).not.toThrow();
  });

  it('leaves a store no directory reads the menu of to its website, and keys stay unique', () => {
    const entries = mergeListings(
      [
        listing({ hasMenu: false, website: 'https://root66.example/dogtown' }),
        listing({
          hasMenu: false,
          street: '9 Main St',
          city: 'Des Peres',
          location: { lat: 38.6, lng: -90.43 },
        }),
      ],
      SEEN,
    );
    expect(entries.map((entry) => [entry.key, entry.platform, entry.platformId])).toEqual([
      ['root-66-dogtown', 'html', undefined],
      ['root-66-dogtown-des-peres', 'html', undefined],
    ]);
  });
});

describe('mergeRegistries (--merge)', () => {
  const existing = parseRegistry({
    dispensaries: [
      {
        key: 'root-66-dogtown',
        name: 'Root 66 (Dogtown)',
        platform: 'html',
        specialsUrl: 'https://root66.example/specials',
        address: '6401 Clayton Ave, St. Louis, MO 63139',
        lat: 38.63,
        lng: -90.29,
      },
    ],
  });
  const [found] = mergeListings(
    [listing({ platform: 'jane', platformId: '4536', source: 'jane directory' })],
    SEEN,
  );

  it('fills what the file lacks, keeps what it says, and prints each disagreement', () => {
    const newcomer = {
      ...found!,
      key: 'new-store',
      name: 'New Store',
      address: '1 Elm St, Fenton, MO 63026',
      lat: 38.5,
      lng: -90.4,
    };
    const { registry, conflicts, added } = mergeRegistries(existing, [found!, newcomer]);
    expect(added).toBe(1);
    expect(registry.dispensaries[0]).toMatchObject({
      key: 'root-66-dogtown',
      name: 'Root 66 (Dogtown)', // hand-set
      platform: 'jane', // the file's platform had no id: discovery settles it
      platformId: '4536',
      specialsUrl: 'https://root66.example/specials',
      lat: 38.63,
    });
    expect(conflicts).toEqual([
      'root-66-dogtown: name: kept "Root 66 (Dogtown)", jane directory says "Root 66 Dogtown"',
      'root-66-dogtown: lat: kept 38.63, weedmaps directory says 38.6331'.replace(
        'weedmaps',
        'jane',
      ),
      'root-66-dogtown: lng: kept -90.29, jane directory says -90.2955',
      'root-66-dogtown: address: kept "6401 Clayton Ave, St. Louis, MO 63139", jane directory says "6401 Clayton Avenue, St. Louis, MO 63139"',
    ]);
    expect(registry.dispensaries[1]?.key).toBe('new-store');
  });
});

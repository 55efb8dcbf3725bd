import { describe, expect, it } from 'vitest';
import { chooseLocation, zipOfAddress, type LocationCandidates } from './location';

const REGISTRY = { lat: 38.639561, lng: -90.262062 };
const PLATFORM = { lat: 38.6396, lng: -90.2621 };
const GEOCODER = { lat: 38.6395, lng: -90.262 };
const CENTROID = { lat: 38.645, lng: -90.253 };

describe('chooseLocation', () => {
  it.each<[string, LocationCandidates, ReturnType<typeof chooseLocation>]>([
    [
      'the registry first',
      { registry: REGISTRY, platform: PLATFORM, geocoder: GEOCODER, zipCentroid: CENTROID },
      { ...REGISTRY, locationSource: 'registry', approximate: false },
    ],
    [
      "then the platform's store record",
      { registry: {}, platform: PLATFORM, geocoder: GEOCODER, zipCentroid: CENTROID },
      { ...PLATFORM, locationSource: 'platform', approximate: false },
    ],
    [
      'then the geocoded address',
      { platform: null, geocoder: GEOCODER, zipCentroid: CENTROID },
      { ...GEOCODER, locationSource: 'geocoder', approximate: false },
    ],
    [
      "then the ZIP's centroid, marked approximate",
      { geocoder: null, zipCentroid: CENTROID },
      { ...CENTROID, locationSource: 'zip-centroid', approximate: true },
    ],
    [
      'a registry entry with only a latitude is no location',
      { registry: { lat: 38.6 }, zipCentroid: CENTROID },
      { ...CENTROID, locationSource: 'zip-centroid', approximate: true },
    ],
    [
      'a point out of range is no location',
      { platform: { lat: 138, lng: 0 }, geocoder: GEOCODER },
      { ...GEOCODER, locationSource: 'geocoder', approximate: false },
    ],
    ['nothing known', {}, null],
  ])('%s', (_why, candidates, expected) => {
    expect(chooseLocation(candidates)).toEqual(expected);
  });
});

describe('zipOfAddress', () => {
  it.each<[string | undefined, string | null]>([
    ['20 S Euclid Ave, St. Louis, MO 63108', '63108'],
    ['20 S Euclid Ave, St. Louis, MO 63108-1234', '63108'],
    ['9800 Manchester Rd, Suite C, Rock Hill, MO 63119 ', '63119'],
    ['15396-15398 Manchester Rd, Ellisville, MO', null],
    [undefined, null],
  ])('%s -> %s', (address, zip) => {
    expect(zipOfAddress(address)).toBe(zip);
  });
});

import { readFileSync } from 'node:fs';
import { haversineMiles, zipOfAddress } from '@stl-deals/domain';
import { describe, expect, it } from 'vitest';
import { BUNDLED_ZIP_CENTROIDS_PATH, loadZipCentroids } from '../../src/geocoding/zip-centroids';
import { loadRegistry } from '../../src/registry';

const DOWNTOWN = { lat: 38.627, lng: -90.199 };

describe('the bundled ZIP centroid table', () => {
  it('names its public-domain source', () => {
    const { source } = JSON.parse(readFileSync(BUNDLED_ZIP_CENTROIDS_PATH, 'utf8')) as {
      source: string;
    };
    expect(source).toMatch(/Census Bureau.*Gazetteer.*public domain/);
  });

  it('holds the St. Louis metro on both sides of the river, and nothing far from it', () => {
    const centroids = loadZipCentroids();
    expect(centroids.get('63108')).toEqual({ lat: 38.645, lng: -90.253 });
    expect(centroids.has('62201')).toBe(true); // East St. Louis, IL
    for (const [zip, point] of centroids) {
      expect(haversineMiles(DOWNTOWN, point), zip).toBeLessThanOrEqual(40);
    }
  });

  it("places every bundled dispensary at least by its ZIP's centroid", async () => {
    const centroids = loadZipCentroids();
    const { dispensaries } = await loadRegistry();
    for (const { key, address } of dispensaries) {
      expect(centroids.has(zipOfAddress(address) ?? ''), key).toBe(true);
    }
  });
});

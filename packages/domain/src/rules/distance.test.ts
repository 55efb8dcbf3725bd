import { describe, expect, it } from 'vitest';
import { distanceToDispensary, EARTH_RADIUS_MILES, haversineMiles, withinRadius } from './distance';
import type { DistanceRadius } from '../contract/options';

const ARCH = { lat: 38.6247, lng: -90.1848 }; // Gateway Arch
const GDF_CWE = { lat: 38.639561, lng: -90.262062 }; // 20 S Euclid Ave
const MINT_ST_PETERS = { lat: 38.7825, lng: -90.5932 };

describe('haversineMiles', () => {
  it.each<[string, { lat: number; lng: number }, { lat: number; lng: number }, number, number]>([
    ['the same point', ARCH, ARCH, 0, 0.0001],
    // reference values by the spherical law of cosines, an independent formula
    ['Arch to Central West End', ARCH, GDF_CWE, 4.29493, 0.0001],
    ['Arch to St. Peters', ARCH, MINT_ST_PETERS, 24.57366, 0.0001],
    [
      'a quarter of the equator',
      { lat: 0, lng: 0 },
      { lat: 0, lng: 90 },
      (Math.PI * EARTH_RADIUS_MILES) / 2,
      0.001,
    ],
    [
      'pole to pole',
      { lat: 90, lng: 0 },
      { lat: -90, lng: 0 },
      Math.PI * EARTH_RADIUS_MILES,
      0.001,
    ],
  ])('%s', (_name, from, to, miles, tolerance) => {
    expect(Math.abs(haversineMiles(from, to) - miles)).toBeLessThanOrEqual(tolerance);
  });

  it('is symmetric', () => {
    expect(haversineMiles(ARCH, MINT_ST_PETERS)).toBeCloseTo(
      haversineMiles(MINT_ST_PETERS, ARCH),
      10,
    );
  });

  it('uses an Earth radius of 3959 miles', () => {
    expect(EARTH_RADIUS_MILES).toBe(3959);
  });
});

describe('distanceToDispensary', () => {
  it.each<
    [
      string,
      { lat: number; lng: number } | null,
      { lat?: number | null; lng?: number | null } | undefined,
      boolean,
    ]
  >([
    ['both known', ARCH, GDF_CWE, true],
    ['dispensary lat/lng null', ARCH, { lat: null, lng: null }, false],
    ['dispensary lat/lng absent', ARCH, {}, false],
    ['only lat known', ARCH, { lat: 38.6, lng: null }, false],
    ['dispensary unknown', ARCH, undefined, false],
    ['visitor location unknown', null, GDF_CWE, false],
  ])('%s', (_name, visitor, dispensary, finite) => {
    expect(Number.isFinite(distanceToDispensary(visitor, dispensary))).toBe(finite);
  });

  it('is Infinity when the dispensary location is unknown', () => {
    expect(distanceToDispensary(ARCH, { lat: null, lng: null })).toBe(Infinity);
  });
});

describe('withinRadius', () => {
  it.each<[number, DistanceRadius, boolean, boolean]>([
    [3, '5', true, true],
    [5, '5', true, true],
    [5.01, '5', true, false],
    [9.9, '10', true, true],
    [24, '25', true, true],
    [49, '50', true, true],
    [51, '50', true, false],
    [Infinity, '50', true, false],
    // 'all' keeps everything, unknown locations included
    [Infinity, 'all', true, true],
    [500, 'all', true, true],
    // without a known visitor location the filter does not apply
    [Infinity, '5', false, true],
    [500, '10', false, true],
  ])('%s mi within %s (location known: %s) -> %s', (miles, radius, known, expected) => {
    expect(withinRadius(miles, radius, known)).toBe(expected);
  });
});

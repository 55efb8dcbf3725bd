import { afterEach, describe, expect, it } from 'vitest';
import { ForbiddenAddressError } from '../../src/errors';
import {
  censusRequestUrl,
  createCensusGeocoder,
  readCensusAnswer,
} from '../../src/geocoding/census';
import { createJsonClient } from '../../src/transports/json-client';
import { json, startServer, type LocalServer } from '../transports/local-server';

const ADDRESS = '20 S Euclid Ave, St. Louis, MO 63108';
const PATH = '/geocoder/locations/onelineaddress';

/** The Census answer's form (trimmed): the project's own sample, not a capture. */
const matched = (x: number, y: number) => ({
  result: {
    input: { address: { address: ADDRESS }, benchmark: { benchmarkName: 'Public_AR_Current' } },
    addressMatches: [
      {
        matchedAddress: '20 S EUCLID AVE, SAINT LOUIS, MO, 63108',
        coordinates: { x, y },
        addressComponents: { zip: '63108', city: 'SAINT LOUIS', state: 'MO' },
      },
    ],
  },
});
const NO_MATCH = { result: { input: {}, addressMatches: [] } };

let server: LocalServer | undefined;
afterEach(async () => {
  await server?.close();
  server = undefined;
});

const never = () => new AbortController().signal;

describe('the Census answer', () => {
  it('asks for one address on the current benchmark, as JSON', () => {
    const url = new URL(censusRequestUrl(`https://geocoding.geo.census.gov${PATH}`, ADDRESS));
    expect(url.pathname).toBe(PATH);
    expect(Object.fromEntries(url.searchParams)).toEqual({
      address: ADDRESS,
      benchmark: 'Public_AR_Current',
      format: 'json',
    });
  });

  it('reads the first match (x is the longitude), no match as null, and refuses another shape', () => {
    expect(readCensusAnswer(matched(-90.262, 38.6395))).toEqual({ lat: 38.6395, lng: -90.262 });
    expect(readCensusAnswer(NO_MATCH)).toBeNull();
    expect(() => readCensusAnswer({ result: { addressMatches: [{}] } })).toThrow(/geocoder/);
    expect(() => readCensusAnswer(matched(-190, 38.6))).toThrow(/geocoder/);
  });
});

describe('createCensusGeocoder over the http politeness', () => {
  it('asks a local fake geocoder with the honest User-Agent and reads its answer', async () => {
    server = await startServer({
      [PATH]: (request, response) => {
        const address = new URL(request.url ?? '/', 'http://x').searchParams.get('address');
        json(address === ADDRESS ? matched(-90.262, 38.6395) : NO_MATCH)(request, response);
      },
    });
    const client = createJsonClient({
      userAgent: 'STLDealsBot/0.1',
      contactUrl: 'https://example.org/contact',
      allowPrivateHosts: ['127.0.0.1'],
      minHostDelayMs: 0,
    });
    const geocoder = createCensusGeocoder(client, `${server.base}${PATH}`);
    try {
      expect(await geocoder.locate(ADDRESS, never())).toEqual({ lat: 38.6395, lng: -90.262 });
      expect(await geocoder.locate('1 Nowhere Rd, MO 63000', never())).toBeNull();
    } finally {
      geocoder.close();
    }
    const asked = server.hits.filter((hit) => hit.path.startsWith(PATH));
    expect(asked).toHaveLength(2);
    expect(asked[0]!.userAgent).toBe('STLDealsBot/0.1 (+https://example.org/contact)');
    // robots.txt is asked first, as for any menu.
    expect(server.count('/robots.txt')).toBe(1);
  });

  it('refuses a geocoder on a private address unless ALLOW_PRIVATE_HOSTS names it', async () => {
    server = await startServer({ [PATH]: json(matched(-90.262, 38.6395)) });
    const geocoder = createCensusGeocoder(
      createJsonClient({ userAgent: 'STLDealsBot/0.1', minHostDelayMs: 0 }),
      `${server.base}${PATH}`,
    );
    try {
      await expect(geocoder.locate(ADDRESS, never())).rejects.toThrow(ForbiddenAddressError);
    } finally {
      geocoder.close();
    }
    expect(server.hits).toHaveLength(0);
  });
});

import { describe, expect, it } from 'vitest';
import { parse as parseDutchie } from '../dutchie/parse';
import { ARCH_CITY, recordedScrape } from '../dutchie/payloads/recorded';
import { parse as parseHtml } from '../html/parse';
import { storeRecordFacts } from '../jane/store-record';
import { listingFacts } from '../weedmaps/listing-record';
import { e164Phone, jsonLdTelephone, recordPhone } from './store-phone';
import { entryFor, payloadsDir, readJson, readText, sharedFixtures } from './testing';

describe('e164Phone and recordPhone', () => {
  it.each<[unknown, string | undefined]>([
    ['(314) 555-0142', '+13145550142'],
    ['636-555-0188', '+16365550188'],
    ['+1-314-555-0187', '+13145550187'],
    [3145550123, '+13145550123'],
    ['555-0142', undefined],
    ['call us', undefined],
    [null, undefined],
    [undefined, undefined],
  ])('%j -> %s', (value, expected) => {
    expect(e164Phone(value)).toBe(expected);
    expect(recordPhone(value)).toBe(expected ?? null);
  });
});

describe('jsonLdTelephone (schema.org telephone of the store’s node)', () => {
  const store = (telephone: unknown, type: unknown = 'LocalBusiness') => ({
    '@context': 'https://schema.org',
    '@type': type,
    name: 'Gateway Leaf',
    telephone,
  });
  it.each<[string, unknown[], string | null | undefined]>([
    ['a LocalBusiness', [store('+1-314-555-0187')], '+13145550187'],
    [
      'a Store in a graph',
      [{ '@graph': [{ '@type': 'WebPage' }, store('(314) 555-0123', ['Store'])] }],
      '+13145550123',
    ],
    [
      'a schema.org URL as its type',
      [store('314.555.0123', 'https://schema.org/Store')],
      '+13145550123',
    ],
    ['the first business stating one', [store(''), store('314-555-0199')], '+13145550199'],
    ['a number the rule refuses', [store('1-800-FLOWERS')], null],
    ['an organisation’s number is no store’s', [store('314-555-0123', 'Organization')], undefined],
    ['no telephone', [store(undefined)], undefined],
    ['no JSON-LD', [], undefined],
  ])('%s', (_, roots, expected) => {
    expect(jsonLdTelephone(roots)).toBe(expected);
  });
});

describe('a store’s phone in each platform’s store record (the project’s payloads)', () => {
  it('Dutchie: the dispensary record’s phone', () => {
    expect(parseDutchie(recordedScrape(), ARCH_CITY).phone).toBe('+13145550142');
    // Without the store lookup nothing is known either way; a record without one states none.
    expect(parseDutchie([], ARCH_CITY).phone).toBeUndefined();
    const store = {
      label: 'store',
      url: '',
      body: { data: { filteredDispensaries: [{ id: 'x' }] } },
    };
    expect(parseDutchie([store], ARCH_CITY).phone).toBeNull();
  });

  it('Jane: the store record’s phone', () => {
    const record = readJson(
      payloadsDir(new URL('../jane/x', import.meta.url).href),
      'store-record.json',
    );
    expect(storeRecordFacts(record).phone).toBe('+13145550107');
  });

  it('Weedmaps: the listing’s phone_number', () => {
    const record = readJson(
      payloadsDir(new URL('../weedmaps/x', import.meta.url).href),
      'listing.json',
    );
    expect(listingFacts(record).phone).toBe('+16365550188');
  });

  it('a store’s own page: its LocalBusiness telephone', () => {
    const url = 'https://www.gatewayleaf.example/specials/';
    const body = readText(
      payloadsDir(new URL('../html/x', import.meta.url).href),
      'no-deals-about-page.html',
    );
    const entry = entryFor('html', { specialsUrl: url });
    expect(parseHtml([{ label: 'specials-page', url, body }], entry).phone).toBe('+13145550123');
    expect(
      parseHtml([{ label: 'specials-page', url, body: '<main></main>' }], entry).phone,
    ).toBeUndefined();
  });
});

describe('the recorded store records’ phones (shared/fixtures/directories)', () => {
  const dutchie = sharedFixtures(import.meta.url, 'directories/dutchie', '.json');
  const jane = sharedFixtures(import.meta.url, 'directories/jane', '.json');
  const weedmaps = sharedFixtures(import.meta.url, 'directories/weedmaps', '.json');

  it.skipIf(dutchie.absent)('Dutchie: a real ConsumerDispensaries answer (Arizona)', () => {
    const body = readJson(dutchie.dir, 'dutchie-ConsumerDispensaries-harvest-cottonwood-2022.json');
    const entry = entryFor('dutchie', {
      key: 'harvest-of-cottonwood',
      platformId: 'harvest-of-cottonwood',
    });
    expect(parseDutchie([{ label: 'store', url: '', body }], entry).phone).toBe('+19286345233');
  });

  it.skipIf(jane.absent)('Jane: a real store record (California)', () => {
    expect(storeRecordFacts(readJson(jane.dir, 'jane-store-lookup-477.json')).phone).toBe(
      '+15303413611',
    );
  });

  it.skipIf(weedmaps.absent)('Weedmaps: the vendor’s listing example (California)', () => {
    expect(listingFacts(readJson(weedmaps.dir, 'wm-listing-detail-codechallenge.json')).phone).toBe(
      '+17146977003',
    );
  });
});

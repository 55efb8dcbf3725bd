import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { BUNDLED_REGISTRY_PATH, DEFAULT_PLATFORM_CONFIG } from '@stl-deals/scraper';
import { describe, expect, it } from 'vitest';
import { loadConfig } from '../src/config';
import { PRICED_PRODUCTS_PER_STORE, scraperSettings, storeOptions } from '../src/config-settings';

describe('loadConfig', () => {
  it('has a default for every setting but CORS_ORIGIN', () => {
    const config = loadConfig({});
    expect(config).toMatchObject({
      PORT: 3000,
      HOST: '0.0.0.0',
      DATA_DIR: resolve('data'),
      DEALS_REGISTRY: BUNDLED_REGISTRY_PATH,
      REFRESH_INTERVAL_MIN: 30,
      REFRESH_COOLDOWN_S: 60,
      SCRAPE_CONCURRENCY: 4,
      SCRAPE_TIMEOUT_S: 120,
      RATE_LIMIT_PER_MIN: 10,
      LOG_LEVEL: 'info',
      CHROMIUM_PATH: '/usr/bin/chromium',
      HISTORY_RETENTION_DAYS: 90,
      PRICE_HISTORY_DAYS: 400,
      STORE_CHECK_INTERVAL_S: 60,
    });
    expect(config.CORS_ORIGIN).toBeUndefined();
    expect(config.USER_AGENT).toMatch(/https:\/\//);
  });

  it("bounds the store's price observations per dispensary by PRICE_HISTORY_DAYS", () => {
    // The store's own default (400 days of 2,500 products) unless the retention is longer.
    expect(storeOptions(loadConfig({})).observationRowsPerStore).toBe(1_000_000);
    expect(storeOptions(loadConfig({ PRICE_HISTORY_DAYS: '800' })).observationRowsPerStore).toBe(
      800 * PRICED_PRODUCTS_PER_STORE,
    );
  });

  it('reads CORS_ORIGIN as a list of origins', () => {
    expect(
      loadConfig({ CORS_ORIGIN: 'https://a.example, http://localhost:5173' }).CORS_ORIGIN,
    ).toEqual(['https://a.example', 'http://localhost:5173']);
  });

  it('reads PUBLIC_ORIGIN as a list of origins; empty is unset', () => {
    expect(
      loadConfig({ PUBLIC_ORIGIN: 'https://deals.example, http://deals.example:8080' })
        .PUBLIC_ORIGIN,
    ).toEqual(['https://deals.example', 'http://deals.example:8080']);
    expect(loadConfig({ PUBLIC_ORIGIN: ' ' }).PUBLIC_ORIGIN).toBeUndefined();
  });

  it('takes an empty number as unset: the default, never 0', () => {
    expect(
      loadConfig({
        PORT: '',
        REFRESH_COOLDOWN_S: '',
        SCRAPE_TIMEOUT_S: '',
        RATE_LIMIT_PER_MIN: '',
      }),
    ).toMatchObject({
      PORT: 3000,
      REFRESH_COOLDOWN_S: 60,
      SCRAPE_TIMEOUT_S: 120,
      RATE_LIMIT_PER_MIN: 10,
    });
    expect(loadConfig({ PORT: '0', REFRESH_COOLDOWN_S: '0010' })).toMatchObject({
      PORT: 0,
      REFRESH_COOLDOWN_S: 10,
    });
  });

  it('reads the metrics settings: no token, no listener of their own, 127.0.0.1', () => {
    expect(loadConfig({})).toMatchObject({ METRICS_HOST: '127.0.0.1' });
    expect(loadConfig({ METRICS_TOKEN: '', METRICS_PORT: '' })).toMatchObject({
      METRICS_TOKEN: undefined,
      METRICS_PORT: undefined,
    });
    expect(
      loadConfig({
        METRICS_TOKEN: 'a-token-of-16+ch',
        METRICS_PORT: '9464',
        METRICS_HOST: '10.0.0.3',
      }),
    ).toMatchObject({
      METRICS_TOKEN: 'a-token-of-16+ch',
      METRICS_PORT: 9464,
      METRICS_HOST: '10.0.0.3',
    });
  });

  it("asks the US Census geocoder unless GEOCODER_URL names another, or none when it's empty", () => {
    expect(loadConfig({}).GEOCODER_URL).toBe(
      'https://geocoding.geo.census.gov/geocoder/locations/onelineaddress',
    );
    expect(loadConfig({ GEOCODER_URL: 'http://127.0.0.1:9/geocode' }).GEOCODER_URL).toBe(
      'http://127.0.0.1:9/geocode',
    );
    expect(loadConfig({ GEOCODER_URL: '' }).GEOCODER_URL).toBeNull();
    expect(loadConfig({ GEOCODER_URL: ' ' }).GEOCODER_URL).toBeNull();
  });

  it('reads ALLOW_PRIVATE_HOSTS as host names, addresses and CIDR ranges', () => {
    expect(loadConfig({}).ALLOW_PRIVATE_HOSTS).toEqual([]);
    expect(
      loadConfig({ ALLOW_PRIVATE_HOSTS: ' simulator.local , 127.0.0.1, 10.0.0.0/8,fd00::/8' })
        .ALLOW_PRIVATE_HOSTS,
    ).toEqual(['simulator.local', '127.0.0.1', '10.0.0.0/8', 'fd00::/8']);
  });

  it('takes an empty CORS_ORIGIN as unset', () => {
    expect(loadConfig({ CORS_ORIGIN: '' }).CORS_ORIGIN).toBeUndefined();
    expect(loadConfig({ CORS_ORIGIN: '  ' }).CORS_ORIGIN).toBeUndefined();
  });

  it.each<[string | undefined, false | number | string[]]>([
    [undefined, false],
    ['', false],
    ['false', false],
    ['1', 1],
    [' 10 ', 10],
    ['127.0.0.1', ['127.0.0.1']],
    ['10.0.0.0/8, ::1, fd00::/8, loopback', ['10.0.0.0/8', '::1', 'fd00::/8', 'loopback']],
    ['192.168.0.0/255.255.0.0', ['192.168.0.0/255.255.0.0']],
  ])('reads TRUST_PROXY=%j as %j', (value, expected) => {
    expect(loadConfig(value === undefined ? {} : { TRUST_PROXY: value }).TRUST_PROXY).toEqual(
      expected,
    );
  });

  it('refuses TRUST_PROXY=true, naming the settings to use instead', () => {
    expect(() => loadConfig({ TRUST_PROXY: 'true' })).toThrow(
      /TRUST_PROXY: .*number of proxy hops \(e\.g\. 1\) or the proxy addresses/,
    );
  });

  it.each([
    ['PORT', 'abc'],
    ['PORT', '0x10'],
    ['PORT', '1e3'],
    ['PORT', ' 80'],
    ['REFRESH_COOLDOWN_S', '+5'],
    ['SCRAPE_CONCURRENCY', '4.0'],
    ['CORS_ORIGIN', 'example.com'],
    ['CORS_ORIGIN', 'https://a.example,'],
    ['TRUST_PROXY', 'true'],
    ['TRUST_PROXY', '0'],
    ['TRUST_PROXY', '11'],
    ['TRUST_PROXY', '-1'],
    ['TRUST_PROXY', 'yes'],
    ['TRUST_PROXY', '10.0.0.0/33'],
    ['TRUST_PROXY', '127.0.0.1,proxy.local'],
    ['PORT', '70000'],
    ['HOST', ''],
    ['DATA_DIR', ''],
    ['REFRESH_INTERVAL_MIN', '0'],
    ['REFRESH_COOLDOWN_S', '-1'],
    ['SCRAPE_CONCURRENCY', '2.5'],
    ['SCRAPE_TIMEOUT_S', 'soon'],
    ['RATE_LIMIT_PER_MIN', '0'],
    ['LOG_LEVEL', 'loud'],
    ['CORS_ORIGIN', 'https://a.example/path'],
    ['CORS_ORIGIN', 'ftp://a.example'],
    ['PUBLIC_ORIGIN', 'deals.example'],
    ['PUBLIC_ORIGIN', 'https://deals.example/'],
    ['ALLOW_PRIVATE_HOSTS', 'simulator,not a host'],
    ['ALLOW_PRIVATE_HOSTS', '10.0.0.0/33'],
    ['ALLOW_PRIVATE_HOSTS', '10.0.0.0/255.0.0.0'],
    ['METRICS_TOKEN', 'too-short'],
    ['METRICS_TOKEN', 'sixteen or more but spaced'],
    ['METRICS_PORT', 'metrics'],
    ['METRICS_PORT', '70000'],
    ['HISTORY_RETENTION_DAYS', '0'],
    ['HISTORY_RETENTION_DAYS', '30d'],
    // The price facts read the 30 days before today: a shorter history could not hold them.
    ['PRICE_HISTORY_DAYS', '30'],
    ['PRICE_HISTORY_DAYS', '3651'],
    ['STORE_CHECK_INTERVAL_S', '0'],
    ['STORE_CHECK_INTERVAL_S', '86401'],
    ['GEOCODER_URL', 'geocoding.geo.census.gov'],
    ['GEOCODER_URL', 'ftp://geocoder.example/'],
  ])('names the bad variable %s=%j', (name, value) => {
    expect(() => loadConfig({ [name]: value })).toThrow(
      new RegExp(
        `Invalid configuration:\\n  ${name}: .*\\(got "${value.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}"\\)`,
      ),
    );
  });

  it('takes a PostgreSQL DATABASE_URL, none by default (SQLite)', () => {
    expect(loadConfig({}).DATABASE_URL).toBeUndefined();
    expect(loadConfig({ DATABASE_URL: '' }).DATABASE_URL).toBeUndefined();
    const url = 'postgresql://deals:pw@db.internal:5432/deals';
    expect(loadConfig({ DATABASE_URL: url }).DATABASE_URL).toBe(url);
  });

  it.each([
    'mysql://deals:pw@db/deals',
    'postgres://deals:pw@db.internal:5432',
    'postgres:///deals',
    'deals.sqlite',
  ])('refuses DATABASE_URL=%j without repeating it (it may hold a password)', (value) => {
    expect(() => loadConfig({ DATABASE_URL: value })).toThrow(
      /Invalid configuration:\n {2}DATABASE_URL: must be a postgres:\/\/ or postgresql:\/\/ URL .*\(value not shown\)$/,
    );
  });

  it('lays a PLATFORMS_CONFIG file over the platform defaults', () => {
    const hash = 'b'.repeat(64);
    const file = join(mkdtempSync(join(tmpdir(), 'stl-config-')), 'platforms.json');
    writeFileSync(file, JSON.stringify({ dutchieHashes: { FilteredSpecials: hash }, maxPages: 4 }));
    expect(scraperSettings(loadConfig({ PLATFORMS_CONFIG: file })).platforms).toEqual({
      ...DEFAULT_PLATFORM_CONFIG,
      dutchieHashes: { ...DEFAULT_PLATFORM_CONFIG.dutchieHashes, FilteredSpecials: hash },
      maxPages: 4,
    });
    expect(scraperSettings(loadConfig({})).platforms).toEqual(DEFAULT_PLATFORM_CONFIG);
  });

  it('stops on a bad PLATFORMS_CONFIG file, naming the variable, the file and the field', () => {
    const file = join(mkdtempSync(join(tmpdir(), 'stl-config-')), 'platforms.json');
    writeFileSync(file, JSON.stringify({ baseUrls: { weedmaps: 'not a url' } }));
    expect(() => loadConfig({ PLATFORMS_CONFIG: file })).toThrow(
      `PLATFORMS_CONFIG: ${file}: field 'baseUrls.weedmaps'`,
    );
  });
});

import { resolve } from 'node:path';
import { BUNDLED_REGISTRY_PATH } from '@stl-deals/scraper';
import { describe, expect, it } from 'vitest';
import { loadConfig } from '../src/config';

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
    });
    expect(config.CORS_ORIGIN).toBeUndefined();
    expect(config.USER_AGENT).toMatch(/https:\/\//);
  });

  it('reads CORS_ORIGIN as a list of origins', () => {
    expect(
      loadConfig({ CORS_ORIGIN: 'https://a.example, http://localhost:5173' }).CORS_ORIGIN,
    ).toEqual(['https://a.example', 'http://localhost:5173']);
  });

  it.each([
    ['PORT', 'abc'],
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
  ])('names the bad variable %s=%j', (name, value) => {
    expect(() => loadConfig({ [name]: value })).toThrow(
      new RegExp(
        `Invalid configuration:\\n  ${name}: .*\\(got "${value.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}"\\)`,
      ),
    );
  });
});

import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { buildApp } from '../src/app';
import { loadConfig } from '../src/config';

describe('the service shell', () => {
  it('answers the health call', async () => {
    const app = await buildApp({ WEB_DIST: join(tmpdir(), 'no-such-dist') });
    const response = await app.inject('/api/monitoring/scraper/ping');
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ ok: true });
  });

  it('serves the built page at /', async () => {
    const dist = mkdtempSync(join(tmpdir(), 'web-dist-'));
    writeFileSync(join(dist, 'index.html'), '<h1>STL Deals</h1>');
    const app = await buildApp({ WEB_DIST: dist });
    const response = await app.inject('/');
    expect(response.statusCode).toBe(200);
    expect(response.body).toContain('STL Deals');
  });

  it('says clearly when the page is not built', async () => {
    const app = await buildApp({ WEB_DIST: join(tmpdir(), 'no-such-dist') });
    const response = await app.inject('/');
    expect(response.statusCode).toBe(503);
    expect(response.json()).toMatchObject({ error: 'PageNotBuilt' });
  });
});

describe('loadConfig', () => {
  it('has defaults', () => {
    expect(loadConfig({})).toMatchObject({ PORT: 3000, HOST: '0.0.0.0' });
  });

  it.each([
    ['PORT', 'abc'],
    ['PORT', '70000'],
    ['HOST', ''],
  ])('names the bad variable %s=%j', (name, value) => {
    expect(() => loadConfig({ [name]: value })).toThrow(new RegExp(`${name}: `));
  });
});

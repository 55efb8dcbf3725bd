import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { BUNDLED_TAX_RATES, DispensaryListSchema } from '@stl-deals/domain';
import { loadRegistry } from '@stl-deals/scraper';
import type { FastifyInstance } from 'fastify';
import { pino } from 'pino';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../src/config';
import { DispensaryTaxRates, readTaxRatesFile } from '../src/tax-rates';
import { feedDeals } from './support/deals';
import { startFeedServer, type FeedServer } from './support/feed-server';
import { feedRegistry, startApp, tempDir } from './support/harness';

/** A TAX_RATES file holding `content` (an object is written as JSON), and its path. */
function taxFile(content: unknown): string {
  const path = join(tempDir('stl-deals-tax-'), 'tax-rates.json');
  writeFileSync(path, typeof content === 'string' ? content : JSON.stringify(content));
  return path;
}

const SALES_OVERRIDE = {
  rate: 9.738,
  status: 'verified',
  source: 'https://dor.mo.gov/ rate lookup for 17409 Chesterfield Airport Rd',
  date: '2026-11-01',
};

describe('the bundled table', () => {
  it('has rates for exactly the bundled registry dispensaries', async () => {
    const registry = await loadRegistry();
    expect(Object.keys(BUNDLED_TAX_RATES).sort()).toEqual(
      registry.dispensaries.map(({ key }) => key).sort(),
    );
  });
});

describe('TAX_RATES', () => {
  it('is read at start and laid over the bundled table, part by part', () => {
    const config = loadConfig({
      TAX_RATES: taxFile({ 'hippos-chesterfield': { sales: SALES_OVERRIDE } }),
    });
    const rates = new DispensaryTaxRates(config.TAX_RATES);
    expect(rates.of('hippos-chesterfield')).toEqual({
      // The bundled part the file leaves alone...
      localMarijuana: { rate: 0, status: 'inferred' },
      // ...and the file's part, in place of the bundled 9.113% verified.
      sales: { rate: 9.738, status: 'verified' },
    });
    // Another dispensary keeps its bundled rates.
    expect(rates.of('root-66-des-peres')).toEqual({
      localMarijuana: { rate: 3, status: 'verified' },
      sales: { rate: null, status: 'unknown' },
    });
  });

  it('unset: the bundled table alone', () => {
    expect(loadConfig({}).TAX_RATES).toBeUndefined();
    expect(new DispensaryTaxRates(undefined).of('hippos-chesterfield')?.sales).toEqual({
      rate: 9.113,
      status: 'verified',
    });
  });

  it('gives a dispensary the table does not know the file part, and the other part unknown', () => {
    const rates = new DispensaryTaxRates({
      'new-store': { sales: { ...SALES_OVERRIDE, status: 'inferred' } },
    });
    expect(rates.of('new-store')).toEqual({
      localMarijuana: { rate: null, status: 'unknown' },
      sales: { rate: 9.738, status: 'inferred' },
    });
    expect(rates.of('no-such-store')).toBeUndefined();
    expect(rates.overridesOutside(['hippos-chesterfield'])).toEqual(['new-store']);
  });

  it.each([
    [
      'a local marijuana tax above the 3% cap',
      { 'hippos-chesterfield': { localMarijuana: { ...SALES_OVERRIDE, rate: 4 } } },
      "field 'hippos-chesterfield.localMarijuana.rate'",
    ],
    [
      'a known rate called unknown',
      { 'hippos-chesterfield': { sales: { ...SALES_OVERRIDE, status: 'unknown' } } },
      "field 'hippos-chesterfield.sales': a rate is null exactly when its status is 'unknown'",
    ],
    [
      'a field the file format does not have',
      { 'hippos-chesterfield': { sales: { ...SALES_OVERRIDE, percent: 9 } } },
      "field 'hippos-chesterfield.sales'",
    ],
    [
      'a part without its source',
      { 'hippos-chesterfield': { sales: { rate: 9, status: 'verified', date: '2026' } } },
      "field 'hippos-chesterfield.sales.source'",
    ],
    [
      'a date that is no date',
      { 'hippos-chesterfield': { sales: { ...SALES_OVERRIDE, date: 'last week' } } },
      "field 'hippos-chesterfield.sales.date'",
    ],
    [
      'an entry overriding nothing',
      { 'hippos-chesterfield': { jurisdiction: 'Chesterfield' } },
      "field 'hippos-chesterfield': must override localMarijuana, sales or both",
    ],
    [
      'a key that is no dispensary key',
      { 'Hippos Chesterfield': { sales: SALES_OVERRIDE } },
      'dispensary key',
    ],
    ['not an object', [1, 2], "field '(file)'"],
  ])(
    'stops the start on %s, naming the variable, the file and the field',
    (_case, content, field) => {
      const path = taxFile(content);
      expect(() => loadConfig({ TAX_RATES: path })).toThrow(`TAX_RATES: ${path}: `);
      expect(() => loadConfig({ TAX_RATES: path })).toThrow(field);
    },
  );

  it('stops the start on a file that is not JSON, or not there', () => {
    const broken = taxFile('{ "hippos-chesterfield": ');
    expect(() => readTaxRatesFile(broken)).toThrow(`${broken} is not JSON`);
    expect(() => loadConfig({ TAX_RATES: '/no/such/tax-rates.json' })).toThrow(
      'TAX_RATES: cannot read /no/such/tax-rates.json',
    );
  });
});

describe('GET /api/scraper/dispensaries: tax', () => {
  const KEYS = ['hippos-chesterfield', 'root-66-des-peres', 'alpha'];
  let feed: FeedServer;
  const apps: FastifyInstance[] = [];
  beforeAll(async () => {
    feed = await startFeedServer();
    for (const key of KEYS) feed.set(key, { deals: feedDeals(key, 1) });
  });
  afterEach(async () => {
    await Promise.all(apps.splice(0).map((app) => app.close()));
  });
  afterAll(() => feed.close());

  async function listed(env: Record<string, string> = {}, logger?: pino.Logger) {
    const app = await startApp({
      registry: feedRegistry(feed, KEYS),
      env,
      ...(logger ? { logger } : {}),
    });
    apps.push(app);
    const response = await app.inject('/api/scraper/dispensaries');
    expect(response.statusCode).toBe(200);
    return DispensaryListSchema.parse(response.json());
  }

  it("sends each known dispensary's rates, and no tax field for one the table does not know", async () => {
    const byKey = new Map((await listed()).map((dispensary) => [dispensary.key, dispensary]));
    expect(byKey.get('hippos-chesterfield')?.tax).toEqual({
      localMarijuana: { rate: 0, status: 'inferred' },
      sales: { rate: 9.113, status: 'verified' },
    });
    expect(byKey.get('root-66-des-peres')?.tax).toEqual({
      localMarijuana: { rate: 3, status: 'verified' },
      sales: { rate: null, status: 'unknown' },
    });
    expect(byKey.get('alpha')).not.toHaveProperty('tax');
  });

  it('sends the TAX_RATES file over the table, and warns of its keys no dispensary has', async () => {
    const lines: string[] = [];
    const logger = pino({ level: 'warn' }, { write: (line: string) => lines.push(line) });
    const path = taxFile({
      'hippos-chesterfield': { sales: SALES_OVERRIDE },
      'closed-store': { sales: SALES_OVERRIDE },
    });
    const list = await listed({ TAX_RATES: path }, logger);
    expect(list.find(({ key }) => key === 'hippos-chesterfield')?.tax?.sales).toEqual({
      rate: 9.738,
      status: 'verified',
    });
    expect(lines.join('')).toContain(
      'TAX_RATES names dispensaries the registry does not have: closed-store',
    );
  });
});

describe('the OpenAPI document', () => {
  it("describes the dispensaries' tax field and its parts", async () => {
    const feed = await startFeedServer();
    const app = await startApp({ registry: feedRegistry(feed, ['alpha']) });
    try {
      const document = (await app.inject('/api/openapi.json')).json<{
        paths: Record<string, unknown>;
      }>();
      const route = JSON.stringify(document.paths['/api/scraper/dispensaries']);
      expect(route).toContain('"tax"');
      expect(route).toContain('"localMarijuana"');
      expect(route).toContain('estimated price with tax');
    } finally {
      await app.close();
      await feed.close();
    }
  });
});

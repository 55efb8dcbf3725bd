import { describe, expect, it } from 'vitest';
import { dispenseAdapter } from '../../src/adapters/dispense';
import { RetryableError, scrapeErrorFrom } from '../../src/errors';
import { runParseJob, type RawPayload } from '../../src/parsing/parse-job';
import type { RegistryEntry } from '../../src/registry';

const STORE: RegistryEntry = {
  key: 'dispense-store',
  name: 'Dispense Store',
  platform: 'dispense',
  menuUrl: 'https://menu.dispense.example/',
};

const captured = (url: string, body: unknown): RawPayload => ({
  label: null,
  url,
  kind: 'json',
  body: Buffer.from(JSON.stringify(body)),
});

const PRODUCTS = 'https://api.dispenseapp.com/v1/venues/v1/products?limit=100';
const product = { id: 'p1', name: 'Cloud Cover 3.5g', price: 40, priceWithDiscounts: 30 };

const parse = (received: RawPayload[]) =>
  runParseJob(
    { op: 'parse', entry: STORE, received, maxDeals: 100, maxDealBytes: 1e6, maxPayloads: 10 },
    { dispense: dispenseAdapter },
  );

describe('a menu captured in the browser', () => {
  it('is a retryable failure, not zero deals, when none of its JSON is the menu', () => {
    const outcome = parse([
      captured('https://analytics.example/collect', { ok: true }),
      captured('https://menu.dispense.example/config.json', { theme: 'dark' }),
    ]);
    expect(outcome.ok).toBe(false);
    const error = !outcome.ok && 'error' in outcome ? scrapeErrorFrom(outcome.error) : null;
    expect(error).toBeInstanceOf(RetryableError);
    expect(error?.message).toBe(
      'None of the 2 JSON answers the store page loaded is a dispense menu',
    );
  });

  it('is read when one of its answers is the menu, even an empty one', () => {
    const empty = parse([captured(PRODUCTS, { data: [], count: 0 })]);
    expect(empty).toMatchObject({ ok: true, value: { dealsFound: 0 } });
    const full = parse([
      captured('https://analytics.example/collect', { ok: true }),
      captured(PRODUCTS, { data: [product], count: 1 }),
    ]);
    expect(full).toMatchObject({ ok: true });
  });
});

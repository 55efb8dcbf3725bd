import type { SourceStatus } from '@stl-deals/domain';
import { describe, expect, it } from 'vitest';
import {
  directionsUrl,
  heldBackText,
  hoursSourceText,
  lastReadText,
  platformText,
  taxText,
  websiteUrl,
} from './store-panel';

const ZONE = 'America/Chicago';
const source = (overrides: Partial<SourceStatus>): SourceStatus => ({
  key: 'swade',
  name: 'Swade',
  state: 'ok',
  dealCount: 12,
  lastSuccessAt: '2025-06-04T16:30:00Z',
  lastAttemptAt: '2025-06-04T16:30:00Z',
  error: null,
  ...overrides,
});

describe('the store panel', () => {
  it.each<[string, string | undefined, string | null]>([
    [
      'an address, with the name',
      '6100 Delmar Blvd, St. Louis, MO',
      'https://www.google.com/maps/search/?api=1&query=Swade%2C%206100%20Delmar%20Blvd%2C%20St.%20Louis%2C%20MO',
    ],
    ['no address: no directions (a name alone may find another store)', undefined, null],
    ['a blank address', '   ', null],
  ])('directions for %s', (_, address, expected) => {
    expect(directionsUrl({ name: 'Swade', ...(address === undefined ? {} : { address }) })).toBe(
      expected,
    );
  });

  it.each<[string | undefined, string | null]>([
    ['https://swade.example/', 'https://swade.example/'],
    ['http://swade.example/menu', 'http://swade.example/menu'],
    ['javascript:alert(1)', null],
    ['data:text/html,hi', null],
    [undefined, null],
  ])('a website %j -> %j', (website, expected) => {
    expect(websiteUrl(website === undefined ? {} : { website })).toBe(expected);
  });

  it.each<[string, SourceStatus | undefined, string]>([
    ['never read', undefined, 'Not read yet.'],
    ['read', source({}), 'Last read Jun 4, 2025, 11:30 AM: 12 deals.'],
    ['one deal', source({ dealCount: 1 }), 'Last read Jun 4, 2025, 11:30 AM: 1 deal.'],
    [
      'being read',
      source({ state: 'running' }),
      'Being read now. Last read Jun 4, 2025, 11:30 AM.',
    ],
    [
      'failed, with its reason',
      source({
        state: 'failed',
        error: 'The menu platform refused our request.',
        lastAttemptAt: '2025-06-04T17:00:00Z',
        lastSuccessAt: null,
      }),
      'Last try Jun 4, 2025, 12:00 PM failed: The menu platform refused our request. Last success never.',
    ],
    [
      'no menu',
      source({ state: 'unconfigured' }),
      'Its menu is not configured, so no deals are read.',
    ],
  ])('the last reading, %s', (_, status, expected) => {
    expect(lastReadText(status, ZONE)).toBe(expected);
  });

  it('says where the hours come from and which menu is read', () => {
    const week = { source: 'platform' as const, week: {} as never };
    expect(hoursSourceText({ hours: week, platform: 'jane' })).toBe(
      "Hours as the store's Jane page states them.",
    );
    expect(hoursSourceText({ hours: { ...week, source: 'registry' } })).toMatch(
      /^Hours from our list of St\. Louis dispensaries/,
    );
    expect(hoursSourceText({})).toBeNull();
    expect(platformText({ platform: 'html' })).toBe('Deals read from its own specials page.');
    expect(platformText({})).toBe('No menu is read for this store yet.');
  });

  it('counts held-back prices and states each tax, unknown ones as unknown', () => {
    expect(heldBackText(source({}))).toBeNull();
    expect(heldBackText(source({ pricesHeldBack: 1 }))).toMatch(/^1 price held back: .* it\.$/);
    expect(taxText(undefined)).toBe(
      'State 6% (medical 4%), local marijuana tax unknown, sales tax unknown',
    );
    expect(
      taxText({
        localMarijuana: { rate: 3, status: 'verified' },
        sales: { rate: 9.679, status: 'inferred' },
      } as never),
    ).toBe('State 6% (medical 4%), local marijuana tax 3%, sales tax 9.679% (inferred)');
  });
});

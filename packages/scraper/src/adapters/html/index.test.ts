import { describe, expect, it } from 'vitest';
import { entryFor } from '../shared/testing';
import { htmlAdapter } from './index';

describe('htmlAdapter', () => {
  it('recognizes a recorded page as HTML text, and reads every recorded page', () => {
    expect(htmlAdapter.recognize?.('<html></html>')).toBe('specials-page');
    expect(htmlAdapter.recognize?.({ html: '' })).toBeNull();
    const entry = entryFor('html', { specialsUrl: 'https://www.archcitycannabis.com/specials/' });
    const received = [
      '<p>Munchie Monday: 20% off edibles</p>',
      '<p>Flower Friday: 2 for $70 eighths</p>',
    ].map((body) => ({ label: 'specials-page', url: '', body }));
    expect(htmlAdapter.parse(received, entry).deals.map((deal) => deal.title)).toEqual([
      'Munchie Monday',
      'Flower Friday',
    ]);
  });
});

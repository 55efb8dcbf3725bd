import { describe, expect, it } from 'vitest';
import { NotFoundError } from '../../errors';
import { entryFor } from '../shared/testing';
import { plan } from './plan';

describe('html plan', () => {
  it('GETs the specials page as HTML, else the menu page', () => {
    const both = entryFor('html', {
      specialsUrl: 'https://www.archcitycannabis.com/weekly-specials/',
      menuUrl: 'https://www.archcitycannabis.com/shop/',
    });
    expect(plan(both, [])).toEqual([
      {
        label: 'specials-page',
        url: 'https://www.archcitycannabis.com/weekly-specials/',
        accept: 'text/html',
      },
    ]);
    const menuOnly = entryFor('html', { menuUrl: 'https://www.archcitycannabis.com/shop/' });
    expect(plan(menuOnly, [])[0]?.url).toBe('https://www.archcitycannabis.com/shop/');
  });

  it('is done once the page is in', () => {
    const entry = entryFor('html', { specialsUrl: 'https://www.archcitycannabis.com/deals/' });
    expect(plan(entry, [{ label: 'specials-page', url: entry.specialsUrl!, body: '' }])).toEqual(
      [],
    );
  });

  it('says clearly when no specials page is known', () => {
    const entry = entryFor('html', { website: 'https://www.archcitycannabis.com/' });
    expect(() => plan(entry, [])).toThrow(NotFoundError);
    expect(() => plan(entry, [])).toThrow(/no specials page known/);
  });
});

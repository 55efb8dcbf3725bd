import { describe, expect, it } from 'vitest';
import { brandLogoFor, dispensaryLogoFor, imageCandidates, logoUrlsFor } from './images';

const text = (title: string, description = '', brand?: string) => ({
  title,
  description,
  ...(brand ? { brand } : {}),
});

describe('brandLogoFor', () => {
  it.each<[string, string, string | undefined, string | null]>([
    ['Galactic gummies', '', 'Galactic', '/logos/brands/galactic.svg'],
    ['Lemon Fire MAC', 'from Cloud Cover', undefined, '/logos/brands/cloud-cover.svg'],
    ['Platinum Vape cart 1g', '', undefined, '/logos/brands/platinum-vape.svg'],
    ['Proper Cannabis eighths', '', undefined, '/logos/brands/proper.svg'],
    ['1g cart', '', 'Proper', '/logos/brands/proper.svg'],
    ['Wyld gummies 20% off', '', undefined, '/logos/brands/wyld.svg'],
    // ordinary words and strain names count only in the brand field
    ['The proper way to save', '', undefined, null],
    ['Galactic Jack 3.5g', '', undefined, null],
    ['Platinum OG 3.5g', '', undefined, null],
    ['Girl Scout Cookies 3.5g', '', undefined, null],
    ['Girl Scout Cookies 3.5g', '', 'Cookies', '/logos/brands/cookies.svg'],
    // Cloud Nine is not Cloud Cover; Clovr is not clover
    ['Cloud 9 gummies', '', undefined, '/logos/brands/cloud-nine.svg'],
    ['Four leaf clover kush', '', undefined, null],
    ['No brand here', '', 'Unknown Farms', null],
  ])('%j / %j brand %j -> %j', (title, description, brand, expected) => {
    expect(brandLogoFor(text(title, description, brand))).toBe(expected);
  });
});

describe('dispensaryLogoFor', () => {
  it.each<[string | undefined, string | null]>([
    ['Good Day Farm - Clayton', '/logos/dispensaries/good-day-farm.svg'],
    ['🌿 Kind Goods - Soulard', '/logos/dispensaries/kind-goods.svg'],
    ['Proper Cannabis - Crestwood', '/logos/dispensaries/proper.svg'],
    ['Root 66 - Dogtown', '/logos/dispensaries/root-66.svg'],
    ['Hi-Pointe / Blue Sage Cannabis Deli', '/logos/dispensaries/blue-sage.svg'],
    ['Missouri Wild Alchemy', null],
    ['', null],
    [undefined, null],
  ])('%j -> %j', (name, expected) => {
    expect(dispensaryLogoFor(name)).toBe(expected);
  });
});

describe('logoUrlsFor', () => {
  it.each<[string, string | undefined, string | undefined, string[]]>([
    [
      'Wyld gummies',
      undefined,
      'Swade - The Grove',
      ['/logos/brands/wyld.svg', '/logos/dispensaries/swade.svg'],
    ],
    [
      'Happy hour',
      'Proper',
      'Proper Cannabis - Crestwood',
      ['/logos/brands/proper.svg', '/logos/dispensaries/proper.svg'],
    ],
    ['Wyld gummies', undefined, 'Missouri Wild Alchemy', ['/logos/brands/wyld.svg']],
    ['Happy hour', undefined, 'Good Day Farm - Clayton', ['/logos/dispensaries/good-day-farm.svg']],
    ['Happy hour', undefined, undefined, []],
  ])('%j brand %j at %j -> %j', (title, brand, dispensary, expected) => {
    expect(logoUrlsFor({ title, description: '', brand, dispensary })).toEqual(expected);
  });
});

describe('imageCandidates', () => {
  const base = { title: 'Wyld gummies', description: '', dispensary: 'Swade - The Grove' };

  it('tries the own image, then brand, dispensary and category images', () => {
    expect(imageCandidates({ ...base, imageUrl: 'https://img.example/a.jpg' }, 'edibles')).toEqual([
      'https://img.example/a.jpg',
      '/logos/brands/wyld.svg',
      '/logos/dispensaries/swade.svg',
      '/images/categories/edibles.svg',
    ]);
  });

  it.each<[string, string]>([
    ['', 'blank'],
    ['   ', 'whitespace'],
    ['javascript:alert(1)', 'script URL'],
    ['data:image/png;base64,AAAA', 'data URL'],
    ['//img.example/a.jpg', 'protocol-relative'],
    ['/relative.png', 'relative path'],
  ])('skips an own image that is %s (%j)', (imageUrl) => {
    expect(imageCandidates({ ...base, imageUrl }, 'edibles')[0]).toBe('/logos/brands/wyld.svg');
  });

  it('ends with the category image when nothing else is known', () => {
    expect(
      imageCandidates({ title: 'Happy hour', description: '', imageUrl: '' }, 'other'),
    ).toEqual(['/images/categories/other.svg']);
  });
});

import { describe, expect, it } from 'vitest';
import {
  brandLogoFor,
  categoryImageFor,
  dispensaryLogoFor,
  imageCandidates,
  imagePlaceholder,
  isImageTooSmall,
} from './images';
import { DEAL_CATEGORIES } from '../contract/values';

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

describe('category images and placeholders', () => {
  it.each(DEAL_CATEGORIES)('%s has an image and a placeholder with emoji and text', (category) => {
    expect(categoryImageFor(category)).toBe(`/images/categories/${category}.svg`);
    const placeholder = imagePlaceholder(category);
    expect(placeholder.emoji).not.toBe('');
    expect(placeholder.text).not.toBe('');
  });

  it.each<[number, number, boolean]>([
    [49, 200, true],
    [200, 49, true],
    [1, 1, true],
    [50, 50, false],
    [640, 480, false],
  ])('an image of %i x %i px too small: %s', (width, height, expected) => {
    expect(isImageTooSmall(width, height)).toBe(expected);
  });
});

import { describe, expect, it } from 'vitest';
import { cardImages, categoryImageFor, imagePlaceholder, isImageTooSmall } from './card-images';
import { DEAL_CATEGORIES } from '../contract/values';

describe('cardImages', () => {
  const logoUrls = ['/logos/brands/wyld.svg', '/logos/dispensaries/swade.svg'];

  it('tries the own image, then the logos the service sent, then the category image', () => {
    expect(cardImages({ imageUrl: 'https://img.example/a.jpg', logoUrls }, 'edibles')).toEqual([
      'https://img.example/a.jpg',
      '/logos/brands/wyld.svg',
      '/logos/dispensaries/swade.svg',
      '/images/categories/edibles.svg',
    ]);
  });

  it('without logos from the service: the own image, then the category image', () => {
    expect(cardImages({ imageUrl: 'https://img.example/a.jpg' }, 'vapes')).toEqual([
      'https://img.example/a.jpg',
      '/images/categories/vapes.svg',
    ]);
    expect(cardImages({ imageUrl: '' }, 'other')).toEqual(['/images/categories/other.svg']);
  });

  it.each<[string, string]>([
    ['', 'blank'],
    ['   ', 'whitespace'],
    ['javascript:alert(1)', 'script URL'],
    ['data:image/png;base64,AAAA', 'data URL'],
    ['//img.example/a.jpg', 'protocol-relative'],
    ['/relative.png', 'relative path'],
  ])('skips an own image that is %s (%j)', (imageUrl) => {
    expect(cardImages({ imageUrl, logoUrls }, 'edibles')[0]).toBe('/logos/brands/wyld.svg');
  });

  it('tries an image once, however often it is named', () => {
    expect(
      cardImages(
        {
          imageUrl: '',
          logoUrls: ['/images/categories/flower.svg', '/images/categories/flower.svg'],
        },
        'flower',
      ),
    ).toEqual(['/images/categories/flower.svg']);
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

import type { Deal } from '@stl-deals/domain';
import { describe, expect, it } from 'vitest';
import { entryFor, payloadsDir, readText } from '../shared/testing';
import { parse } from './parse';

/**
 * A plain specials page read without selectors: one offer written as a sentence under the page's
 * <h1>, beside the site's furniture (navigation, app promotion, reviews, an age prompt).
 */
const url = 'https://www.riverfrontcannabis.example/specials';
const entry = entryFor('html', { specialsUrl: url });
const parsePage = (body: string): Deal[] =>
  parse([{ label: 'specials-page', url, body }], entry).deals;
const texts = (deals: readonly Deal[]) =>
  deals.map(({ title, description }) => [title, description]);

describe('html parse: plain-specials-page.html (one offer sentence under the page’s H1)', () => {
  const deals = parsePage(readText(payloadsDir(import.meta.url), 'plain-specials-page.html'));

  it('titles the deal with the offer sentence, not the page’s H1 or its app blurb', () => {
    expect(deals).toHaveLength(1);
    expect(deals[0]).toMatchObject({
      title: 'Shop Riverfront Cannabis Co. online for 10% off',
      description: '',
      price: '10% off',
      discountPercent: 10,
      specialName: 'Shop Riverfront Cannabis Co. online for 10% off',
    });
  });

  it('takes neither picture nor link from the app store badges', () => {
    expect(deals[0]).toMatchObject({ imageUrl: '', sourceUrl: url });
  });
});

describe('html parse: a plain page’s furniture is not the offer’s words', () => {
  it.each<[string, string, string[][]]>([
    [
      'a condition beside the offer is its description',
      '<main><section><h1>Specials</h1><p>Shop Riverfront online for 10% off</p><p>Valid on online orders only.</p></section></main>',
      [['Shop Riverfront online for 10% off', 'Valid on online orders only.']],
    ],
    [
      'an app blurb without class names',
      '<main><section><h1>Specials</h1><p>Flower Friday: 20% off eighths</p><p>Download the Riverfront Cannabis app</p></section></main>',
      [['Flower Friday', '20% off eighths']],
    ],
    [
      'reviews',
      '<main><section><h1>Specials</h1><p>Shop Riverfront online for 10% off</p><div><p>★★★★★</p><p>“Quick pickup.” — Dana</p></div></section></main>',
      [['Shop Riverfront online for 10% off', '']],
    ],
    [
      'an age prompt, which would otherwise hide the deal as furniture',
      '<main><section><h1>Specials</h1><p>You must be 21 or older to shop.</p><p>Shop Riverfront online for 10% off</p></section></main>',
      [['Shop Riverfront online for 10% off', '']],
    ],
    [
      'a row of navigation links',
      '<main><section><div><a href="/">Home</a> | <a href="/shop">Shop</a> | <a href="/specials">Specials</a> | <a href="/contact">Contact</a></div><h1>Specials</h1><p>Shop Riverfront online for 10% off</p></section></main>',
      [['Shop Riverfront online for 10% off', '']],
    ],
  ])('%s', (_, html, expected) => {
    expect(texts(parsePage(html))).toEqual(expected);
  });
});

describe('html parse: what stays a deal’s words', () => {
  it.each<[string, string, string[][]]>([
    [
      'an app promotion that is itself the offer',
      '<main><section><h1>Specials</h1><p>Download our app for 15% off your first order</p></section></main>',
      [['Download our app for 15% off your first order', '']],
    ],
    [
      'an H1 that reads as a deal',
      '<main><section><h1>10% off online orders</h1><p>Every day at Riverfront.</p></section></main>',
      [['10% off online orders', 'Every day at Riverfront.']],
    ],
    [
      'H1s that title each card of a page that has several',
      '<main><div><h1>Munchie Monday</h1><p>20% off edibles</p></div><div><h1>Terp Tuesday</h1><p>15% off carts</p></div></main>',
      [
        ['Munchie Monday', '20% off edibles'],
        ['Terp Tuesday', '15% off carts'],
      ],
    ],
    [
      'a list of links that are deals',
      '<main><section><ul><li><a href="/a">20% off edibles</a></li><li><a href="/b">BOGO carts</a></li><li><a href="/c">$5 off eighths</a></li></ul></section></main>',
      [
        ['20% off edibles', ''],
        ['BOGO carts', ''],
        ['$5 off eighths', ''],
      ],
    ],
  ])('%s', (_, html, expected) => {
    expect(texts(parsePage(html))).toEqual(expected);
  });
});

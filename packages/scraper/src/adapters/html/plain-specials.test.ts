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

describe('html parse: one-offer-specials-page.html (one offer told in the strip, a headline and two paragraphs)', () => {
  const pageUrl = 'https://www.carondeletleaf.example/deals/';
  const deals = parse(
    [
      {
        label: 'specials-page',
        url: pageUrl,
        body: readText(payloadsDir(import.meta.url), 'one-offer-specials-page.html'),
      },
    ],
    entryFor('html', { specialsUrl: pageUrl }),
  ).deals;

  it('is one deal, titled by the shortest statement of the offer, the header strip’s', () => {
    expect(deals).toHaveLength(1);
    expect(deals[0]).toMatchObject({
      title: '40% OFF Your Order Today!',
      specialName: '40% OFF Your Order Today!',
      price: '40% off',
      discountPercent: 40,
      sourceUrl: 'https://www.carondeletleaf.example/shop/',
    });
  });

  it('keeps no word of the header’s navigation or the footer’s contact block', () => {
    expect(JSON.stringify(deals)).not.toMatch(/25% off vapes|555-0142|Broadway/);
  });
});

/** A page at `address` with `title`, its header strip and main content as given. */
const pageAt = (address: string, title: string, strip: string, main: string): Deal[] =>
  parse(
    [
      {
        label: 'specials-page',
        url: address,
        body: `<html><head><title>${title}</title></head><body>${strip}<main>${main}</main></body></html>`,
      },
    ],
    entryFor('html', { specialsUrl: address }),
  ).deals;

describe('html parse: an offer in the site’s header, announcement strip or footer', () => {
  const main = '<h1>Specials</h1><h2>Munchie Monday</h2><p>20% off edibles</p>';
  it.each<[string, string]>([
    ['an announcement bar', '<div class="announcement-bar">40% OFF Your Order Today!</div>'],
    ['a <header>', '<header><p>40% OFF Your Order Today!</p></header>'],
    ['a role="banner" strip', '<div role="banner"><span>40% OFF Your Order Today!</span></div>'],
    [
      'a top bar in the masthead',
      '<div id="masthead"><div class="top-bar">40% OFF Your Order Today!</div><nav><a href="/deals">Deals: 25% off vapes</a></nav></div>',
    ],
    ['a <footer>', '<footer><p>40% OFF Your Order Today!</p></footer>'],
  ])('is a deal on a deals page: %s (its menu links are not)', (_, strip) => {
    const deals = pageAt('https://www.riverfront.example/specials/', 'Riverfront', strip, main);
    expect(texts(deals)).toEqual(
      expect.arrayContaining([
        ['40% OFF Your Order Today!', ''],
        ['Munchie Monday', '20% off edibles'],
      ]),
    );
    expect(deals).toHaveLength(2);
  });

  it.each<[string, string, string]>([
    ['its address', 'https://www.riverfront.example/weekly-deals/', 'Riverfront'],
    ['its title', 'https://www.riverfront.example/page/12', 'Promotions | Riverfront'],
  ])('a deals page is known by %s', (_, address, title) => {
    const strip = '<div class="announcement-bar">40% OFF Your Order Today!</div>';
    expect(texts(pageAt(address, title, strip, '<p>Shop our menu.</p>'))).toEqual([
      ['40% OFF Your Order Today!', ''],
    ]);
  });

  it('is the site’s chrome on a page that is not a deals page (a homepage)', () => {
    const strip = '<div class="announcement-bar">40% OFF Your Order Today!</div>';
    const home =
      '<h1>South City’s neighborhood dispensary</h1><h2>Munchie Monday</h2><p>20% off edibles</p>';
    expect(
      texts(pageAt('https://www.riverfront.example/', 'Riverfront Cannabis', strip, home)),
    ).toEqual([['Munchie Monday', '20% off edibles']]);
  });
});

describe('html parse: restatements of one offer are one deal', () => {
  const onDealsPage = (main: string) =>
    texts(pageAt('https://www.riverfront.example/deals/', 'Deals | Riverfront Cannabis', '', main));

  it.each<[string, string, string[][]]>([
    [
      'a headline and two paragraphs saying it again, the store named or not',
      '<h2>Don’t miss out: get 40% off your entire order today, our biggest sale of the season!</h2><div><p>Riverfront Cannabis takes 40% off everything in the store today.</p></div><section><p>Hurry in: 40% off your whole purchase. No code needed.</p></section>',
      // 'Hurry in' is a lead-in, not a statement of the offer: the headline is the only one.
      [
        [
          'Don’t miss out: get 40% off your entire order today, our biggest sale of the season!',
          'Riverfront Cannabis takes 40% off everything in the store today.',
        ],
      ],
    ],
    [
      'the same product offer in a card and in a paragraph',
      '<div class="card"><h3>20% off Flora Farms flower</h3><p>This week only.</p></div><p>Take 20% off all Flora Farms flower this week!</p>',
      [['20% off Flora Farms flower', 'This week only.']],
    ],
  ])('%s', (_, main, expected) => {
    expect(onDealsPage(main)).toEqual(expected);
  });

  it.each<[string, string, string[][]]>([
    [
      'the same percent on other days',
      '<h2>Munchie Monday</h2><p>15% off edibles</p><h2>Feature Friday</h2><p>15% off edibles</p>',
      [
        ['Munchie Monday', '15% off edibles'],
        ['Feature Friday', '15% off edibles'],
      ],
    ],
    [
      'the same percent on other things or for other people',
      '<p>20% off everything today</p><p>Veterans: 20% off every day</p><p>20% off all vapes</p><p>20% off 3.5g jars</p><p>20% off 7g jars</p>',
      [
        ['20% off everything today', ''],
        ['Veterans', '20% off every day'],
        ['20% off all vapes', ''],
        ['20% off 3.5g jars', ''],
        ['20% off 7g jars', ''],
      ],
    ],
    [
      'another figure',
      '<p>40% off your order today</p><p>30% off your order today</p><p>$10 off your order today</p>',
      [
        ['40% off your order today', ''],
        ['30% off your order today', ''],
        ['$10 off your order today', ''],
      ],
    ],
  ])('other offers stay apart: %s', (_, main, expected) => {
    expect(onDealsPage(main)).toEqual(expected);
  });
});

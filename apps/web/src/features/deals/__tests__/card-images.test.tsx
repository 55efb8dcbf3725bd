import { fireEvent, screen, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { describe, expect, it } from 'vitest';
import { deal } from '../../../test/fixtures';
import { renderPage } from '../../../test/render-page';
import { API, serve, server } from '../../../test/server';

// The card's images on the whole page: the logos come from the service (`logoUrls`), read and
// checked by the page's reader; the page itself only walks them and the category's image.

const gummies = () =>
  deal({ title: 'Wyld gummies 20% off', imageUrl: 'https://cdn.example/gummies.jpg' });

/** The image sources the first card walks through, one load error at a time. */
async function walkImages(): Promise<string[]> {
  const card = await screen.findByRole('link', { name: /Wyld gummies/ });
  const seen: string[] = [];
  for (let img = card.querySelector('img'); img; img = card.querySelector('img')) {
    seen.push(img.getAttribute('src')!);
    fireEvent.error(img);
  }
  expect(within(card).getByText('🍬')).toBeInTheDocument();
  return seen;
}

/** A backend answering the deals exactly as given, whatever view is asked for. */
function answerDeals(deals: unknown[]) {
  server.use(http.get(API.deals, () => HttpResponse.json(deals)));
}

describe('card images', () => {
  it("tries the deal's image, the brand and chain logos the service chose, then the category's", async () => {
    serve({ deals: [gummies()] });
    renderPage();
    expect(await walkImages()).toEqual([
      'https://cdn.example/gummies.jpg',
      '/logos/brands/wyld.svg',
      '/logos/dispensaries/swade.svg',
      '/images/categories/edibles.svg',
    ]);
  });

  it('chooses no logo from a backend that sends none: own image, category image, placeholder', async () => {
    serve();
    answerDeals([{ ...gummies(), category: 'edibles' }]);
    renderPage();
    expect(await walkImages()).toEqual([
      'https://cdn.example/gummies.jpg',
      '/images/categories/edibles.svg',
    ]);
  });

  it('drops logos that are not http(s) or same-origin, and keeps the deal', async () => {
    serve();
    answerDeals([
      {
        ...gummies(),
        category: 'edibles',
        logoUrls: ['/logos/brands/wyld.svg', '//evil.example/x.svg', 'javascript:alert(1)'],
      },
    ]);
    renderPage();
    expect(await walkImages()).toEqual([
      'https://cdn.example/gummies.jpg',
      '/images/categories/edibles.svg',
    ]);
  });
});

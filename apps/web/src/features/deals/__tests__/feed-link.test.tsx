import { act, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { deal } from '../../../test/fixtures';
import { renderPage } from '../../../test/render-page';
import { serve } from '../../../test/server';
import indexHtml from '../../../../index.html?raw';

const FEED_LINK = 'link[rel="alternate"][type="application/atom+xml"]';

/** The page's <head> as index.html writes it: the feed link of the whole list. */
function headFromIndexHtml(): void {
  const head = new DOMParser().parseFromString(indexHtml, 'text/html').head;
  const link = head.querySelector(FEED_LINK);
  if (!link) throw new Error('index.html names no Atom feed in its <head>');
  document.head.append(document.importNode(link, true));
}

const feedHref = () => document.head.querySelector(FEED_LINK)?.getAttribute('href');

beforeEach(headFromIndexHtml);
afterEach(() => document.head.querySelector(FEED_LINK)?.remove());

describe("the <head>'s feed link", () => {
  it('names the Atom feed of the whole list before the page runs', () => {
    expect(document.head.querySelector(FEED_LINK)?.getAttribute('title')).toBe(
      'Deals for this search',
    );
    expect(feedHref()).toBe('/feeds/deals.atom');
  });

  it("follows the search in the page's address, without the page, its size or a radius", async () => {
    serve({ deals: [deal({ title: 'Sour gummy pack deal' }), deal({ title: 'Vape cart deal' })] });
    const { user } = renderPage({
      query: '?category=edibles&distance=10&page=2&pageSize=48&sort=bogus&utm_source=x',
    });
    await screen.findByText(/^Found \d+ deals?/);
    expect(feedHref()).toBe('/feeds/deals.atom?category=edibles');

    await user.selectOptions(screen.getByLabelText('Sort By'), 'price-high');
    expect(feedHref()).toBe('/feeds/deals.atom?category=edibles&sort=price-high');

    act(() => window.history.back());
    await waitFor(() => expect(feedHref()).toBe('/feeds/deals.atom?category=edibles'));
  });
});

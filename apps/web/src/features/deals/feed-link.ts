import { DEALS_FEED_PATH, readFilters, searchQuery } from '@stl-deals/domain';
import { subscribeToUrl } from './hooks/use-url-filters';

let following = false;

/**
 * Keeps the <head>'s feed link (index.html) on the Atom feed of the search in the page's address,
 * so a feed reader finds it, from now on for the page's life (a second call changes nothing). The
 * address holds no location, so the feed is of the search without a radius. Only feed readers read
 * the link, so this starts with the page's on-demand parts (see `onDemandParts`), not before the
 * first list.
 */
export function followFeedLink(): void {
  if (following) return;
  following = true;
  const show = () => {
    const filters = readFilters(window.location.search);
    document
      .querySelector('link[type="application/atom+xml"]')
      ?.setAttribute('href', DEALS_FEED_PATH + searchQuery({ ...filters, distance: 'all' }));
  };
  show();
  subscribeToUrl(show);
}

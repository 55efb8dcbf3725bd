import type { MouseEvent } from 'react';

/** The page's address searching for `search`, from its first page. */
function searchHref(search: string): string {
  const url = new URL(location.href);
  url.searchParams.set('search', search);
  url.searchParams.delete('page');
  return url.href;
}

/**
 * 'No deals match "blu dreem". Did you mean blue dream?', the suggestion a link that searches for
 * it (the empty state's text when the shopper search has one, see `EmptyState`).
 */
export function didYouMean(search: string, suggestion: string, onSearch: (search: string) => void) {
  const meant = (event: MouseEvent) => {
    event.preventDefault();
    onSearch(suggestion);
  };
  return (
    <>
      No deals match "{search.trim()}". Did you mean{' '}
      <a href={searchHref(suggestion)} onClick={meant}>
        {suggestion}
      </a>
      ?
    </>
  );
}

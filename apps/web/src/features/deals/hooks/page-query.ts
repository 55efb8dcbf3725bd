/**
 * The page's URL query as the hooks that keep state in it share it: read, followed, and written
 * with an event of the page's own, since history.pushState raises none.
 */

/** Fired after the page itself changes the URL. */
export const URL_CHANGED = 'stl-deals:url-changed';

/** Calls `onChange` whenever the query may have changed (Back, Forward, the page's own writes). */
export function subscribeToQuery(onChange: () => void): () => void {
  window.addEventListener('popstate', onChange);
  window.addEventListener(URL_CHANGED, onChange);
  return () => {
    window.removeEventListener('popstate', onChange);
    window.removeEventListener(URL_CHANGED, onChange);
  };
}

export const currentQuery = () => window.location.search;

/** Puts `query` in the address, keeping the path and hash: a new history entry or this one. */
export function writeQuery(query: string, replace: boolean): void {
  const url = `${window.location.pathname}${query}${window.location.hash}`;
  if (replace) window.history.replaceState(window.history.state, '', url);
  else window.history.pushState(window.history.state, '', url);
  window.dispatchEvent(new Event(URL_CHANGED));
}

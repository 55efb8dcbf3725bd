import { SIMULATED_PLATFORMS } from '../platforms';
import { escapeHtml, html } from '../platforms/answers';
import type { Routed, SimRequest } from '../platforms/types';
import { specialsPagePath, type StoreDirectory } from '../stores';

const HOME = /^\/sites\/([a-z0-9-]{1,100})\/?$/;

/** Where a store's own website lives on the simulator; the directories list it. */
export const websitePath = (key: string) => `/sites/${key}/`;

/**
 * A dispensary's own website: its name and address, a link to its specials page, and its menu
 * embedded in its platform's real form, which the service's source detector must recognise.
 */
export function routeWebsite(request: SimRequest, stores: StoreDirectory): Routed | undefined {
  const match = HOME.exec(request.url.pathname);
  if (!match) return undefined;
  const store = match[1] === undefined ? undefined : stores.byKey(match[1]);
  return {
    store,
    answer({ base }) {
      if (!store) return html('<!doctype html><title>Page not found</title>', 404);
      const embed = SIMULATED_PLATFORMS[store.platform]?.embed?.(store, base);
      const address = store.menuStore.address ?? '';
      return html(`<!doctype html>
<html lang="en">
  <head ${embed?.headAttributes ?? ''}>
    <meta charset="utf-8" />
    <title>${escapeHtml(store.name)}</title>
  </head>
  <body class="home ${embed?.bodyClass ?? ''}">
    <header><h1>${escapeHtml(store.name)}</h1><p>${escapeHtml(address)}</p></header>
    <nav><a href="${websitePath(store.key)}">Home</a> <a href="${specialsPagePath(store.key)}">Specials</a></nav>
    <main>${embed?.body ?? '<p>Visit us in store.</p>'}</main>
  </body>
</html>
`);
    },
  };
}

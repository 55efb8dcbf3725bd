import { specialsPagePath } from '../../stores';
import { json } from '../answers';
import type { SimulatedPlatform } from '../types';
import { feedDeals } from './serialize';

const FEED = /^\/feeds\/([a-z0-9-]{1,100})\/deals\.json$/;

/** A dispensary's (or its operator's) own JSON feed of deals in the contract's shape. */
export const feed: SimulatedPlatform = {
  address: (store, base) => ({ menuUrl: `${base}/feeds/${store.key}/deals.json` }),

  route(request, stores) {
    const match = FEED.exec(request.url.pathname);
    if (!match) return undefined;
    const store = stores.find('feed', match[1]);
    return {
      store,
      answer: (context) =>
        store
          ? json(feedDeals(context.menuOf(store), `${context.base}${specialsPagePath(store.key)}`))
          : json({ error: 'No such feed' }, 404),
    };
  },
};

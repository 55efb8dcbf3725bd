import { useQueryClient, type Query } from '@tanstack/react-query';
import { useEffect } from 'react';
import { useServices } from '../../../shared/services';
import type { DealsSnapshot } from '../api/get-deals';
import { keepOfflineCopies, offlineCopiesServed } from '../api/offline-copies';
import { dealsCallOf, offlineCopyText } from '../model/offline-copy';

/**
 * Once the list is drawn: registers the page's service worker (its offline copies), and marks
 * every deals snapshot the worker gave from its copy, now and as new ones arrive: the status line
 * then says how old they are ('Deals from 2:10 PM, offline'), and the snapshot's load time is
 * when the copy was saved. A fresh answer is a new snapshot, without the mark. Draws nothing.
 */
export function OfflineCopies() {
  const client = useQueryClient();
  const { now, timeZone } = useServices();
  useEffect(() => {
    const cache = client.getQueryCache();
    const loaded = cache.findAll({ queryKey: ['deals'] }).filter((query) => query.state.data);
    const selections = loaded.flatMap(({ queryKey: [, key] }) =>
      typeof key === 'string' ? [key] : [],
    );
    keepOfflineCopies(selections).catch((error: unknown) => {
      console.warn('The offline copies are not available:', error);
    });
    let current = true;
    const mark = async (query: Query) => {
      const [kind, selection] = query.queryKey;
      const snapshot = query.state.data as DealsSnapshot | undefined;
      if (kind !== 'deals' || typeof selection !== 'string' || !snapshot || snapshot.offline) {
        return;
      }
      const savedAt = (await offlineCopiesServed(now)).get(dealsCallOf(selection));
      // Only the snapshot asked about: a newer one may have come meanwhile.
      if (!current || savedAt === undefined || query.state.data !== snapshot) return;
      client.setQueryData<DealsSnapshot>(query.queryKey, {
        deals: snapshot.deals,
        loadedAt: savedAt,
        offline: offlineCopyText(savedAt, now(), timeZone),
      });
    };
    const markQuietly = (query: Query) => void mark(query).catch(() => undefined);
    for (const query of loaded) markQuietly(query);
    const stop = cache.subscribe((event) => {
      if (event.type === 'updated' && event.action.type === 'success') {
        markQuietly(event.query as Query);
      }
    });
    return () => {
      current = false;
      stop();
    };
  }, [client, now, timeZone]);
  return null;
}

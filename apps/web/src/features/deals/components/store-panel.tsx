import { skipToken, useQuery } from '@tanstack/react-query';
import { cutText, type CacheStatus, type TimeZone } from '@stl-deals/domain';
import { cacheStatusKey } from '../api/get-cache-status';
import { writeQuery } from '../hooks/page-query';
import type { DealListModel } from '../hooks/use-deal-list';
import { writeUrl } from '../hooks/use-url-filters';
import { withDialogParam } from '../model/dialog-param';
import { useStoreHours } from '../hooks/use-store-hours';
import type { StoreDetails } from '../api/get-store-details';
import { comparisonRows } from '../model/product-comparison';
import {
  directionsUrl,
  heldBackText,
  hoursRows,
  hoursSourceText,
  lastReadText,
  platformText,
  taxText,
  websiteUrl,
} from '../model/store-panel';
import { DealDialog } from './deal-dialog';
import styles from './deal-dialog.module.css';

/** The most deals the panel lists; the rest are a click away in the list itself. */
const MAX_LISTED = 25;

interface StorePanelProps {
  storeKey: string;
  /** The list: its deals at this store (with the visitor's filters, in its order) and stores. */
  list: DealListModel;
  timeZone: TimeZone;
  onClose: () => void;
}

/**
 * A store's panel, opened from a card's store button (its URL, `store=<key>`, can be shared): its
 * address with directions, website, hours with today marked and where they came from, the menu
 * its deals are read from and how the last reading went, its taxes, and its deals with the
 * visitor's filters. Every text is the service's, rendered as text; links are http(s) only.
 * Loaded when first opened.
 */
export function StorePanel(props: StorePanelProps) {
  const { storeKey, list, timeZone } = props;
  const stores = useStoreHours();
  const store: StoreDetails | undefined =
    stores.details?.get(storeKey) ?? list.dispensaries.find((d) => d.key === storeKey);
  const hoursNow = stores.hours.get(storeKey);
  const deals = list.deals.filter((view) => view.deal.dispensaryKey === storeKey);
  // The status the page already holds (the list's load keeps it up to date); never asked here.
  const { data: status } = useQuery<CacheStatus | null>({
    queryKey: cacheStatusKey,
    queryFn: skipToken,
  });
  const source = status?.sources?.find((entry) => entry.key === storeKey);
  const name = store?.name ?? source?.name ?? storeKey;
  const directions = store ? directionsUrl(store) : null;
  const website = store ? websiteUrl(store) : null;
  const rows = store ? hoursRows(store, stores.now, timeZone) : [];
  const listed = comparisonRows(deals.slice(0, MAX_LISTED), list.tax);
  const heldBack = heldBackText(source);
  return (
    <DealDialog title={name} subtitle={hoursNow?.text} onClose={props.onClose}>
      <div>
        {store?.address && (
          <p className={styles.text}>
            {store.address}
            {directions && (
              <>
                {' · '}
                <a href={directions} target="_blank" rel="noopener noreferrer">
                  Directions
                  <span className="visually-hidden"> (opens a map in a new tab)</span>
                </a>
              </>
            )}
          </p>
        )}
        {store?.phone && (
          <p className={styles.text}>
            <a href={store.phone.href}>Call {store.phone.display}</a>
          </p>
        )}
        {website && (
          <p className={styles.text}>
            <a href={website} target="_blank" rel="noopener noreferrer">
              Store website
              <span className="visually-hidden"> (opens in a new tab)</span>
            </a>
          </p>
        )}
        <h3 className={styles.section}>Hours</h3>
        {rows.length > 0 ? (
          <>
            <table className={styles.table}>
              <caption className="visually-hidden">Opening hours, Monday first</caption>
              <tbody>
                {rows.map((row) => (
                  <tr key={row.weekday} className={row.today ? styles.today : undefined}>
                    <th scope="row">
                      {row.day}
                      {row.today && <span className={styles.todayTag}> Today</span>}
                    </th>
                    <td>{row.text}</td>
                  </tr>
                ))}
              </tbody>
            </table>
            <p className={styles.small}>{hoursSourceText(store!)}</p>
          </>
        ) : (
          <p className={styles.text}>
            {store ? 'Its hours are unknown: check with the store.' : 'Loading the store…'}
          </p>
        )}
        <h3 className={styles.section}>Deals here</h3>
        <p className={styles.text}>
          {platformText(store ?? {})} {lastReadText(source, timeZone)}
        </p>
        {heldBack && <p className={styles.text}>{heldBack}</p>}
        {listed.length === 0 ? (
          <p className={styles.text}>No deals at this store with your filters.</p>
        ) : (
          <div
            className={styles.scroll}
            role="region"
            aria-label="Deals at this store"
            tabIndex={0}
          >
            <table className={styles.table}>
              <caption className="visually-hidden">This store's deals with your filters</caption>
              <thead>
                <tr>
                  <th scope="col">Deal</th>
                  <th scope="col" className={styles.number}>
                    Price today
                  </th>
                </tr>
              </thead>
              <tbody>
                {listed.map((row, index) => {
                  const { deal } = deals[index]!;
                  // The card's title; and the size, which tells a product's sizes apart here.
                  const title = cutText(deal.title.trim() || deal.description.trim()) || 'Deal';
                  return (
                    <tr key={row.key}>
                      <th scope="row">
                        {row.href ? (
                          <a href={row.href} target="_blank" rel="noopener noreferrer">
                            {title}
                            <span className="visually-hidden"> (opens the deal in a new tab)</span>
                          </a>
                        ) : (
                          title
                        )}
                        {deal.size && <span className={styles.detail}>{deal.size}</span>}
                      </th>
                      <td className={styles.number}>
                        {row.price}
                        {row.discount && <span className={styles.note}>{row.discount}</span>}
                      </td>
                    </tr>
                  );
                })}
              </tbody>
            </table>
          </div>
        )}
        {deals.length > 0 && (
          <p className={styles.text}>
            <button
              type="button"
              className={styles.close}
              onClick={() => {
                // Closed in the entry it was open in: no step back to race the new list's entry.
                writeQuery(withDialogParam(window.location.search, 'store', null), true);
                writeUrl({ dispensary: storeKey, stores: [] }, false);
              }}
            >
              {deals.length > MAX_LISTED
                ? `List all ${deals.length} of its deals`
                : 'List only this store'}
            </button>
          </p>
        )}
        <h3 className={styles.section}>Taxes</h3>
        <p className={styles.text}>{taxText(store?.tax)}</p>
      </div>
    </DealDialog>
  );
}

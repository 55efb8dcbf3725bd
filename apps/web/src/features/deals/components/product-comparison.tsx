import type { DealView, PricesWithTax } from '@stl-deals/domain';
import { useStoreHours } from '../hooks/use-store-hours';
import { WatchProduct } from '../../follow/components/watch-product';
import { comparisonRows, comparisonTitle } from '../model/product-comparison';
import { DealDialog } from './deal-dialog';
import styles from './deal-dialog.module.css';

interface ProductComparisonProps {
  /** The product's key across stores, as the page's URL names it. */
  productKey: string;
  /** The product's deals, one per store, cheapest first (see `productStores`). */
  offers: readonly DealView[];
  /** Prices with tax, when the 'Prices with tax' switch is on. */
  tax: PricesWithTax | null;
  /** Opens a store's panel (in place of the comparison). */
  onStore: (storeKey: string, opener: HTMLElement) => void;
  onClose: () => void;
}

/**
 * One product at every store that has it on deal in the list: today's price with its discount as
 * the card shows it (`shownDiscountText`), the price per item
 * (a multi-buy's), the price with tax when asked for, the distance when known, a link to each
 * store's deal and a button to its panel that says what its hours say now; cheapest first; and 'Watch this product', also when no store has it on deal
 * today. Loaded when first opened.
 */
export function ProductComparison(props: ProductComparisonProps) {
  const { productKey, offers, tax, onStore, onClose } = props;
  const { hours } = useStoreHours();
  const rows = comparisonRows(offers, tax);
  const stores = rows.length === 1 ? '1 store' : `${rows.length} stores`;
  const withDistance = rows.some((row) => row.distance !== null);
  const title = comparisonTitle(offers);
  return (
    <DealDialog
      title={title}
      subtitle={rows.length > 0 ? `On deal at ${stores} today, cheapest first` : undefined}
      onClose={onClose}
    >
      {rows.length === 0 ? (
        <p className={styles.text}>
          No store in this list has this product on deal today. It may be on another day's list, or
          at a dispensary not listed.
        </p>
      ) : (
        // Scrolls sideways within the dialog where the columns are wider than a phone.
        <div className={styles.scroll} role="region" aria-label="Prices at each store" tabIndex={0}>
          <table className={styles.table}>
            <caption className="visually-hidden">Prices of this product at each store</caption>
            <thead>
              <tr>
                <th scope="col">Store</th>
                <th scope="col" className={styles.number}>
                  Price today
                </th>
                <th scope="col" className={styles.number}>
                  Per item
                </th>
                {tax && (
                  <th scope="col" className={styles.number}>
                    With tax
                  </th>
                )}
                {withDistance && (
                  <th scope="col" className={styles.number}>
                    Distance
                  </th>
                )}
              </tr>
            </thead>
            <tbody>
              {rows.map((row) => (
                <tr key={row.key}>
                  <th scope="row">
                    {row.href ? (
                      <a href={row.href} target="_blank" rel="noopener noreferrer">
                        {row.store}
                        <span className="visually-hidden"> (opens the deal in a new tab)</span>
                      </a>
                    ) : (
                      row.store
                    )}
                    <button
                      type="button"
                      className={styles.storeButton}
                      onClick={(event) => onStore(row.storeKey, event.currentTarget)}
                    >
                      {hours.get(row.storeKey)?.text ?? 'Store info'}
                      <span className="visually-hidden">: {row.store}, its hours and deals</span>
                    </button>
                  </th>
                  <td className={styles.number}>
                    {row.price}
                    <Note text={row.discount} />
                  </td>
                  <td className={styles.number}>
                    {row.each ?? 'Unknown'}
                    <Note text={row.offer} />
                  </td>
                  {tax && <td className={styles.number}>{row.withTax ?? 'Unknown'}</td>}
                  {withDistance && <td className={styles.number}>{row.distance ?? 'Unknown'}</td>}
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
      <div className={styles.watch}>
        <WatchProduct productKey={productKey} name={offers.length > 0 ? title : null} />
      </div>
    </DealDialog>
  );
}

/** A cell's small second line, read after a comma; nothing when there is no text. */
function Note({ text }: { text: string | null }) {
  if (!text) return null;
  return (
    <span className={styles.note}>
      <span className="visually-hidden">, </span>
      {text}
    </span>
  );
}

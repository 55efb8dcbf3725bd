import { cutText, dispensaryChipName, marketDay, type DealView } from '@stl-deals/domain';
import { useQuery } from '@tanstack/react-query';
import { useMemo, useState } from 'react';
import { HttpError } from '../../../shared/http/errors';
import { useServices } from '../../../shared/services';
import { WatchProduct } from '../../follow/components/watch-product';
import { dealHistoryQueryOptions, HISTORY_DAYS } from '../api/get-deal-history';
import { priceChart } from '../model/price-chart';
import { DealDialog } from './deal-dialog';
import styles from './deal-dialog.module.css';
import { PriceChart } from './price-chart';

interface PriceHistoryProps {
  /** A deal with an id: its history is asked by it. */
  view: DealView;
  onClose: () => void;
}

/**
 * A deal's prices over the last 90 days: a step chart of the price it sold for and the regular
 * price from the first day seen to today, with gaps where the product was not seen, said in words
 * (a summary of today's price, the low and the usual price, read out when it arrives, and a table
 * of the days for screen readers). Asked for with its own request when opened, never
 * carried in the list's answer; its code loads when first opened.
 */
export function PriceHistory({ view, onClose }: PriceHistoryProps) {
  const { deal } = view;
  const { now, timeZone } = useServices();
  // The window ends on the market's day as the dialog opens.
  const [today] = useState(() => marketDay(now(), timeZone));
  const history = useQuery(dealHistoryQueryOptions(deal.id ?? ''));
  const points = history.data?.points;
  const chart = useMemo(
    () =>
      points ? priceChart(points, today, HISTORY_DAYS, { usualPrice: deal.usualPrice }) : null,
    [points, today, deal.usualPrice],
  );
  const title = cutText(deal.title.trim() || deal.description.trim());
  const store = dispensaryChipName(deal.dispensary);

  const said = chart
    ? chart.summary
    : history.isError
      ? failureText(history.error)
      : 'Loading the price history…';
  return (
    <DealDialog
      title="Price history"
      subtitle={store ? `${title} at ${store}` : title}
      onClose={onClose}
    >
      <p className={styles.status} role="status">
        {said}
      </p>
      {history.isError && !isUnknownDeal(history.error) && (
        <button type="button" className={styles.retry} onClick={() => void history.refetch()}>
          Try again
        </button>
      )}
      {chart?.seen && (
        <>
          <PriceChart chart={chart} />
          <table className="visually-hidden">
            <caption>Prices by day, oldest first</caption>
            <thead>
              <tr>
                <th scope="col">Days</th>
                <th scope="col">Price</th>
                <th scope="col">Regular price</th>
              </tr>
            </thead>
            <tbody>
              {chart.steps.map((step) => (
                <tr key={step.days}>
                  <th scope="row">{step.days}</th>
                  <td>{step.price}</td>
                  <td>{step.regular ?? 'None'}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </>
      )}
      {deal.productKey && (
        <div className={styles.watch}>
          <WatchProduct productKey={deal.productKey} name={title} />
        </div>
      )}
    </DealDialog>
  );
}

/** The service keeps no history under this deal's id (a 404): asking again will not help. */
const isUnknownDeal = (error: unknown) => error instanceof HttpError && error.status === 404;

function failureText(error: unknown): string {
  if (isUnknownDeal(error)) return 'No price history is kept for this deal yet.';
  return 'The price history could not be loaded. Check your connection and try again.';
}

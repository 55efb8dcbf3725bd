import type { CategoryFilter, DealView, TimeZone } from '@stl-deals/domain';
import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { onDemand } from '../../../shared/tasks/on-demand';
import { useCodeWhen } from '../hooks/use-code-when';
import type { DealListModel } from '../hooks/use-deal-list';
import { useDialogParam } from '../hooks/use-dialog-param';
import type { FactsContext } from '../model/deal-card';
import { hiddenDealsNote } from '../model/messages';
import { DealCard } from './deal-card';
import styles from './deal-list.module.css';
import { EmptyState } from './empty-state';
import { Pagination, useListCompanions } from './on-demand';
import { FollowButton } from '../../follow/components/follow-button';

const NO_OFFERS: readonly DealView[] = [];

interface DealListProps {
  list: DealListModel;
  /**
   * What the visitor chose to list, the page number aside: when it changes while the count line
   * is above the viewport (scrolled down a long list), the count line is brought into view, so
   * the new list is seen from its start.
   */
  shown: string;
  /** What the empty state says when no dispensary could be reached (see `EmptyState`). */
  unreached: string | null;
  categoryFilter: CategoryFilter;
  timeZone: TimeZone;
  onPage: (page: number) => void;
  onSearch: (search: string) => void;
}

// What a card opens loads when a card first opens it, in a chunk of its own.
const cardDialogs = onDemand(() => import('./card-dialogs'));

/**
 * The deal list (spec section 2): count line, headed groups of cards, pagination, empty states;
 * over it, what a card opens: the product at every store (named in the URL, so a shared link
 * opens it) and a deal's price history.
 */
export function DealList(props: DealListProps) {
  const { list, shown, categoryFilter, timeZone, onPage, onSearch } = props;
  const countRef = useRef<HTMLParagraphElement>(null);
  const { productKey, storeKey, open: openDialog, close: closeDialog } = useDialogParam();
  const [history, setHistory] = useState<DealView | null>(null);
  /** The button that opened a dialog, for focus to return to when it closes. */
  const opener = useRef<HTMLElement | null>(null);
  const onCompare = useCallback(
    (key: string, button: HTMLElement) => {
      opener.current = button;
      openDialog('product', key);
    },
    [openDialog],
  );
  const onHistory = useCallback((view: DealView, button: HTMLElement) => {
    opener.current = button;
    setHistory(view);
  }, []);
  const onStore = useCallback(
    (key: string, button: HTMLElement) => {
      opener.current = button;
      openDialog('store', key);
    },
    [openDialog],
  );
  const closeHistory = useCallback(() => setHistory(null), []);
  const [hours, companions] = useListCompanions();
  // Focus returns where it was when the dialog closes, however it closed (Escape, Close, Back); a
  // dialog opened by a shared link returns it to the count line.
  const dialogOpen = productKey !== null || storeKey !== null || history !== null;
  const dialogs = useCodeWhen(cardDialogs, dialogOpen);
  const wasOpen = useRef(false);
  useEffect(() => {
    if (dialogOpen) {
      wasOpen.current = true;
      return;
    }
    if (!wasOpen.current) return;
    wasOpen.current = false;
    const back = opener.current?.isConnected ? opener.current : countRef.current;
    opener.current = null;
    back?.focus({ preventScroll: true });
  }, [dialogOpen]);

  const shownBefore = useRef(shown);
  useEffect(() => {
    if (shownBefore.current === shown) return;
    shownBefore.current = shown;
    const count = countRef.current;
    if (count && count.getBoundingClientRect().top < 0) count.scrollIntoView?.({ block: 'start' });
  }, [shown]);
  const goTo = useCallback(
    (page: number) => {
      onPage(page);
      // The button pressed may not exist on the new page: focus and show the top of the list.
      countRef.current?.focus({ preventScroll: true });
      countRef.current?.scrollIntoView?.({ behavior: 'smooth', block: 'start' });
    },
    [onPage],
  );
  const { loadedAt, day } = list;
  // One object per load and day, so the memoized cards do not draw again on a keystroke.
  const facts = useMemo<FactsContext | null>(
    () => (loadedAt !== null && day !== null ? { now: loadedAt, timeZone, day } : null),
    [loadedAt, timeZone, day],
  );
  const hidden = list.counts ? hiddenDealsNote(list.counts) : null;
  return (
    <section className={styles.results} aria-labelledby="results-heading">
      <h2 id="results-heading" className="visually-hidden">
        Deals
      </h2>
      <div className={styles.counts}>
        <p ref={countRef} className={styles.count} aria-live="polite" tabIndex={-1}>
          {list.countLine}
        </p>
        {hidden && <p className={styles.hidden}>{hidden}</p>}
        <FollowButton className={styles.follow} />
      </div>
      <div>
        {list.empty || !facts ? (
          <EmptyState
            search={list.searching ? list.search : ''}
            suggestion={list.suggestion}
            unreached={props.unreached}
            onSearch={onSearch}
          />
        ) : (
          list.groups.map((group, index) => (
            <div key={`${index}:${group.heading ?? ''}`} className={styles.group}>
              {group.heading && <h3 className={styles.heading}>{group.heading}</h3>}
              <ul className={styles.grid}>
                {group.deals.map((view) => (
                  <li key={view.rank}>
                    <DealCard
                      view={view}
                      categoryFilter={categoryFilter}
                      headingLevel={group.heading ? 4 : 3}
                      facts={facts}
                      products={list.products}
                      tax={list.tax}
                      onCompare={onCompare}
                      onHistory={onHistory}
                      hours={hours.get(view.deal.dispensaryKey)}
                      onStore={onStore}
                    />
                  </li>
                ))}
              </ul>
            </div>
          ))
        )}
      </div>
      <Pagination page={list.page} pages={list.pages} onPage={goTo} />
      {companions}
      {dialogs && productKey !== null && (
        <dialogs.ProductComparison
          productKey={productKey}
          offers={list.products.get(productKey) ?? NO_OFFERS}
          tax={list.tax}
          onStore={onStore}
          onClose={closeDialog}
        />
      )}
      {dialogs && storeKey !== null && (
        <dialogs.StorePanel
          storeKey={storeKey}
          list={list}
          timeZone={timeZone}
          onClose={closeDialog}
        />
      )}
      {dialogs && history && <dialogs.PriceHistory view={history} onClose={closeHistory} />}
    </section>
  );
}

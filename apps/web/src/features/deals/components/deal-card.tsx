import { memo, type MouseEvent } from 'react';
import {
  alsoAt,
  alsoAtText,
  type CategoryFilter,
  type DealView,
  type HoursNow,
  type PricesWithTax,
  type ProductStores,
} from '@stl-deals/domain';
import {
  dealCardView,
  dealFactsView,
  restatesCard,
  taxLine,
  type FactsContext,
} from '../model/deal-card';
import styles from './deal-card.module.css';
import { DealImage } from './deal-image';
import { FavouriteStar } from './favourite-star';

interface DealCardProps {
  view: DealView;
  categoryFilter: CategoryFilter;
  /** Card titles sit one level below the heading they are listed under. */
  headingLevel: 3 | 4;
  /** When the deals were loaded, the time zone and the day listed: for 'New' and 'Ends'. */
  facts?: FactsContext;
  /** The list's products across stores, for 'Also at 3 stores from $25' (see `alsoAt`). */
  products?: ProductStores;
  /** Prices with tax, when the 'Prices with tax' switch is on: the card's '~$27.43 with tax'. */
  tax?: PricesWithTax | null;
  /** Opens the product at every store; `opener` is the button, for focus to return to. */
  onCompare?: (productKey: string, opener: HTMLElement) => void;
  /** Opens the deal's price history (a deal with an id only: its history is asked by it). */
  onHistory?: (view: DealView, opener: HTMLElement) => void;
  /** What the store's hours say now ('Open · closes 9 pm'); absent while unknown. */
  hours?: HoursNow;
  /** Opens the store's panel (its hours, address and deals). */
  onStore?: (storeKey: string, opener: HTMLElement) => void;
}

/**
 * The price text under the price row, only when it says more than the row: not when it is the
 * product's own price (the sale price, else the regular one), that price then the regular one
 * ('$27.50 (was $55)'), or that price and the multi-buy the row shows ('$13 · BOGO').
 */
function saysMore(
  priceText: string,
  price: number | undefined,
  offer: string | undefined,
): boolean {
  const lower = priceText.toLowerCase();
  const text = offer ? lower.replace(offer.toLowerCase(), '') : lower;
  const amounts = [...text.matchAll(/\$?\s?(\d+(?:\.\d+)?)/g)].map((m) => Number(m[1]));
  const words = text
    .replace(/\$?\s?\d+(?:\.\d+)?/g, '')
    .replace(/[\s()$.,:·-]|was|reg(ular)?/g, '');
  return !(amounts[0] === price && words === '');
}

/**
 * What a chip says in full where it is cut or marked, on hover and to a screen reader: the store's
 * whole name, and for a distance to a store placed by its ZIP code ('~2.3 mi') what the '~'
 * means. Null when the chip says it all.
 */
function chipInFull(kind: string, text: string, view: DealView): string | null {
  if (kind === 'dispensary') return text === view.deal.dispensary ? null : view.deal.dispensary;
  return kind === 'distance' && view.distanceApproximate
    ? `about ${text.slice(1)} (the store placed by its ZIP code)`
    : null;
}

/**
 * One deal (spec section 2): the whole card links to the deal's page in a new tab; a deal whose
 * sourceUrl is not http(s) is shown the same way, without the link. What a shopper
 * compares (sale and regular price, percent off, unit price, size, brand, strain type, the
 * special, 'New', when it ends) when the service sends it.
 */
// Memoized: the views are stable between data changes, so a keystroke or a status message does not
// work out every card (and its image chain) again.
export const DealCard = memo(function DealCard({
  view,
  categoryFilter,
  headingLevel,
  facts: context,
  products,
  tax,
  onCompare,
  onHistory,
  hours,
  onStore,
}: DealCardProps) {
  const card = dealCardView(view, categoryFilter);
  const facts = dealFactsView(view, context);
  const also = products && onCompare ? alsoAt(products, view) : null;
  const history = onHistory && view.deal.id ? onHistory : null;
  const store = onStore && view.deal.dispensaryKey;
  const withTax = taxLine(view, tax);
  const Title = `h${headingLevel}` as const;
  const chips = (
    [
      ['dispensary', card.dispensaryChip],
      ['distance', card.distanceChip],
      ['category', card.categoryChip],
    ] as const
  ).filter((chip): chip is [(typeof chip)[0], string] => chip[1] !== null);
  const tags: Array<['special' | 'fresh' | 'ends', string]> = [];
  // The special's name, unless it is the title ('30% Off Head Change Vapes' is said once).
  if (
    facts.specialName &&
    facts.specialName.toLowerCase() !== view.deal.title.trim().toLowerCase()
  ) {
    tags.push(['special', facts.specialName]);
  }
  if (facts.isNew) tags.push(['fresh', 'New']);
  if (facts.ends) tags.push(['ends', facts.ends]);
  // The description, unless it only repeats the special's name and the details said above it.
  const description =
    card.description && !restatesCard(card.description, [facts.specialName, ...facts.details])
      ? card.description
      : null;
  const priceText = card.price.trim();
  // The price large: what one item costs, else the price text as the store words it.
  const price = facts.sale ?? (priceText ? card.price : null);
  const content = (
    <>
      <div className={styles.visual}>
        <div className={styles.media}>
          <DealImage
            key={card.images.join(' ')}
            candidates={card.images}
            placeholder={card.placeholder}
          />
        </div>
        {(card.dealBadge || facts.discount) && (
          <p className={styles.badges}>
            {card.dealBadge && <span className={styles.badge}>DEAL</span>}
            {facts.discount && (
              <span className={styles.discount}>
                {facts.discount}
                <span className="visually-hidden"> off</span>
              </span>
            )}
          </p>
        )}
      </div>
      <div className={styles.body}>
        {chips.length > 0 && (
          <ul className={styles.chips}>
            {chips.map(([kind, text]) => (
              <li
                key={kind}
                className={[styles.chip, styles[kind]].filter(Boolean).join(' ')}
                title={chipInFull(kind, text, view) ?? text}
              >
                {chipInFull(kind, text, view) === null ? (
                  text
                ) : (
                  <>
                    <span aria-hidden="true">{text}</span>
                    <span className="visually-hidden">{chipInFull(kind, text, view)}</span>
                  </>
                )}
              </li>
            ))}
          </ul>
        )}
        <Title className={styles.title}>{card.title}</Title>
        {(price || facts.usual || facts.unitPrice) && (
          <p className={styles.prices}>
            {price && <span className={styles.price}>{price}</span>}
            {facts.offer && <span className={styles.offer}>{facts.offer}</span>}
            {facts.regular && (
              <s className={styles.regular}>
                <span className="visually-hidden">regular price </span>
                {facts.regular}
              </s>
            )}
            {facts.usual && <span className={styles.usual}>{facts.usual}</span>}
            {facts.unitPrice && <span className={styles.unit}>{facts.unitPrice}</span>}
          </p>
        )}
        {withTax && <p className={styles.priceText}>{withTax}</p>}
        {facts.memory && <p className={styles.memory}>{facts.memory}</p>}
        {facts.sale &&
          priceText &&
          !card.priceIsOffer &&
          saysMore(priceText, view.deal.salePrice ?? view.deal.regularPrice, view.multiBuy) && (
            <p className={styles.priceText}>{card.price}</p>
          )}
        {facts.details.length > 0 && <p className={styles.details}>{facts.details.join(' · ')}</p>}
        {tags.length > 0 && (
          <ul className={styles.tags} aria-label="About this deal">
            {tags.map(([kind, text]) => (
              <li key={kind} className={`${styles.tag} ${styles[kind]}`}>
                {text}
              </li>
            ))}
          </ul>
        )}
        {description && <p className={styles.description}>{description}</p>}
      </div>
    </>
  );
  const main = card.href ? (
    <a
      className={`${styles.main} ${styles.link}`}
      href={card.href}
      target="_blank"
      rel="noopener noreferrer"
    >
      {content}
      <span className="visually-hidden"> (opens in a new tab)</span>
    </a>
  ) : (
    <div className={styles.main}>{content}</div>
  );
  // Where the card's link leads, said beside its buttons on wider screens: the product's page at
  // its store, or the store's menu (never said when the service does not know which).
  const kind = card.href && view.deal.linkKind;
  const leads = kind && (kind === 'product' ? `View at ${view.deal.dispensary}` : 'Store menu');
  // The card's buttons sit beside its link, never inside it (no control within a control).
  const actions = (also || history || store || leads) && (
    <div className={styles.actions}>
      {also && (
        <button
          type="button"
          className={styles.action}
          aria-haspopup="dialog"
          onClick={(event: MouseEvent<HTMLButtonElement>) =>
            onCompare?.(also.productKey, event.currentTarget)
          }
        >
          {alsoAtText(also)}
          <span className="visually-hidden">: compare {card.title}</span>
        </button>
      )}
      {history && (
        <button
          type="button"
          className={styles.action}
          aria-haspopup="dialog"
          aria-label={`Price history of ${card.title}`}
          onClick={(event: MouseEvent<HTMLButtonElement>) => history(view, event.currentTarget)}
        >
          Price history
        </button>
      )}
      {leads && (
        <a className={styles.via} href={card.href!} target="_blank" rel="noopener noreferrer">
          {leads}
          <span className="visually-hidden"> (opens in a new tab)</span>
        </a>
      )}
      {store && (
        // The store's hours now when known (never a guess), else only the way to its panel.
        <button
          type="button"
          className={styles.action}
          aria-haspopup="dialog"
          onClick={(event: MouseEvent<HTMLButtonElement>) => onStore(store, event.currentTarget)}
        >
          {hours?.text ?? 'Store info'}
          <span className="visually-hidden">: {view.deal.dispensary}</span>
        </button>
      )}
    </div>
  );
  return (
    <div className={card.href ? `${styles.card} ${styles.linked}` : styles.card}>
      {card.dispensaryChip && view.deal.dispensaryKey && (
        // Before the link, never in it (no control within a control); drawn on the chip row.
        <FavouriteStar
          store={view.deal.dispensaryKey}
          name={view.deal.dispensary}
          className={styles.star}
        />
      )}
      {main}
      {actions}
    </div>
  );
});

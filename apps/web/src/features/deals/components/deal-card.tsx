import { memo } from 'react';
import type { CategoryFilter, DealView } from '@stl-deals/domain';
import { dealCardView } from '../model/deal-card';
import styles from './deal-card.module.css';
import { DealImage } from './deal-image';

interface DealCardProps {
  view: DealView;
  categoryFilter: CategoryFilter;
  /** Card titles sit one level below the heading they are listed under. */
  headingLevel: 3 | 4;
}

/**
 * One deal (spec section 2): the whole card links to the deal's page in a new tab; a deal whose
 * sourceUrl is not http(s) is shown the same way, without the link.
 */
// Memoized: the views are stable between data changes, so a keystroke or a status message does not
// work out every card (and its image chain) again.
export const DealCard = memo(function DealCard({
  view,
  categoryFilter,
  headingLevel,
}: DealCardProps) {
  const card = dealCardView(view, categoryFilter);
  const Title = `h${headingLevel}` as const;
  const chips = (
    [
      ['dispensary', card.dispensaryChip],
      ['distance', card.distanceChip],
      ['category', card.categoryChip],
    ] as const
  ).filter((chip): chip is [(typeof chip)[0], string] => chip[1] !== null);
  const content = (
    <>
      <div className={styles.media}>
        <DealImage
          key={card.images.join(' ')}
          candidates={card.images}
          placeholder={card.placeholder}
        />
        {card.dealBadge && <span className={styles.badge}>DEAL</span>}
      </div>
      <div className={styles.body}>
        {chips.length > 0 && (
          <ul className={styles.chips}>
            {chips.map(([kind, text]) => (
              <li key={kind} className={[styles.chip, styles[kind]].filter(Boolean).join(' ')}>
                {text}
              </li>
            ))}
          </ul>
        )}
        <Title className={styles.title}>{card.title}</Title>
        {card.price && <p className={styles.price}>{card.price}</p>}
        {card.description && <p className={styles.description}>{card.description}</p>}
      </div>
    </>
  );
  if (!card.href) return <div className={styles.card}>{content}</div>;
  return (
    <a
      className={`${styles.card} ${styles.link}`}
      href={card.href}
      target="_blank"
      rel="noopener noreferrer"
    >
      {content}
      <span className="visually-hidden"> (opens in a new tab)</span>
    </a>
  );
});

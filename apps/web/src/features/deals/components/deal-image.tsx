import { isImageTooSmall } from '@stl-deals/domain';
import { useState } from 'react';
import styles from './deal-card.module.css';

interface DealImageProps {
  /** The domain's chain (`cardImages`), tried in order. */
  candidates: readonly string[];
  placeholder: { emoji: string; text: string };
}

/**
 * The card's image (spec section 5): the next candidate when one fails to load or is smaller
 * than 50 px either way, and the emoji placeholder after the last. Mount it with a key made of
 * the candidates so a different deal starts from its first image.
 */
export function DealImage({ candidates, placeholder }: DealImageProps) {
  const [index, setIndex] = useState(0);
  const next = () => setIndex((current) => current + 1);
  const src = candidates[index];
  if (src === undefined) {
    return (
      <div className={styles.placeholder} aria-hidden="true">
        <span className={styles.placeholderEmoji}>{placeholder.emoji}</span>
        <span>{placeholder.text}</span>
      </div>
    );
  }
  // The page's own drawings (brand, store and category tiles) are shown small and quiet, so a
  // stand-in never looks like the product's photo or takes the card over.
  const tile = src.startsWith('/');
  return (
    <img
      // A fresh element per candidate, so a late event of the previous one cannot skip this one.
      key={src}
      className={tile ? `${styles.image} ${styles.tile}` : styles.image}
      src={src}
      alt=""
      // Decision: the first row's images come as the page loads (lazy only below it would need the
      // row's position); every image has its box from the card's CSS, so none shifts the layout.
      loading="lazy"
      decoding="async"
      referrerPolicy="no-referrer"
      onError={next}
      onLoad={(event) => {
        const { naturalWidth, naturalHeight } = event.currentTarget;
        if (isImageTooSmall(naturalWidth, naturalHeight)) next();
      }}
    />
  );
}

import { setFavouriteStores, useFavouriteStores } from '../hooks/use-favourite-stores';
import styles from './favourite-star.module.css';

interface FavouriteStarProps {
  /** The store's dispensary key. */
  store: string;
  /** The store's name, for the button's name: 'Favourite {name}'. */
  name: string;
  /** Where the star stands and its size, from the place that shows it. */
  className?: string | undefined;
}

/**
 * A store's star: a toggle that adds the store to this browser's favourites or takes it out.
 * It reads the favourites itself, so starring a store draws its stars again and nothing else.
 */
export function FavouriteStar({ store, name, className }: FavouriteStarProps) {
  const favourites = useFavouriteStores();
  const starred = favourites.includes(store);
  return (
    <button
      type="button"
      className={`${styles.star} ${className ?? ''}`}
      aria-pressed={starred}
      aria-label={`Favourite ${name}`}
      onClick={() =>
        setFavouriteStores(
          starred ? favourites.filter((key) => key !== store) : [...favourites, store],
        )
      }
    >
      {starred ? '★' : '☆'}
    </button>
  );
}

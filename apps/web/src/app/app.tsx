import { CATEGORY_OPTIONS, DEFAULT_DISPENSARY_COUNT } from '@stl-deals/domain';
import styles from './app.module.css';

/**
 * The page's frame. Until the deals page lands (issue 5) it shows the header and says what is
 * coming; it already reads the shared contract, as the full page will.
 */
export function App() {
  const categories = CATEGORY_OPTIONS.filter((option) => option.value !== 'all');
  return (
    <div className={styles.page}>
      <header className={styles.header}>
        <h1 className={styles.brand}>STL Deals</h1>
        <p className={styles.tagline}>Best Cannabis Deals in St. Louis</p>
      </header>
      <main className={styles.main}>
        <p>
          Deals from {DEFAULT_DISPENSARY_COUNT} St. Louis area dispensaries are on their way:{' '}
          {categories.map((option) => option.label).join(', ')}.
        </p>
      </main>
    </div>
  );
}

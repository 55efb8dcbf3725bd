import { DealsPage } from '../features/deals/components/deals-page';
import styles from './app.module.css';

/**
 * The page below its header (the header is static HTML in index.html): the deals page
 * and a short footer.
 */
export function App() {
  return (
    <>
      <main className={styles.main}>
        <DealsPage />
      </main>
      <footer className={styles.footer}>
        <p>
          Deals, prices and stock are set by each dispensary and change often: check the
          dispensary&apos;s own page before you go. For adults 21 and over.
        </p>
      </footer>
    </>
  );
}

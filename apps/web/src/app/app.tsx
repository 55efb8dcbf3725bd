import { DealsPage } from '../features/deals/components/deals-page';
import styles from './app.module.css';

/** The page's frame: header with the brand and tagline, the deals page, a short footer. */
export function App() {
  return (
    <>
      <header className={styles.header}>
        <div className={styles.headerInner}>
          <svg className={styles.mark} viewBox="0 0 48 48" aria-hidden="true">
            <circle cx="24" cy="24" r="23" fill="#f7f0df" />
            <path
              d="M24 9c3 6 3.4 11.6 1.4 17 4.3-3.6 9.2-5.2 14.6-4.8-3.6 4.5-8.4 7.2-14.4 7.8 3.4 1.4 6 3.8 7.6 7-4.2.4-7.2-.8-9.2-3.6-2 2.8-5 4-9.2 3.6 1.6-3.2 4.2-5.6 7.6-7-6-.6-10.8-3.3-14.4-7.8 5.4-.4 10.3 1.2 14.6 4.8C20.6 20.6 21 15 24 9Z"
              fill="#24573f"
            />
            <path d="M24 30v9" stroke="#24573f" strokeWidth="2" strokeLinecap="round" />
          </svg>
          <div>
            <h1 className={styles.brand}>
              STL <span className={styles.brandAccent}>Deals</span>
            </h1>
            <p className={styles.tagline}>Best Cannabis Deals in St. Louis</p>
          </div>
        </div>
      </header>
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

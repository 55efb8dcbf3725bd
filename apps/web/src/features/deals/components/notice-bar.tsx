import { useEffect, useState } from 'react';
import { useServices } from '../../../shared/services';
import type { Notice } from '../model/activity';
import { tryAgainMessage } from '../model/action-messages';
import styles from './notice-bar.module.css';

interface NoticeBarProps {
  notice: Notice;
  onDismiss: () => void;
}

/**
 * A failed or refused refresh, over the list it leaves usable, with the wait the
 * service asked for counted down ('Try again in 54 s.') and a button to close it.
 */
export function NoticeBar({ notice, onDismiss }: NoticeBarProps) {
  const { now } = useServices();
  const secondsLeft = useSecondsUntil(notice.retryAt, now);
  return (
    <div className={styles.notice}>
      <p className={styles.text} role="alert">
        {notice.text}
        {secondsLeft !== null && (
          <>
            {/[.!?]$/.test(notice.text) ? ' ' : '. '}
            {/* A timer is not live: the alert says the wait once, not again every second. */}
            <span role="timer">{tryAgainMessage(secondsLeft)}</span>
          </>
        )}
      </p>
      <button type="button" className={styles.close} onClick={onDismiss}>
        Dismiss<span className="visually-hidden"> this notice</span>
      </button>
    </div>
  );
}

/** Whole seconds until `at` (rounded up), ticking every second; null without a time. */
function useSecondsUntil(at: number | null, now: () => number): number | null {
  const left = () => (at === null ? null : Math.max(0, Math.ceil((at - now()) / 1000)));
  const [seconds, setSeconds] = useState(left);
  const [shownFor, setShownFor] = useState(at);
  if (shownFor !== at) {
    setShownFor(at);
    setSeconds(left());
  }
  useEffect(() => {
    if (at === null) return;
    const timer = setInterval(() => {
      const value = Math.max(0, Math.ceil((at - now()) / 1000));
      setSeconds(value);
      if (value === 0) clearInterval(timer);
    }, 1000);
    return () => clearInterval(timer);
  }, [at, now]);
  return seconds;
}

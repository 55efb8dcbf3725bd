import { useEffect, useRef, useState } from 'react';
import { Button } from '../../../shared/ui/button';
import { followWithPush, FollowError, pushUnavailable, stopFollowing } from '../api/push';
import { browserFacts, HOME_SCREEN_ADVICE, needsHomeScreen } from '../model/home-screen';
import { EmailSignUp, SEARCH_CADENCES } from './email-sign-up';
import {
  feedUrl,
  followedSearch,
  leavesOutDistance,
  readFollows,
  writeFollows,
  type Follow,
} from '../model/followed-search';
import styles from './follow-dialog.module.css';

interface FollowDialogProps {
  /** The page's URL query when the dialog was opened: the search to follow. */
  query: string;
  onClose: () => void;
}

type Step = { kind: 'idle' } | { kind: 'working' } | { kind: 'said'; text: string };

/**
 * 'Follow this search': its Atom feed's address to copy into a feed reader, and notifications on
 * this device by Web Push, and email when the service sends it. The browser keeps what stopping a
 * push follow needs; an email carries its own links to stop it. A modal `<dialog>`: the browser
 * moves focus in, keeps it there, and closes on Escape; focus returns to the button that opened it.
 */
export default function FollowDialog({ query, onClose }: FollowDialogProps) {
  const dialog = useRef<HTMLDialogElement>(null);
  const search = followedSearch(query);
  const [follow, setFollow] = useState<Follow | undefined>(() =>
    readFollows(localStorage).get(search),
  );
  const [step, setStep] = useState<Step>({ kind: 'idle' });
  const feed = feedUrl(search, location.origin);
  const unavailable = pushUnavailable();
  // In a Safari tab on iOS push cannot work: the way to get it instead of a dead button.
  const homeScreen = needsHomeScreen(browserFacts());

  useEffect(() => {
    const element = dialog.current;
    if (element && !element.open) element.showModal();
  }, []);

  async function act(action: () => Promise<string>): Promise<void> {
    setStep({ kind: 'working' });
    try {
      setStep({ kind: 'said', text: await action() });
    } catch (error) {
      const text =
        error instanceof FollowError ? error.message : 'Something went wrong. Try again later.';
      setStep({ kind: 'said', text });
    }
  }

  const notify = () =>
    act(async () => {
      const made = await followWithPush(search);
      const follows = readFollows(localStorage);
      follows.set(search, made);
      writeFollows(localStorage, follows);
      setFollow(made);
      return 'Done: this device will be notified when this search has new deals.';
    });

  const stop = () =>
    act(async () => {
      if (!follow) return 'This device does not follow this search.';
      await stopFollowing(follow.id, follow.token);
      const follows = readFollows(localStorage);
      follows.delete(search);
      writeFollows(localStorage, follows);
      setFollow(undefined);
      return 'Stopped: no more notifications for this search on this device.';
    });

  const copy = () =>
    act(async () => {
      try {
        await navigator.clipboard.writeText(feed);
        return 'Feed link copied.';
      } catch {
        return 'The browser did not allow copying: select the link and copy it.';
      }
    });

  return (
    <dialog ref={dialog} className={styles.dialog} aria-labelledby="follow-title" onClose={onClose}>
      <h2 id="follow-title" className={styles.title}>
        Follow this search
      </h2>
      <p className={styles.text}>
        No account needed: add the feed to a feed reader, or get a notification on this device when
        new deals match.
      </p>
      {leavesOutDistance(query) && (
        <p className={styles.text}>
          The distance is left out: your location is not sent with a followed search.
        </p>
      )}
      <label className={styles.label} htmlFor="follow-feed">
        Feed (Atom)
      </label>
      <div className={styles.row}>
        <input
          id="follow-feed"
          className={styles.feed}
          readOnly
          value={feed}
          onFocus={(event) => event.currentTarget.select()}
        />
        <Button variant="secondary" onClick={() => void copy()}>
          Copy
        </Button>
      </div>
      <div className={styles.row}>
        {follow ? (
          <Button
            variant="secondary"
            onClick={() => void stop()}
            disabled={step.kind === 'working'}
          >
            Stop notifications
          </Button>
        ) : homeScreen ? (
          <p className={styles.text}>{HOME_SCREEN_ADVICE}</p>
        ) : (
          <Button
            onClick={() => void notify()}
            disabled={step.kind === 'working' || unavailable !== null}
          >
            Notify me on this device
          </Button>
        )}
      </div>
      <p className={styles.status} role="status">
        {step.kind === 'working'
          ? 'Working…'
          : step.kind === 'said'
            ? step.text
            : follow
              ? 'This device is notified of new deals for this search.'
              : homeScreen
                ? ''
                : (unavailable ?? '')}
      </p>
      <EmailSignUp watch={() => ({ search })} cadenceLabels={SEARCH_CADENCES} />
      <form method="dialog" className={styles.actions}>
        <Button type="submit" variant="secondary">
          Close
        </Button>
      </form>
    </dialog>
  );
}

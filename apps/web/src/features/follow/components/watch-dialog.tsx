import { moneyText } from '@stl-deals/domain';
import { useEffect, useId, useRef, useState, type SyntheticEvent } from 'react';
import { Button } from '../../../shared/ui/button';
import type { EmailWatch } from '../api/email';
import { FollowError, pushUnavailable, stopFollowing, watchWithPush } from '../api/push';
import {
  productFeedUrl,
  readTargetPrice,
  readWatches,
  writeWatches,
  type ProductWatch,
} from '../model/watched-product';
import { EmailSignUp, PRODUCT_CADENCES } from './email-sign-up';
import styles from './follow-dialog.module.css';
import own from './watch-dialog.module.css';

interface WatchDialogProps {
  /** The product's key across stores (a deal's `productKey`). */
  productKey: string;
  /** The product as its cheapest deal names it; null when no deal of it is listed. */
  name: string | null;
  onClose: () => void;
}

type Step = { kind: 'idle' } | { kind: 'working' } | { kind: 'said'; text: string };

const PRICE_HINT = 'Give a price in dollars, like 30 or 29.99, or leave it empty for any price.';

/**
 * 'Watch this product': told when any store has it on deal, optionally at or below a price per
 * item, at most once a day: by a notification on this device, by email when the service sends
 * it, or in a feed reader from the product's own feed. The browser keeps what stopping the
 * device's watch needs, so the dialog can offer 'Stop watching'. A modal `<dialog>` over the
 * dialog it was opened from: its own Escape and close stop here, leaving that one open.
 */
export default function WatchDialog({ productKey, name, onClose }: WatchDialogProps) {
  const id = useId();
  const dialog = useRef<HTMLDialogElement>(null);
  const priceField = useRef<HTMLInputElement>(null);
  const [price, setPrice] = useState('');
  const [priceInvalid, setPriceInvalid] = useState(false);
  const [watch, setWatch] = useState<ProductWatch | undefined>(() =>
    readWatches(localStorage).get(productKey),
  );
  const [step, setStep] = useState<Step>({ kind: 'idle' });
  const unavailable = pushUnavailable();
  const feed = productFeedUrl(productKey, location.origin);

  useEffect(() => {
    const element = dialog.current;
    if (element && !element.open) element.showModal();
  }, []);

  /** The target as typed, or null (and the field marked, with focus) when it is no price. */
  const target = (): { key: string; atMost?: number } | null => {
    const dollars = readTargetPrice(price);
    if (dollars === 'invalid') {
      setPriceInvalid(true);
      priceField.current?.focus();
      return null;
    }
    setPriceInvalid(false);
    return dollars === null ? { key: productKey } : { key: productKey, atMost: dollars };
  };

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

  const notify = () => {
    const wanted = target();
    if (wanted === null) return;
    void act(async () => {
      const made = await watchWithPush(wanted);
      const kept: ProductWatch = { ...made, atMost: wanted.atMost ?? null };
      const watches = readWatches(localStorage);
      watches.set(productKey, kept);
      writeWatches(localStorage, watches);
      setWatch(kept);
      return `Done: this device will be notified when this product is ${watchedText(kept)}.`;
    });
  };

  const stop = () =>
    void act(async () => {
      if (!watch) return 'This device does not watch this product.';
      await stopFollowing(watch.id, watch.token);
      const watches = readWatches(localStorage);
      watches.delete(productKey);
      writeWatches(localStorage, watches);
      setWatch(undefined);
      return 'Stopped: no more notifications for this product on this device.';
    });

  const emailWatch = (): EmailWatch | null => {
    const wanted = target();
    return wanted === null ? null : { product: wanted };
  };

  // Opened over another dialog: its Escape and its close are this dialog's alone.
  const keepHere = (event: SyntheticEvent) => event.stopPropagation();

  return (
    <dialog
      ref={dialog}
      className={styles.dialog}
      aria-labelledby={`${id}-title`}
      onKeyDown={keepHere}
      onClose={(event) => {
        keepHere(event);
        onClose();
      }}
    >
      <h2 id={`${id}-title`} className={styles.title}>
        Watch this product
      </h2>
      {name && <p className={own.product}>{name}</p>}
      <p className={styles.text}>
        Be told when any store has it on deal, at most once a day. No account needed.
      </p>
      <label className={styles.label} htmlFor={`${id}-price`}>
        At or below (optional)
      </label>
      <div className={styles.row}>
        <input
          id={`${id}-price`}
          ref={priceField}
          className={`${styles.feed} ${own.price}`}
          inputMode="decimal"
          autoComplete="off"
          placeholder="Any price"
          maxLength={12}
          value={price}
          aria-invalid={priceInvalid}
          aria-describedby={`${id}-price-hint`}
          onChange={(event) => {
            setPrice(event.currentTarget.value);
            setPriceInvalid(false);
          }}
        />
      </div>
      <p id={`${id}-price-hint`} className={priceInvalid ? `${own.hint} ${own.invalid}` : own.hint}>
        {priceInvalid ? PRICE_HINT : 'Dollars per item. Empty: any price on deal.'}
      </p>
      <div className={styles.row}>
        {watch ? (
          <Button variant="secondary" onClick={stop} disabled={step.kind === 'working'}>
            Stop watching
          </Button>
        ) : (
          <Button onClick={notify} disabled={step.kind === 'working' || unavailable !== null}>
            Notify me on this device
          </Button>
        )}
      </div>
      <p className={styles.status} role="status">
        {step.kind === 'working'
          ? 'Working…'
          : step.kind === 'said'
            ? step.text
            : watch
              ? `This device is notified when this product is ${watchedText(watch)}.`
              : (unavailable ?? '')}
      </p>
      <EmailSignUp watch={emailWatch} cadenceLabels={PRODUCT_CADENCES} />
      <p className={styles.text}>
        Or in a feed reader:{' '}
        <a className={own.link} href={feed}>
          this product’s feed (Atom)
        </a>
      </p>
      <form method="dialog" className={styles.actions}>
        <Button type="submit" variant="secondary">
          Close
        </Button>
      </form>
    </dialog>
  );
}

/** 'on deal at or below $30', 'on deal at any price'. */
function watchedText(watch: ProductWatch): string {
  return watch.atMost === null
    ? 'on deal at any price'
    : `on deal at or below ${moneyText(watch.atMost)}`;
}

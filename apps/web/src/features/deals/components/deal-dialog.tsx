import { useEffect, useId, useRef, type KeyboardEvent, type ReactNode } from 'react';
import styles from './deal-dialog.module.css';

interface DealDialogProps {
  title: string;
  /** A line under the title: what the dialog is about. */
  subtitle?: string;
  /** Asks the page to close the dialog; the page removes it (and returns focus, see `DealList`). */
  onClose: () => void;
  children: ReactNode;
}

/**
 * A modal dialog over the deal list, opened from a card: the browser keeps focus inside it and
 * the page behind it inert. Its title takes focus when it opens, so a screen reader says the
 * dialog's name and reads on from its top; Escape and its Close button ask to close it. The page
 * closes it by removing it, since it may also close without any event of its own (Back).
 */
export function DealDialog({ title, subtitle, onClose, children }: DealDialogProps) {
  const dialog = useRef<HTMLDialogElement>(null);
  const heading = useRef<HTMLHeadingElement>(null);
  const titleId = useId();
  // Escape, the Close button and the browser's own close (a phone's back gesture) may come
  // together: the page is asked once.
  const asked = useRef(false);
  const close = () => {
    if (asked.current) return;
    asked.current = true;
    onClose();
  };

  useEffect(() => {
    const element = dialog.current;
    if (element && !element.open) element.showModal();
    heading.current?.focus();
  }, []);

  const onKeyDown = (event: KeyboardEvent<HTMLDialogElement>) => {
    if (event.key !== 'Escape' || event.nativeEvent.isComposing) return;
    // Not the browser's own cancel: the page closes the dialog by removing it.
    event.preventDefault();
    close();
  };

  return (
    <dialog
      ref={dialog}
      className={styles.dialog}
      aria-labelledby={titleId}
      onKeyDown={onKeyDown}
      onClose={close}
    >
      <div className={styles.head}>
        <div>
          <h2 id={titleId} ref={heading} className={styles.title} tabIndex={-1}>
            {title}
          </h2>
          {subtitle && <p className={styles.subtitle}>{subtitle}</p>}
        </div>
        <button type="button" className={styles.close} onClick={close}>
          Close
        </button>
      </div>
      {children}
    </dialog>
  );
}

import { useEffect, useId, useState, type FormEvent } from 'react';
import { Button } from '../../../shared/ui/button';
import { emailCadences, signUpByEmail, type EmailCadence, type EmailWatch } from '../api/email';
import { FollowError } from '../api/push';
import own from './email-sign-up.module.css';
import styles from './follow-dialog.module.css';

interface EmailSignUpProps {
  /**
   * What the address is to be sent news of, read when the form is sent; null when the dialog
   * found what the visitor typed beside it not valid (it says why there).
   */
  watch: () => EmailWatch | null;
  /** Says how often news comes for each cadence: a search's and a product's differ. */
  cadenceLabels: Record<EmailCadence, string>;
}

/** How often a followed search's news comes, for each cadence. */
export const SEARCH_CADENCES: Record<EmailCadence, string> = {
  instant: 'As new deals come (at most one email an hour)',
  daily: 'In one digest a day',
};

/** How often a watched product's news comes, for each cadence. */
export const PRODUCT_CADENCES: Record<EmailCadence, string> = {
  instant: 'When it is on deal (at most one email a day)',
  daily: 'In one digest a day',
};

type Step =
  | { kind: 'idle' }
  | { kind: 'working' }
  | { kind: 'sent'; text: string }
  | { kind: 'refused'; text: string };

/**
 * News by email, in the follow and watch dialogs, when the service sends email (none is offered
 * when it does not): an address, how often, and the sign-up, which the service answers by
 * sending the address a confirmation link. What the service says is shown in its own words,
 * its refusals too (an address it does not send to, too many sign-ups from this network).
 */
export function EmailSignUp({ watch, cadenceLabels }: EmailSignUpProps) {
  const id = useId();
  const [cadences, setCadences] = useState<EmailCadence[] | null>(null);
  const [cadence, setCadence] = useState<EmailCadence>('instant');
  const [email, setEmail] = useState('');
  const [step, setStep] = useState<Step>({ kind: 'idle' });

  useEffect(() => {
    let current = true;
    void emailCadences().then((offered) => {
      if (!current || offered === null) return;
      setCadences(offered);
      setCadence(offered[0]!);
    });
    return () => {
      current = false;
    };
  }, []);

  if (cadences === null) return null;

  const submit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const what = watch();
    if (what === null) return;
    setStep({ kind: 'working' });
    try {
      const said = await signUpByEmail(email.trim(), cadence, what);
      setStep({ kind: 'sent', text: `Check your inbox to confirm. ${said}` });
    } catch (error) {
      const text =
        error instanceof FollowError ? error.message : 'Something went wrong. Try again later.';
      setStep({ kind: 'refused', text });
    }
  };

  return (
    <form className={own.email} onSubmit={(event) => void submit(event)}>
      <h3 className={own.heading}>By email</h3>
      <label className={styles.label} htmlFor={`${id}-address`}>
        Email address
      </label>
      <div className={styles.row}>
        <input
          id={`${id}-address`}
          className={styles.feed}
          type="email"
          name="email"
          autoComplete="email"
          required
          maxLength={254}
          value={email}
          onChange={(event) => setEmail(event.currentTarget.value)}
        />
      </div>
      {cadences.length > 1 && (
        <fieldset className={own.choices}>
          <legend className={styles.label}>How often</legend>
          {cadences.map((choice) => (
            <label key={choice} className={own.choice}>
              <input
                type="radio"
                name={`${id}-cadence`}
                value={choice}
                checked={cadence === choice}
                onChange={() => setCadence(choice)}
              />
              {cadenceLabels[choice]}
            </label>
          ))}
        </fieldset>
      )}
      <div className={styles.row}>
        <Button type="submit" disabled={step.kind === 'working'}>
          Email me
        </Button>
      </div>
      <p
        className={step.kind === 'refused' ? `${styles.status} ${own.refused}` : styles.status}
        role="status"
      >
        {step.kind === 'working' ? 'Sending…' : step.kind === 'idle' ? '' : step.text}
      </p>
    </form>
  );
}

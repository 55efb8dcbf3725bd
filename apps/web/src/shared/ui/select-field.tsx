import { useId } from 'react';
import styles from './field.module.css';

export interface SelectChoice<Value extends string> {
  value: Value;
  label: string;
  disabled?: boolean;
}

interface SelectFieldProps<Value extends string> {
  label: string;
  value: Value;
  choices: ReadonlyArray<SelectChoice<Value>>;
  onChange: (value: Value) => void;
  className?: string;
}

/** A labelled dropdown whose values are exactly its choices'. */
export function SelectField<Value extends string>(props: SelectFieldProps<Value>) {
  const { label, value, choices, onChange, className } = props;
  const id = useId();
  return (
    <div className={[styles.field, className].filter(Boolean).join(' ')}>
      <label className={styles.label} htmlFor={id}>
        {label}
      </label>
      <select
        id={id}
        className={styles.control}
        value={value}
        // The browser only offers the options below, so the value is one of `choices`.
        onChange={(event) => onChange(event.target.value as Value)}
      >
        {choices.map((choice) => (
          <option key={choice.value} value={choice.value} disabled={choice.disabled}>
            {choice.label}
          </option>
        ))}
      </select>
    </div>
  );
}

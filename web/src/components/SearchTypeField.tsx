// The search type chooser every form shares: a labelled select over the types the form may send.
import type { ReactNode } from 'react';
import { Field } from './Field.tsx';

interface Props<T extends string> {
  readonly id: string;
  readonly types: readonly T[];
  readonly value: T;
  readonly onChange: (type: T) => void;
  readonly hint?: ReactNode;
}

export function SearchTypeField<T extends string>({ id, types, value, onChange, hint }: Props<T>) {
  return (
    <Field id={id} label="Search type" hint={hint}>
      {(c) => (
        <select {...c} value={value} onChange={(e) => onChange(e.target.value as T)}>
          {types.map((t) => (
            <option key={t} value={t}>
              {t.replace(/_/g, ' ')}
            </option>
          ))}
        </select>
      )}
    </Field>
  );
}

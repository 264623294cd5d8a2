// A form control with its label and optional hint, tied to it by id (the label names it, the hint describes it),
// so every field of every form is announced the same way.
import type { ReactNode } from 'react';

/** The attributes a Field hands its control: spread them onto the input, select or textarea. */
export interface FieldControlProps {
  readonly id: string;
  readonly 'aria-describedby': string | undefined;
}

interface Props {
  readonly id: string;
  readonly label: ReactNode;
  readonly hint?: ReactNode;
  /** Instructions for a large box (a list to paste) are read before it rather than after it. */
  readonly hintFirst?: boolean;
  readonly children: (control: FieldControlProps) => ReactNode;
}

export function Field({ id, label, hint, hintFirst = false, children }: Props) {
  const hintId = hint === undefined ? undefined : `${id}-hint`;
  const hintText = hint !== undefined && (
    <p className="hint" id={hintId}>
      {hint}
    </p>
  );
  return (
    <div className="field">
      <label htmlFor={id}>{label}</label>
      {hintFirst && hintText}
      {children({ id, 'aria-describedby': hintId })}
      {!hintFirst && hintText}
    </div>
  );
}

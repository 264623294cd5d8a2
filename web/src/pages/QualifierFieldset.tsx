// The optional qualifiers of a screened name: date of birth, countries and kind of party. A listed party whose
// published facts contradict them scores lower (and drops out under the threshold); a fact the list does not
// publish changes nothing. Shared by the names form, the customer form and the compare form (one per side).
import { Field } from '../components/Field.tsx';
import { ENTITY_TYPES, type EntityType, type QualifierDraft } from './qualifier-fields.ts';

interface Props {
  /** Prefix of the controls' ids (one form may not reuse another's). */
  readonly idPrefix: string;
  readonly value: QualifierDraft;
  readonly onChange: (next: QualifierDraft) => void;
  /** What the qualifiers apply to, said first in the fieldset's hint. */
  readonly appliesTo: string;
  readonly legend?: string;
  /** What they do, said after; by default how a listed party's published facts are checked against them. */
  readonly effect?: string;
}

const LISTED_EFFECT =
  'A listed party whose published date of birth, countries or kind contradict these scores lower, and is left ' +
  'out below the threshold; what a list does not publish changes nothing.';

export function QualifierFieldset({
  idPrefix,
  value,
  onChange,
  appliesTo,
  legend = 'What you know of the party (optional)',
  effect = LISTED_EFFECT,
}: Props) {
  const set = <K extends keyof QualifierDraft>(key: K, v: QualifierDraft[K]) =>
    onChange({ ...value, [key]: v });
  return (
    <fieldset className="qualifiers" aria-describedby={`${idPrefix}-qualifiers-hint`}>
      <legend>{legend}</legend>
      <p className="hint" id={`${idPrefix}-qualifiers-hint`}>
        {appliesTo} {effect}
      </p>
      <div className="row">
        <Field id={`${idPrefix}-birth-date`} label="Date of birth" hint="YYYY, YYYY-MM or YYYY-MM-DD.">
          {(c) => (
            <input
              {...c}
              value={value.birthDate}
              maxLength={10}
              inputMode="numeric"
              placeholder="1952-10-07"
              onChange={(e) => set('birthDate', e.target.value)}
            />
          )}
        </Field>
        <Field
          id={`${idPrefix}-countries`}
          label="Countries"
          hint="Nationality, residence or incorporation: codes or names, separated by commas."
        >
          {(c) => (
            <input
              {...c}
              value={value.countries}
              placeholder="RU, Belarus"
              onChange={(e) => set('countries', e.target.value)}
            />
          )}
        </Field>
        <Field id={`${idPrefix}-entity-type`} label="Kind of party">
          {(c) => (
            <select
              {...c}
              value={value.entityType}
              onChange={(e) => set('entityType', e.target.value as EntityType | '')}
            >
              <option value="">any</option>
              {ENTITY_TYPES.map((t) => (
                <option key={t} value={t}>
                  {t}
                </option>
              ))}
            </select>
          )}
        </Field>
      </div>
    </fieldset>
  );
}

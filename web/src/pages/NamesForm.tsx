// The names form: typed or pasted names (or a CSV upload filling the box, its rows' own qualifiers kept with them),
// search type, optional qualifiers (date of birth, countries, kind of party: applied to every name, a CSV row's own
// winning), explanations and the analyst's reference, all kept as drafts for the tab; on submit it hands the page a
// ready bulk-search body and the qualifiers sent.
import { useMemo, type FormEvent } from 'react';
import { BULK_SEARCH_TYPES, type BulkSearchRequest, type BulkSearchType } from '../api/api-types.ts';
import { Field } from '../components/Field.tsx';
import { SearchTypeField } from '../components/SearchTypeField.tsx';
import { bulkSearchBody, checkNames, prepareNames, type PreparedNames } from '../csv/names-to-request.ts';
import { useDraft } from '../hooks/use-draft.ts';
import { checkQualifiers, NO_QUALIFIERS, qualifierFields, type QualifierFields } from './qualifier-fields.ts';
import type { FileQualifiers } from './names-results.ts';
import { QualifierFieldset } from './QualifierFieldset.tsx';
import { useNamesFile } from './use-names-file.ts';

const TYPE_HELP: Record<BulkSearchType, string> = {
  permissive_match: 'Permissive: wide matching, more candidates (default).',
  standard_match: 'Standard: a balance of recall and noise.',
  strict_match: 'Strict: fewest false positives; may miss spelling variants.',
};

interface Props {
  readonly busy: boolean;
  readonly onScreen: (
    prepared: PreparedNames,
    body: BulkSearchRequest,
    qualifiers: QualifierFields | null,
    fileQualifiers: FileQualifiers | null,
  ) => void;
  /** An empty box or an unreadable file: shown where the page shows its errors. */
  readonly onError: (error: unknown) => void;
}

export function NamesForm({ busy, onScreen, onError }: Props) {
  const [text, setText] = useDraft('names.text', '');
  const [searchType, setSearchType] = useDraft<BulkSearchType>('names.type', 'permissive_match');
  const [explain, setExplain] = useDraft('names.explain', true);
  const [reference, setReference] = useDraft('names.reference', '');
  const [qualifierDraft, setQualifierDraft] = useDraft('names.qualifiers', NO_QUALIFIERS);
  const file = useNamesFile(text, setText, onError);
  const typed = useMemo(() => prepareNames(text), [text]);
  // An upload whose rows carry qualifiers sends its names as read, each as one record: no comma splitting.
  const prepared: PreparedNames = file.upload ? { names: file.upload.names, rewritten: [] } : typed;

  const submit = (e: FormEvent) => {
    e.preventDefault();
    if (busy) return;
    const problem =
      prepared.names.length === 0
        ? 'Enter at least one name.'
        : (checkNames(prepared.names) ?? checkQualifiers(qualifierDraft));
    if (problem) {
      onError(new Error(problem));
      return;
    }
    const qualifiers = qualifierFields(qualifierDraft);
    const perName = file.upload?.qualifiers ?? null;
    onScreen(
      prepared,
      bulkSearchBody(prepared.names, { searchType, explain, reference, qualifiers, perName }),
      qualifiers,
      file.upload && perName
        ? { fileName: file.upload.fileName, names: perName.filter((q) => q !== null).length }
        : null,
    );
  };

  return (
    <form className="panel" onSubmit={submit}>
      <Field
        id="names"
        label="Names"
        hint="One name per line, or a single line separated by commas. Up to 10,000 names."
        hintFirst
      >
        {(c) => (
          <textarea
            {...c}
            rows={6}
            value={text}
            onChange={(e) => file.edit(e.target.value)}
            placeholder={'Jane Doe\nAcme Trading LLC'}
          />
        )}
      </Field>
      <div className="row">
        <Field
          id="names-file"
          label="Or upload a CSV"
          hint="Uses the “name” column if there is one, else the first column. With a header row, optional “birth_date”, “country” and “entity_type” columns qualify each name."
        >
          {(c) => (
            <input
              {...c}
              type="file"
              accept=".csv,.txt,text/csv,text/plain"
              onChange={(e) => void file.onFile(e)}
            />
          )}
        </Field>
        <SearchTypeField
          id="search-type"
          types={BULK_SEARCH_TYPES}
          value={searchType}
          onChange={setSearchType}
          hint={TYPE_HELP[searchType]}
        />
        <Field id="names-ref" label="Your reference (optional)" hint="Stored with the usage record.">
          {(c) => (
            <input
              {...c}
              value={reference}
              onChange={(e) => setReference(e.target.value)}
              placeholder="Case or customer id"
            />
          )}
        </Field>
      </div>
      <QualifierFieldset
        idPrefix="names"
        value={qualifierDraft}
        onChange={setQualifierDraft}
        appliesTo="Applied to every name screened (a CSV row’s own qualifiers win)."
      />
      <div className="actions">
        <label className="check">
          <input type="checkbox" checked={explain} onChange={(e) => setExplain(e.target.checked)} /> Explain
          each match
        </label>
        <span className="muted" aria-live="polite">
          {prepared.names.length} {prepared.names.length === 1 ? 'name' : 'names'}
          {file.note ? ` · ${file.note}` : ''}
        </span>
        {/* aria-disabled, not disabled: a disabled button drops keyboard focus to the page. */}
        <button type="submit" aria-disabled={busy || undefined}>
          {busy ? 'Screening…' : 'Screen'}
        </button>
      </div>
    </form>
  );
}

// Name screening: one name, a pasted list or a CSV upload, sent through bulk-search (the bearer path), with
// results grouped by name, a score bar and the explanation per match, entry details on click, and CSV export.
import type { RequestBody } from '@screening/client';
import { useState } from 'react';
import { useApp } from '../app-context.ts';
import { ErrorNotice } from '../components/ErrorNotice.tsx';
import type { PreparedNames } from '../csv/names-to-request.ts';
import { useApiCall } from '../hooks/use-api-call.ts';
import { useDocumentTitle } from '../hooks/use-document-title.ts';
import { NamesForm } from './NamesForm.tsx';
import { groupRows, type FileQualifiers, type NamesResult } from './names-results.ts';
import { NamesResults } from './NamesResults.tsx';
import type { QualifierFields } from './qualifier-fields.ts';

export function NamesPage() {
  useDocumentTitle('Screen names');
  const { api } = useApp();
  const call = useApiCall();
  const [result, setResult] = useState<NamesResult | null>(null);

  const screen = (
    prepared: PreparedNames,
    body: RequestBody<'bulkSearchNames'>,
    qualifiers: QualifierFields | null,
    fileQualifiers: FileQualifiers | null,
  ) =>
    call.run(async (signal) => {
      const res = await api.data(api.call.POST('/api/v2/bulk-search', { body, signal }));
      setResult({
        groups: groupRows(res.results),
        usageId: res.api_usage_id,
        type: res.param,
        rewritten: prepared.rewritten,
        qualifiers,
        fileQualifiers,
        explained: body.explain === true,
      });
    });

  return (
    <>
      <h1>Screen names</h1>
      <NamesForm
        busy={call.busy}
        onScreen={(p, body, q, f) => void screen(p, body, q, f)}
        onError={call.fail}
      />
      <ErrorNotice error={call.error} />
      {result && <NamesResults result={result} />}
    </>
  );
}

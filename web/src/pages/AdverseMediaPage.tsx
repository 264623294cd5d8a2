// Scored adverse media screening with every option of the endpoint. The risk block leads, a degraded analysis
// is said plainly above the articles, and a search that could not run says why and who can fix it.
import type { RequestBody } from '@screening/client';
import { useState } from 'react';
import type { AdverseMediaResponse } from '../api/api-types.ts';
import { useApp } from '../app-context.ts';
import { ErrorNotice } from '../components/ErrorNotice.tsx';
import { useApiCall } from '../hooks/use-api-call.ts';
import { useDocumentTitle } from '../hooks/use-document-title.ts';
import { AdverseMediaForm } from './AdverseMediaForm.tsx';
import { AdverseMediaResults } from './AdverseMediaResults.tsx';
import { unavailableNotice, type UnavailableNotice } from './adverse-media-unavailable.ts';

export function AdverseMediaPage() {
  useDocumentTitle('Adverse media');
  const { api } = useApp();
  const call = useApiCall();
  const [result, setResult] = useState<AdverseMediaResponse | null>(null);
  const [unavailable, setUnavailable] = useState<UnavailableNotice | null>(null);

  const screen = (body: RequestBody<'searchAdverseMedia'>) =>
    call.run(async (signal) => {
      setUnavailable(null);
      setResult(null);
      try {
        setResult(await api.data(api.call.POST('/api/v2/adverse-media-search', { body, signal })));
      } catch (err) {
        // 502/503/504: search is not configured or the provider is unavailable; nothing was screened.
        const notice = unavailableNotice(err);
        if (notice) setUnavailable(notice);
        else throw err;
      }
    });

  return (
    <>
      <h1>Adverse media</h1>
      <AdverseMediaForm busy={call.busy} onScreen={(body) => void screen(body)} onError={call.fail} />
      <ErrorNotice error={call.error} />
      {unavailable && (
        <div className="notice info" role="status">
          <strong>{unavailable.title}</strong> {unavailable.body}
        </div>
      )}
      {result && <AdverseMediaResults result={result} />}
    </>
  );
}

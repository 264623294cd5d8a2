// Scored adverse media screening with every option of the endpoint. The risk block leads, a degraded analysis
// is said plainly above the articles, and a server without a search provider (503) says so calmly.
import { useRef, useState } from 'react';
import { ApiError } from '../api/api-error.ts';
import type { AdverseMediaResponse } from '../api/types.ts';
import { useApp } from '../app-context.ts';
import { ErrorNotice } from '../components/ErrorNotice.tsx';
import { useApiCall } from '../hooks/use-api-call.ts';
import { useDocumentTitle } from '../hooks/use-document-title.ts';
import { AdverseMediaForm } from './AdverseMediaForm.tsx';
import { AdverseMediaResults } from './AdverseMediaResults.tsx';

export function AdverseMediaPage() {
  useDocumentTitle('Adverse media');
  const { api } = useApp();
  const call = useApiCall();
  const [result, setResult] = useState<AdverseMediaResponse | null>(null);
  const [unavailable, setUnavailable] = useState<string | null>(null);
  const resultsRef = useRef<HTMLDivElement>(null);

  const screen = (body: Record<string, unknown>) =>
    call.run(async (signal) => {
      setUnavailable(null);
      setResult(null);
      try {
        setResult(await api.request<AdverseMediaResponse>('/api/v2/adverse-media-search', { body, signal }));
        requestAnimationFrame(() => resultsRef.current?.focus());
      } catch (err) {
        // 502/503/504: search is not configured or the provider is unavailable; nothing was screened.
        if (err instanceof ApiError && err.status >= 502 && err.status <= 504) setUnavailable(err.message);
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
          <strong>Adverse media screening is not available right now.</strong> {unavailable}. Nothing was
          screened; try again later or ask your administrator.
        </div>
      )}
      {result && <AdverseMediaResults result={result} boxRef={resultsRef} />}
    </>
  );
}

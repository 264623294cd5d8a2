// The analyst's decision on an alert: a reason, then one button per decision. Clearing and confirming stay
// disabled until a reason is typed (the hint says why); the current status's button says it would be recorded
// again. The answer (the alert with its new history line) is handed back to the page.
import { useState } from 'react';
import type { AlertDetail, DecisionStatus } from '../api/api-types.ts';
import { useApp } from '../app-context.ts';
import { ErrorNotice } from '../components/ErrorNotice.tsx';
import { Field } from '../components/Field.tsx';
import { useApiCall } from '../hooks/use-api-call.ts';
import { decisionBlocked, DECISIONS, REASON_REQUIRED, statusLabel } from './alert-words.ts';

interface Props {
  readonly alert: AlertDetail;
  readonly onDecided: (alert: AlertDetail) => void;
}

export function AlertDecisionForm({ alert, onDecided }: Props) {
  const { api } = useApp();
  const [reason, setReason] = useState('');
  const [done, setDone] = useState('');
  const call = useApiCall();

  const decide = (status: DecisionStatus) => {
    if (call.busy || decisionBlocked(status, reason)) return;
    setDone('');
    // Not given the call's signal: a decision once sent is recorded even if the analyst moves on.
    void call.run(async () => {
      const body = reason.trim() ? { status, reason: reason.trim() } : { status };
      const updated = await api.data(
        api.call.POST('/api/v2/alerts/{id}/decision', { params: { path: { id: alert.id } }, body }),
      );
      onDecided(updated);
      setReason('');
      setDone(`Recorded: ${statusLabel(updated.status)}.`);
    });
  };

  const needsReason = reason.trim() === '';
  return (
    <section className="panel decision" aria-labelledby="decision-title">
      <h2 id="decision-title">Decision</h2>
      <Field
        id="decision-reason"
        label="Reason"
        hint="Required to clear or confirm; kept in the alert’s history with your name and the time."
      >
        {(c) => (
          <textarea
            {...c}
            rows={3}
            maxLength={2000}
            value={reason}
            onChange={(e) => setReason(e.target.value)}
            placeholder="Different date of birth (1984 against 1962 on the list)"
          />
        )}
      </Field>
      <ErrorNotice error={call.error} />
      <div className="actions">
        <span className="muted small" role="status">
          {done || (needsReason ? 'Type a reason to clear or confirm.' : '')}
        </span>
        {/* Reopening an open alert would say nothing. */}
        {DECISIONS.filter((d) => d.status !== 'open' || alert.status !== 'open').map((d) => (
          <button
            key={d.status}
            type="button"
            className={d.status === 'cleared' || d.status === 'confirmed' ? undefined : 'secondary'}
            disabled={REASON_REQUIRED.has(d.status) && needsReason}
            aria-disabled={call.busy || undefined}
            onClick={() => decide(d.status)}
          >
            {d.label}
          </button>
        ))}
      </div>
    </section>
  );
}

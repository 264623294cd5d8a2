// Adds a webhook endpoint: the address and the events it takes (the alert events ticked to begin with). The
// answer, with its signing secret, is handed to the page, which shows the secret this once.
import { useState, type FormEvent } from 'react';
import type { CreatedWebhook } from '../api/api-types.ts';
import { useApp } from '../app-context.ts';
import { ErrorNotice } from '../components/ErrorNotice.tsx';
import { Field } from '../components/Field.tsx';
import { useApiCall } from '../hooks/use-api-call.ts';
import { webhookBody, WEBHOOK_EVENTS } from './webhook-words.ts';

const ALERT_EVENTS = WEBHOOK_EVENTS.map((e) => e.event).filter((e) => e.startsWith('alert.'));

export function WebhookForm({ onCreated }: { onCreated: (w: CreatedWebhook) => void }) {
  const { api } = useApp();
  const [url, setUrl] = useState('');
  const [events, setEvents] = useState<readonly string[]>(ALERT_EVENTS);
  const call = useApiCall();

  const toggle = (event: string, on: boolean) =>
    setEvents((prev) => (on ? [...prev, event] : prev.filter((e) => e !== event)));

  const submit = (e: FormEvent) => {
    e.preventDefault();
    if (call.busy) return;
    const made = webhookBody(url, events);
    if ('problem' in made) {
      call.fail(new Error(made.problem));
      return;
    }
    // Not given the call's signal: once asked for, the endpoint exists even if the analyst leaves.
    void call.run(async () => {
      const r = await api.data(api.call.POST('/api/v2/webhooks', { body: made.body }));
      setUrl('');
      onCreated(r.webhook);
    });
  };

  return (
    <form className="panel" onSubmit={submit} aria-labelledby="new-webhook-title">
      <h2 id="new-webhook-title">Add an endpoint</h2>
      <Field
        id="webhook-url"
        label="Address"
        hint="An https:// address of yours that receives a signed JSON POST for each event."
      >
        {(c) => (
          <input
            {...c}
            type="url"
            inputMode="url"
            maxLength={2000}
            value={url}
            onChange={(e) => setUrl(e.target.value)}
            placeholder="https://hooks.example.com/screening"
          />
        )}
      </Field>
      <fieldset className="events">
        <legend>Events</legend>
        {WEBHOOK_EVENTS.map((e) => (
          <label key={e.event} className="check">
            <input
              type="checkbox"
              checked={events.includes(e.event)}
              onChange={(ev) => toggle(e.event, ev.target.checked)}
            />{' '}
            {/* One run of text, so on a phone the event's name wraps after its words. */}
            <span>
              {e.label} <span className="muted mono small">{e.event}</span>
            </span>
          </label>
        ))}
      </fieldset>
      <ErrorNotice error={call.error} />
      <div className="actions">
        {/* aria-disabled, not disabled: a disabled button drops keyboard focus to the page. */}
        <button type="submit" aria-disabled={call.busy || undefined}>
          {call.busy ? 'Adding…' : 'Add endpoint'}
        </button>
      </div>
    </form>
  );
}

// An alert's history as a timeline, oldest first: when, who (the analyst, or the service for a new match, a
// reopening or a delisting), the status from → to, and the reason given.
import { useRef } from 'react';
import type { AlertHistoryLine, Me } from '../api/api-types.ts';
import { formatDateTime } from '../format.ts';
import { useFocusOnChange } from '../hooks/use-focus-on-change.ts';
import { statusTone, transitionWords, whoWords } from './alert-words.ts';

interface Props {
  readonly history: readonly AlertHistoryLine[];
  readonly me: Me | null;
  /** Changes when a decision was just recorded: the history takes focus, its new line the last read. */
  readonly decided: unknown;
}

export function AlertHistory({ history, me, decided }: Props) {
  const headingRef = useRef<HTMLHeadingElement>(null);
  useFocusOnChange(headingRef, decided);
  return (
    <section aria-labelledby="history-title">
      <h2 id="history-title" tabIndex={-1} ref={headingRef}>
        History
      </h2>
      <ol className="timeline">
        {history.map((h, i) => (
          <li key={i} className={`tone-${statusTone(h.to)}`}>
            <div className="timeline-head">
              <strong>{transitionWords(h)}</strong>
              <span className="muted small">
                {formatDateTime(h.at)} · {whoWords(h.who, me)}
              </span>
            </div>
            {h.reason ? (
              <p className="timeline-reason">“{h.reason}”</p>
            ) : (
              <p className="muted small">No reason given.</p>
            )}
          </li>
        ))}
      </ol>
    </section>
  );
}

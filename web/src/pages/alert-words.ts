// An alert's status and history in an analyst's words: each status a label and a badge tone (never colour alone),
// which decisions must say why, who changed what (the analyst, or the service itself), and the inbox order (open
// and escalated first, newest first within each).
import {
  ALERT_STATUSES,
  type AlertHistoryLine,
  type AlertStatus,
  type DecisionStatus,
} from '../api/api-types.ts';

/** The badge class: `hit` for what waits on a decision, `ok` for a closed alert, `warn` for escalated. */
export type AlertTone = 'hit' | 'warn' | 'ok' | 'neutral';

const STATUS: Readonly<Record<AlertStatus, { label: string; tone: AlertTone }>> = {
  open: { label: 'Open', tone: 'hit' },
  escalated: { label: 'Escalated', tone: 'warn' },
  confirmed: { label: 'Confirmed match', tone: 'hit' },
  cleared: { label: 'Cleared', tone: 'ok' },
  delisted: { label: 'Delisted', tone: 'neutral' },
};

export const statusLabel = (s: AlertStatus): string => STATUS[s].label;
export const statusTone = (s: AlertStatus): AlertTone => STATUS[s].tone;

/** The decisions an analyst can take, as buttons: what each is called and what it sets. */
export const DECISIONS: readonly { status: DecisionStatus; label: string }[] = [
  { status: 'cleared', label: 'Clear: not the listed party' },
  { status: 'confirmed', label: 'Confirm match' },
  { status: 'escalated', label: 'Escalate' },
  { status: 'open', label: 'Reopen' },
];

/** Clearing and confirming must say why (the API refuses them without a reason). */
export const REASON_REQUIRED: ReadonlySet<DecisionStatus> = new Set(['cleared', 'confirmed']);

/** Why a decision cannot be sent yet, or null when it can. */
export function decisionBlocked(status: DecisionStatus, reason: string): string | null {
  return REASON_REQUIRED.has(status) && reason.trim() === ''
    ? 'Type a reason first: clearing and confirming must say why.'
    : null;
}

/** Who made a history line: the signed-in analyst by email, the service itself, or another user by id. */
export function whoWords(who: string | null, me: { id: string; email: string } | null): string {
  if (who === null) return 'Screening service';
  if (me && who === me.id) return me.email;
  return `User ${who.slice(0, 8)}…`;
}

/** "Open → Cleared", or "Opened as Open" for the first line. */
export function transitionWords(line: Pick<AlertHistoryLine, 'from' | 'to'>): string {
  return line.from === null
    ? `Raised as ${statusLabel(line.to)}`
    : line.from === line.to
      ? `${statusLabel(line.to)} again`
      : `${statusLabel(line.from)} → ${statusLabel(line.to)}`;
}

const RANK = new Map<AlertStatus, number>(ALERT_STATUSES.map((s, i) => [s, i]));

/** Alerts that wait on a decision first (open, then escalated), then the rest; newest first within each. */
export function inboxOrder<T extends { status: AlertStatus; created_at: string }>(alerts: readonly T[]): T[] {
  const waiting = (s: AlertStatus) => (s === 'open' ? 0 : s === 'escalated' ? 1 : 2);
  return [...alerts].sort(
    (a, b) =>
      waiting(a.status) - waiting(b.status) ||
      (b.created_at < a.created_at ? -1 : b.created_at > a.created_at ? 1 : 0) ||
      (RANK.get(a.status) ?? 9) - (RANK.get(b.status) ?? 9),
  );
}

/** A match score (0–100) against its threshold, in words: "86.0, above the threshold of 80 (standard match)". */
export function scoreWords(score: number, explanation: unknown): string {
  const e = explanation as { threshold?: unknown; search_type?: unknown } | null | undefined;
  const threshold = typeof e?.threshold === 'number' ? e.threshold : null;
  const type = typeof e?.search_type === 'string' ? ` (${e.search_type.replace(/_/g, ' ')})` : '';
  if (threshold === null) return `Score ${score.toFixed(1)} of 100`;
  return `Score ${score.toFixed(1)} of 100, ${score >= threshold ? 'at or above' : 'below'} the threshold of ${threshold}${type}`;
}

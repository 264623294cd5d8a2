// Turns a screening's matches into alert writes: a new pair opens an alert; a cleared alert stays quiet while the
// listed record and the subject are unchanged and reopens when either changed; a confirmed alert never reopens by
// itself; a delisted entry matched again reopens. Pure: the caller reads the alerts and writes the result.
import { createHash } from 'node:crypto';
import { v7 as uuidv7 } from 'uuid';
import type { Alert, AlertDecision, AlertStatus, Subject } from '../../domain/monitoring.js';
import type { Match } from '../../domain/screening.js';
import { entryKeyString, type AlertUpdate, type AlertWrites } from '../../store/monitor-store.js';

/** What a subject screened as: its name, search type and qualifiers (a change of any is a changed subject). */
export const subjectHash = (s: Pick<Subject, 'name' | 'searchType' | 'qualifiers'>): string =>
  createHash('sha256')
    .update(`${s.searchType}\u0000${s.name}${s.qualifiers ? `\u0000${JSON.stringify(s.qualifiers)}` : ''}`)
    .digest('hex');

/** One subject matched one listed entry, with the entry's current record hash. */
export interface Hit {
  readonly subject: Subject;
  readonly match: Match;
  readonly recordHash: string | null;
}

/** Collects alert writes over many hits, at most one update per alert. */
export class AlertWriteSet {
  readonly inserts: Alert[] = [];
  readonly decisions: AlertDecision[] = [];
  readonly #updates = new Map<string, AlertUpdate>();
  /** Alerts by subject id and entry key, as read before this screening. */
  readonly #byPair = new Map<string, Alert>();

  constructor(
    existing: readonly Alert[],
    private readonly at: string,
  ) {
    for (const a of existing) this.#byPair.set(pairKey(a.subjectId, a), a);
  }

  get writes(): AlertWrites {
    return { inserts: this.inserts, updates: [...this.#updates.values()], decisions: this.decisions };
  }

  /** The status an alert has after this screening's writes. */
  #status(a: Alert): AlertStatus {
    return this.#updates.get(a.id)?.status ?? a.status;
  }

  /** Records a match of the subject against the entry. */
  hit({ subject, match, recordHash }: Hit): void {
    const key = { list: match.list, sourceUid: match.source_uid };
    const old = this.#byPair.get(pairKey(subject.id, key));
    const sHash = subjectHash(subject);
    if (!old) {
      const alert: Alert = {
        id: uuidv7(),
        userId: subject.userId,
        subjectId: subject.id,
        list: match.list,
        sourceUid: match.source_uid,
        matchName: match.name,
        matchScore: match.match_score,
        explanation: match.explanation ?? null,
        status: 'open',
        recordHash,
        subjectHash: sHash,
        createdAt: this.at,
        updatedAt: this.at,
      };
      this.inserts.push(alert);
      this.#byPair.set(pairKey(subject.id, key), alert);
      this.decisions.push(this.#decision(alert.id, null, 'open', 'new match'));
      return;
    }
    if (this.inserts.includes(old)) return;
    const status = this.#status(old);
    let reopen: string | null = null;
    if (status === 'cleared') {
      if (old.subjectHash !== sHash) reopen = 'subject changed';
      else if (old.recordHash !== recordHash) reopen = 'listing changed';
    } else if (status === 'delisted') reopen = 'listed again';
    const same =
      reopen === null &&
      old.subjectHash === sHash &&
      old.recordHash === recordHash &&
      old.matchName === match.name &&
      old.matchScore === match.match_score;
    if (same) return;
    this.#update(old, {
      matchName: match.name,
      matchScore: match.match_score,
      explanation: match.explanation ?? null,
      recordHash,
      subjectHash: sHash,
      ...(reopen !== null && { status: 'open' as const }),
    });
    if (reopen !== null) this.decisions.push(this.#decision(old.id, status, 'open', reopen));
  }

  /**
   * The listed entry's record changed: its cleared alerts reopen even when the subject no longer matches it, with
   * `reason` saying what changed ("listing changed: aliases added").
   */
  recordChanged(alert: Alert, recordHash: string | null, reason = 'listing changed'): void {
    if (this.inserts.includes(alert)) return;
    const status = this.#status(alert);
    const seen = this.#updates.get(alert.id)?.recordHash ?? alert.recordHash;
    if (seen === recordHash) return;
    if (status === 'cleared') {
      this.#update(alert, { recordHash, status: 'open' });
      this.decisions.push(this.#decision(alert.id, status, 'open', reason));
    } else this.#update(alert, { recordHash });
  }

  /** The listed entry was removed from its list: an open or escalated alert is closed as delisted. */
  delisted(alert: Alert, list: string): void {
    const status = this.#status(alert);
    if (status !== 'open' && status !== 'escalated') return;
    this.#update(alert, { status: 'delisted' });
    this.decisions.push(this.#decision(alert.id, status, 'delisted', `entry removed from ${list}`));
  }

  #update(alert: Alert, change: Omit<AlertUpdate, 'id' | 'updatedAt'>): void {
    const prev = this.#updates.get(alert.id);
    this.#updates.set(alert.id, { ...prev, ...change, id: alert.id, updatedAt: this.at });
  }

  #decision(alertId: string, from: AlertStatus | null, to: AlertStatus, reason: string): AlertDecision {
    return { id: uuidv7(), alertId, at: this.at, actor: null, from, to, reason };
  }
}

const pairKey = (subjectId: string, entry: { list: string; sourceUid: string }) =>
  `${subjectId}\u0000${entryKeyString(entry)}`;

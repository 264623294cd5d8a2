// Alert words: every status said in words with a tone, the decisions that need a reason, who changed an alert,
// the history line's transition, the inbox order and the score against its threshold.
import { describe, expect, it } from 'vitest';
import { ALERT_STATUSES } from '../api/api-types.ts';
import {
  decisionBlocked,
  DECISIONS,
  inboxOrder,
  scoreWords,
  statusLabel,
  statusTone,
  transitionWords,
  whoWords,
} from './alert-words.ts';

describe('status words', () => {
  it('says every status in words, closed ones green and none in colour alone', () => {
    expect(ALERT_STATUSES.map(statusLabel)).toEqual([
      'Open',
      'Escalated',
      'Confirmed match',
      'Cleared',
      'Delisted',
    ]);
    expect(statusTone('cleared')).toBe('ok');
    expect(statusTone('open')).toBe('hit');
    expect(statusTone('escalated')).toBe('warn');
  });
});

describe('decisions', () => {
  it('offers clearing, confirming, escalating and reopening', () => {
    expect(DECISIONS.map((d) => d.status)).toEqual(['cleared', 'confirmed', 'escalated', 'open']);
  });

  it('blocks clearing and confirming until a reason is typed (blank does not count)', () => {
    for (const s of ['cleared', 'confirmed'] as const) {
      expect(decisionBlocked(s, '')).toMatch(/Type a reason first/);
      expect(decisionBlocked(s, '  \n')).toMatch(/Type a reason first/);
      expect(decisionBlocked(s, 'other date of birth')).toBeNull();
    }
    expect(decisionBlocked('escalated', '')).toBeNull();
    expect(decisionBlocked('open', '')).toBeNull();
  });
});

describe('history lines', () => {
  const me = { id: '0193a2b4-0000-7000-8000-0000000000u1', email: 'analyst@example.com' };

  it('names the signed-in analyst by email, the service as itself, another user by id', () => {
    expect(whoWords(me.id, me)).toBe('analyst@example.com');
    expect(whoWords(null, me)).toBe('Screening service');
    expect(whoWords('0193ffff-0000-7000-8000-000000000001', me)).toBe('User 0193ffff…');
    expect(whoWords(me.id, null)).toBe('User 0193a2b4…');
  });

  it('says the transition: raised, from → to, or the same status again', () => {
    expect(transitionWords({ from: null, to: 'open' })).toBe('Raised as Open');
    expect(transitionWords({ from: 'open', to: 'cleared' })).toBe('Open → Cleared');
    expect(transitionWords({ from: 'escalated', to: 'escalated' })).toBe('Escalated again');
  });
});

describe('inboxOrder', () => {
  it('puts open alerts first, then escalated, then the rest, newest first within each', () => {
    const a = (id: string, status: (typeof ALERT_STATUSES)[number], created_at: string) => ({
      id,
      status,
      created_at,
    });
    const sorted = inboxOrder([
      a('c1', 'cleared', '2026-11-27T09:00:00Z'),
      a('o1', 'open', '2026-11-26T09:00:00Z'),
      a('e1', 'escalated', '2026-11-27T08:00:00Z'),
      a('o2', 'open', '2026-11-27T07:00:00Z'),
      a('d1', 'delisted', '2026-11-25T07:00:00Z'),
    ]);
    expect(sorted.map((x) => x.id)).toEqual(['o2', 'o1', 'e1', 'c1', 'd1']);
  });
});

describe('scoreWords', () => {
  it('says the score against the threshold of its search type', () => {
    expect(scoreWords(86, { threshold: 80, search_type: 'standard_match' })).toBe(
      'Score 86.0 of 100, at or above the threshold of 80 (standard match)',
    );
    expect(scoreWords(79.5, { threshold: 80 })).toBe('Score 79.5 of 100, below the threshold of 80');
  });

  it('says the score alone without an explanation', () => {
    expect(scoreWords(91.25, undefined)).toBe('Score 91.3 of 100');
    expect(scoreWords(91, 'not an object')).toBe('Score 91.0 of 100');
  });
});

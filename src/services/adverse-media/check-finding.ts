// Turns the model's label for an article into the assessment we return, trusting nothing it could not show:
// the quote must be in the article, and a finding must be attributed to the subject (our name test decides).
import {
  SCORING_ROLES,
  type Category,
  type Role,
  type Severity,
} from '../../adverse-media/assessment-labels.js';
import type { ModelAssessment } from '../../adverse-media/llm/analyst.js';
import { foldText } from '../../matching/index.js';
import { isSameParty, type SubjectName } from './name-in-text.js';

/** The assessment of one article as the scored endpoint returns it. */
export interface Assessment {
  readonly about_subject: boolean;
  readonly role: Role;
  readonly severity: Severity;
  readonly categories: Category[];
  readonly note: string;
}

const MIN_QUOTE_WORDS = 3;
const MAX_NOTE = 300;

/** True when the article implicates the subject: a scoring role, about the subject, with a severity. */
export function implicates(a: Assessment | null): a is Assessment {
  return a !== null && SCORING_ROLES.has(a.role) && a.about_subject && a.severity !== 'none';
}

function comparable(text: string): string {
  return ` ${foldText(text)
    .replace(/[^a-z0-9]+/g, ' ')
    .trim()} `;
}

/**
 * True when the quote appears in the article, ignoring case, accents, punctuation and spacing; an elision
 * ("..." or "…") splits it into parts that must each appear. Three words at least: "was charged" is not evidence.
 */
export function quoteInArticle(quote: string, articleText: string): boolean {
  const haystack = comparable(articleText);
  const parts = quote
    .split(/\.{3}|…|\[\.\.\.\]/)
    .map(comparable)
    .filter((p) => p.trim() !== '');
  const wordCount = parts.reduce((n, p) => n + p.trim().split(' ').length, 0);
  if (parts.length === 0 || wordCount < MIN_QUOTE_WORDS) return false;
  return parts.every((p) => haystack.includes(p));
}

const noteOf = (s: string) => (s.length > MAX_NOTE ? `${s.slice(0, MAX_NOTE - 1)}…` : s);

const unclear = (note: string): Assessment => ({
  about_subject: false,
  role: 'unclear',
  severity: 'none',
  categories: [],
  note,
});

const unrelated = (note: string): Assessment => ({
  about_subject: false,
  role: 'unrelated',
  severity: 'none',
  categories: [],
  note,
});

/** The returned assessment for the model's label of an article whose text (title and snippet) is `articleText`. */
export function checkFinding(m: ModelAssessment, articleText: string, subject: SubjectName): Assessment {
  if (m.evidence !== null && !quoteInArticle(m.evidence, articleText))
    return unclear(
      'Not assessed: the evidence the analysis quoted is not in the article, so its label was not used.',
    );
  if (!SCORING_ROLES.has(m.role)) {
    // Roles that never score carry severity none whatever else the model said.
    const keepCategories = m.role !== 'unrelated' && m.role !== 'unclear';
    return {
      about_subject: m.role === 'unrelated' ? false : m.about_subject,
      role: m.role,
      severity: 'none',
      categories: keepCategories ? [...new Set(m.categories)] : [],
      note: noteOf(m.note),
    };
  }
  if (m.evidence === null)
    return unclear('Not assessed: the analysis gave no evidence from the article for its finding.');
  if (m.attributed_to === null || !isSameParty(subject, m.attributed_to)) {
    const who = m.attributed_to ? `"${m.attributed_to.slice(0, 80)}"` : 'nobody named';
    return unrelated(
      `Finding discarded: the article attributes the wrongdoing to ${who}, not the subject; it concerned someone else.`,
    );
  }
  if (!m.about_subject) return unrelated(noteOf(`Not about the subject. ${m.note}`.trim()));
  if (m.severity === 'none')
    return unclear('Not assessed: the analysis gave a finding without a severity, so it was not used.');
  return {
    about_subject: true,
    role: m.role,
    severity: m.severity,
    categories: [...new Set(m.categories)].sort(),
    note: noteOf(m.note),
  };
}

// Model-free name tests on the name matcher's normalisation: does a text name the subject (name_match), and is a
// name the model gave the subject (attribution)? Accents, case, script, particles and token order never matter.
import {
  nameToken,
  normaliseName,
  tokenSimilarity,
  tokenTexts,
  type NameToken,
} from '../../matching/index.js';

// The matcher's `edit` tolerance at 0.86 admits romanisation variants (Gaddafi/Qadhafi, Mohammed/Muhammad,
// Aleksandr/Alexander, Yevgeny/Evgeny) but not a bare initial, nor names that merely sound alike in a short
// code (Jane/John: the `phonetic` tolerance would call those the same person).
const MIN_SIMILARITY = 0.86;
// A name's tokens must sit close together in the text: the given name in one sentence and the surname three
// paragraphs later is not the subject being named. Slack allows one middle name, patronymic or particle between.
const WINDOW_SLACK = 1;

/** The tokens that identify a name: particles and legal forms dropped unless nothing else is left. */
export function identifyingTokens(name: string): NameToken[] {
  const tokens = normaliseName(name).tokens;
  const strong = tokens.filter((t) => !t.weak);
  return strong.length > 0 ? strong : [...tokens];
}

// String similarity (mean of Jaro-Winkler and edit ratio) can reach MIN_SIMILARITY only when the edit ratio is at
// least 2 * MIN - 1, so only when the lengths are that close; one edit (length difference 1) also qualifies.
const MAX_LENGTH_GAP = 2 * (1 - MIN_SIMILARITY);

function lengthsClose(a: string, b: string): boolean {
  const gap = Math.abs(a.length - b.length);
  return gap <= 1 || gap <= MAX_LENGTH_GAP * Math.max(a.length, b.length);
}

function keysAgree(a: NameToken, b: NameToken): boolean {
  return (
    a.key === b.key ||
    a.loose === b.loose ||
    (a.skeleton === b.skeleton && a.skeleton.length >= 3) ||
    a.phonetic.some((c) => b.phonetic.includes(c))
  );
}

// The matcher's token similarity decides; the gate only skips pairs that provably cannot reach the threshold
// (no shared key and lengths too far apart), which is most words of an article.
function similar(a: NameToken, b: NameToken): boolean {
  if (a.text === b.text) return true;
  if (!keysAgree(a, b) && !lengthsClose(a.text, b.text) && !lengthsClose(a.key, b.key)) return false;
  return tokenSimilarity(a, b, 'edit', MIN_SIMILARITY) >= MIN_SIMILARITY;
}

const MEMO_LIMIT = 20_000;

/** A name prepared once for testing many texts (word verdicts are remembered across the texts of one screening). */
export interface SubjectName {
  readonly tokens: readonly NameToken[];
  readonly memo: Map<string, readonly boolean[]>;
}

export function subjectName(name: string): SubjectName {
  return { tokens: identifyingTokens(name), memo: new Map() };
}

/** True when the text names the subject: every identifying token found, in any order, close together. */
export function textNamesSubject(subject: SubjectName, text: string): boolean {
  const need = subject.tokens;
  if (need.length === 0) return false;
  const words = tokenTexts(text);
  // Positions in the text where each subject token occurs (the same text token compared once per subject token).
  const positions: number[][] = need.map(() => []);
  const memo = subject.memo;
  for (let i = 0; i < words.length; i++) {
    const w = words[i]!;
    let hits = memo.get(w);
    if (!hits) {
      const t = nameToken(w);
      hits = need.map((s) => similar(s, t));
      if (memo.size < MEMO_LIMIT) memo.set(w, hits);
    }
    for (let k = 0; k < need.length; k++) if (hits[k]) positions[k]!.push(i);
  }
  if (positions.some((p) => p.length === 0)) return false;
  return withinWindow(positions, need.length + WINDOW_SLACK);
}

// Is there one position per token, all distinct, spanning at most `window` words? Names are a few tokens and
// the candidate lists short, so a search anchored at each candidate start is cheap.
function withinWindow(positions: readonly number[][], window: number): boolean {
  const starts = [...new Set(positions.flat())].sort((a, b) => a - b);
  for (const start of starts) {
    const end = start + window - 1;
    if (pick(positions, 0, start, end, new Set())) return true;
  }
  return false;
}

function pick(positions: readonly number[][], k: number, lo: number, hi: number, used: Set<number>): boolean {
  if (k === positions.length) return true;
  for (const p of positions[k]!) {
    if (p < lo || p > hi || used.has(p)) continue;
    used.add(p);
    if (pick(positions, k + 1, lo, hi, used)) return true;
    used.delete(p);
  }
  return false;
}

/**
 * True when `named` (a name the model attributed a finding to) is the subject: the identifying tokens of one
 * are all found among the other's, so "Ivan Petrov" matches "Ivan Sergeyevich Petrov", "PETROV, Ivan" and
 * "Petrov", but not "Oleg Petrov".
 */
export function isSameParty(subject: SubjectName, named: string): boolean {
  const other = identifyingTokens(named);
  if (other.length === 0 || subject.tokens.length === 0) return false;
  return covers(subject.tokens, other) || covers(other, subject.tokens);
}

// Every token of `part` pairs with a distinct token of `whole`.
function covers(whole: readonly NameToken[], part: readonly NameToken[]): boolean {
  const used = new Set<number>();
  for (const p of part) {
    const i = whole.findIndex((w, j) => !used.has(j) && similar(w, p));
    if (i < 0) return false;
    used.add(i);
  }
  return true;
}

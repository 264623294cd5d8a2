// Development-bank debarment names embed other names: `X (Previously known as Y) ("Short")`, `X D/B/A Y`,
// `X a.k.a. Y`. Splits a published name into the primary name and its aliases (ADB and AfDB lists).
import { clean } from './text.js';

/** A published name split into the name and the names it embeds. */
export interface SplitName {
  readonly name: string;
  readonly aliases: string[];
  /** Quoted short forms and abbreviations (`("CNE")`): aliases screened with less trust. */
  readonly weak: string[];
}

const MARKER = String.raw`(?:formerly known as|previously known as|also known as|now known as|formerly|previously|also|trading as|a\.?k\.?a\.?|f\.?k\.?a\.?|d\.?b\.?a\.?|[adf]\/[bk]\/a|t\/a)`;
/** A parenthetical that starts with an alias marker: `(Previously known as Y)`, `(a.k.a. Y)`. */
const PAREN_ALIAS = new RegExp(String.raw`^${MARKER}\s*[:.]?\s+(.+)$`, 'i');
/** Markers unambiguous enough to split a name inline (bare `formerly`, `also` are not). */
const INLINE_MARKER = String.raw`(?:formerly known as|previously known as|also known as|now known as|trading as|a\.?k\.?a\.?|f\.?k\.?a\.?|d\.?b\.?a\.?|[adf]\/[bk]\/a)`;
/** An inline marker between two names: `X D/B/A Y`, `X a.k.a. Y`, `X, formerly known as Y`. */
const INLINE = new RegExp(String.raw`\s*[,;]?\s+${INLINE_MARKER}\s*[:.]?\s+`, 'i');
const QUOTED = /^["'“”‘’«»]+\s*(.+?)\s*["'“”‘’«»]+$/;
const unquote = (s: string): string => clean(s.replace(/^["'“”‘’«»]+|["'“”‘’«»]+$/g, '')) ?? '';

/** Splits `raw` (see the top of this file); the name is never empty (falls back to the published text). */
export function splitDebarmentName(raw: string): SplitName {
  const aliases: string[] = [];
  const weak: string[] = [];
  let kept = false;
  const push = (a: string, isWeak: boolean) => {
    const t = unquote(a);
    if (!t || aliases.includes(t)) return;
    aliases.push(t);
    if (isWeak) weak.push(t);
  };
  let rest = raw.replace(/\(([^()]*)\)/g, (whole, inner: string) => {
    const t = inner.trim();
    const m = PAREN_ALIAS.exec(t);
    if (m) {
      push(m[1]!, false);
      return ' ';
    }
    const q = QUOTED.exec(t);
    if (q) {
      push(q[1]!, true);
      return ' ';
    }
    kept = true;
    return whole;
  });
  const parts = rest
    .split(INLINE)
    .map((p) => clean(p) ?? '')
    .filter((p) => p.length > 0);
  rest = parts.shift() ?? rest;
  for (const p of parts) push(p, false);
  const name = clean(rest.replace(/[,;]\s*$/, '')) ?? clean(raw) ?? raw;
  // A descriptor kept in brackets (`(except branches in Africa)`, `(Consia)`): the bare name is an alias too.
  if (kept) {
    const bare = clean(name.replace(/\([^()]*\)/g, ' '));
    if (bare && bare !== name) push(bare, false);
  }
  return { name, aliases: aliases.filter((a) => a !== name), weak: weak.filter((a) => a !== name) };
}

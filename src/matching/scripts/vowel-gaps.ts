// Where a spelling has vowels between its consonant classes (sound-key.ts): a finer check of a sound match with a
// script that writes some vowels as letters (Hebrew alef, ayin, vav and yod). Such a letter between two classes means
// the Latin spelling has a vowel there too, of the letter's quality (vav o or u, yod i, e or y); the script may leave
// a vowel out inside a word, but not at its start, nor a final vowel other than e.
import { latinSound, latinSpellings } from './sound-key.js';

const VOWEL_RUNS = /[aeiouy]+|[^aeiouy]+/g;

/**
 * The vowel letters in each gap of a Latin spelling's class sequence: before the first class, between each two,
 * after the last ('' for none). A vowel between two equal classes that collapse into one is dropped; an initial h
 * is kept in the first gap. Null when reading the spelling run by run does not give latinSound's sequence (a rule
 * across runs): no evidence then.
 */
export function latinVowelGaps(spelling: string): string[] | null {
  const runs = spelling.match(VOWEL_RUNS) ?? [];
  let classes = '';
  const gaps: string[] = [];
  let gap = spelling.startsWith('h') ? 'h' : '';
  runs.forEach((run, i) => {
    if (/^[aeiouy]/.test(run)) {
      gap += run;
      return;
    }
    // The next vowel decides c (ce: s) and a final ng; it carries no class itself.
    for (const cls of latinSound(run + (runs[i + 1]?.[0] ?? ''))) {
      if (!classes.endsWith(cls)) {
        gaps.push(gap);
        classes += cls;
      }
      gap = '';
    }
  });
  gaps.push(gap);
  return classes === latinSound(spelling) ? gaps : null;
}

/**
 * Whether some spelling of `latin` with the class sequence `sound` has its vowels where `scriptGaps` (one entry per
 * gap of a script token: '' none, else 'a' any vowel letter, 'o' a vav, 'i' a yod) allows them. True when no
 * spelling can be read gap by gap.
 */
export function vowelsAgree(scriptGaps: readonly string[], sound: string, latin: string): boolean {
  let readable = false;
  for (const r of latinReadings(latin)) {
    if (r.sound !== sound || r.gaps === null || r.gaps.length !== scriptGaps.length) continue;
    readable = true;
    if (gapsAgree(scriptGaps, r.gaps)) return true;
  }
  return !readable;
}

// The sound and gaps of each spelling of a Latin token, memoised: the same listed tokens come up across the
// candidates of a query and across queries.
const readingsCache = new Map<string, readonly { sound: string; gaps: string[] | null }[]>();
function latinReadings(text: string): readonly { sound: string; gaps: string[] | null }[] {
  let r = readingsCache.get(text);
  if (r === undefined) {
    if (readingsCache.size >= 100_000) readingsCache.clear();
    r = latinSpellings(text).map((s) => ({ sound: latinSound(s), gaps: latinVowelGaps(s) }));
    readingsCache.set(text, r);
  }
  return r;
}

function gapsAgree(script: readonly string[], latin: readonly string[]): boolean {
  const last = latin.length - 1;
  // A word starting with a vowel starts with a vowel letter (an initial h may be written without its vowel).
  if (!latin[0]!.startsWith('h') && (script[0] !== '') !== (latin[0] !== '')) return false;
  // A final vowel other than e is written (Maria, Otto; not Blake).
  if (/[aiouy]/.test(latin[last]!) && script[last] === '') return false;
  for (let k = 0; k <= last; k++) {
    const s = script[k]!;
    const l = latin[k]!;
    if (s === '') continue;
    if (!/[aeiouy]/.test(l)) return false;
    if (s.includes('o') && !/[ou]/.test(l)) return false;
    if (s.includes('i') && !/[iey]/.test(l)) return false;
  }
  return true;
}

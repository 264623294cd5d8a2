// Khmer names read as their romanisations write them. any-ascii reads a Khmer vowel as it sounds after one of the
// two series of consonants (វ្ល៉ាឌីមៀ ពូទីន `vladeimie poutein` for Vladimir Putin); a transcription of a foreign name
// writes the vowel it hears, so each vowel sign is read by its letter alone (ី i, ូ u, ៀ ie), as foreign names are
// spelled back. Consonants as the UN romanisation writes them, and the loanword digraphs with a subscript: ហ្គ g,
// ហ្ស z, ហ្វ f, ប៉ p (ប with the series mark is p).

const KHMER = 0x1780;

// By offset from the block's start: the consonants (0x00-0x22), then the independent vowels (0x23-0x33).
const LETTERS = [
  'k',
  'kh',
  'k',
  'kh',
  'ng',
  'ch',
  'chh',
  'ch',
  'chh',
  'nh',
  'd',
  'th',
  'd',
  'th',
  'n',
  't',
  'th',
  't',
  'th',
  'n',
  'b',
  'ph',
  'p',
  'ph',
  'm',
  'y',
  'r',
  'l',
  'v',
  'sh',
  'ss',
  's',
  'h',
  'l',
  '',
  'a',
  'a',
  'e',
  'ei',
  'o',
  'ou',
  'ou',
  'ov',
  'ry',
  'ry',
  'ly',
  'ly',
  'ae',
  'ai',
  'ao',
  'ao',
  'au',
];
// The dependent vowel signs (0x36-0x45) and the signs after them: nikahit m (0x46), reahmuk h (0x47).
const SIGNS: Readonly<Record<number, string>> = {
  0x36: 'a',
  0x37: 'i',
  0x38: 'i',
  0x39: 'oe',
  0x3a: 'eu',
  0x3b: 'u',
  0x3c: 'u',
  0x3d: 'uo',
  0x3e: 'aeu',
  0x3f: 'oea',
  0x40: 'ie',
  0x41: 'e',
  0x42: 'ae',
  0x43: 'ai',
  0x44: 'ao',
  0x45: 'au',
  0x46: 'm',
  0x47: 'h',
};
const COENG = 0x52; // the next consonant is written below
const MUUSIKATOAN = 0x49; // ៉
const HA = 0x20;
const BA = 0x14;
// ហ over a subscript consonant writes a sound Khmer lacks: ហ្គ g, ហ្ស z, ហ្វ f (ហ over a sonorant is silent).
const WITH_HA: Readonly<Record<number, string>> = { 0x02: 'g', 0x1f: 'z', 0x1c: 'f' };
const SONORANTS = new Set([0x04, 0x09, 0x0e, 0x13, 0x18, 0x19, 0x1a, 0x1b, 0x1c]);

const RUN = /[\u1780-\u17ff]+/gu;

/** Khmer runs of a text read as Latin letters (any other text kept as it is). */
export function khmerLetters(text: string): string {
  return text.replace(RUN, (run) => readRun(run));
}

function readRun(run: string): string {
  const offs = [...run].map((c) => c.codePointAt(0)! - KHMER);
  let out = '';
  for (let i = 0; i < offs.length; i++) {
    const o = offs[i]!;
    if (o === HA && offs[i + 1] === COENG && offs[i + 2] !== undefined) {
      const sub = offs[i + 2]!;
      const sound = WITH_HA[sub];
      if (sound !== undefined || SONORANTS.has(sub)) {
        out += sound ?? LETTERS[sub]!;
        i += 2;
        continue;
      }
    }
    if (o === BA && offs[i + 1] === MUUSIKATOAN) {
      out += 'p';
      i++;
      continue;
    }
    if (o >= 0 && o < LETTERS.length) out += LETTERS[o]!;
    else if (o in SIGNS) out += SIGNS[o]!;
    else if (o >= 0x60 && o <= 0x69) out += String(o - 0x60); // digits
    // The coeng (a subscript follows: read in turn), series and silent marks read nothing.
  }
  return out;
}

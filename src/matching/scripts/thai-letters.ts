// Thai and Lao names read as their romanisations write them. any-ascii reads the letters in the order they are
// written, but both scripts write the vowels เ แ โ ใ ไ (ເ ແ ໂ ໃ ໄ) before the consonant they follow in speech
// (เซียร์เกย์ `esiyreky` for Sergei, ลูกาเชนโก `lukaechnok` for Lukashenko), and อ (ອ) is a silent carrier of a vowel at
// the start of a syllable, the vowel o only between consonants (อัลอะซัด `oaloasad` for al-Asad, ลัฟรอฟ lafrof). Here
// each leading vowel is read after its consonant (with the vowel letters it combines with: เ-ีย ia, เ-ือ uea, เ-า ao,
// เ-อ oe), อ as a carrier or an o, ห before a sonorant as the silent tone mark it is (หม m), ั before ว as ua,
// and each consonant as the Royal Thai General System writes it at the start of a syllable (Lao: the Lao
// romanisation's, ຊ s, ຍ ny), a letter under the silent mark ์ (໌) left out (สุรินทร์ Surinth).
// The foreign reading is a foreign name's transcription read back: the aspirated letters Thai and Lao write for a
// foreign k, t, p and j as those (ค k, ท t, พ p, จ j: คิม จอง Kim Jong, not khim chong), ช as sh (บัชชาร Bashar), and the
// letter under the silent mark kept (the foreign spelling it shows: ร์ in เซียร์เกย์, Sergei).
// The two blocks share their layout, Lao 0x80 above Thai.

const THAI = 0x0e00;
const LAO = 0x0e80;

// By offset from the block's start (Thai letters; Lao has most of them at the same offsets).
const THAI_CONSONANTS: Readonly<Record<number, string>> = {
  0x01: 'k',
  0x02: 'kh',
  0x03: 'kh',
  0x04: 'kh',
  0x05: 'kh',
  0x06: 'kh',
  0x07: 'ng',
  0x08: 'ch',
  0x09: 'ch',
  0x0a: 'ch',
  0x0b: 's',
  0x0c: 'ch',
  0x0d: 'y',
  0x0e: 'd',
  0x0f: 't',
  0x10: 'th',
  0x11: 'th',
  0x12: 'th',
  0x13: 'n',
  0x14: 'd',
  0x15: 't',
  0x16: 'th',
  0x17: 'th',
  0x18: 'th',
  0x19: 'n',
  0x1a: 'b',
  0x1b: 'p',
  0x1c: 'ph',
  0x1d: 'f',
  0x1e: 'ph',
  0x1f: 'f',
  0x20: 'ph',
  0x21: 'm',
  0x22: 'y',
  0x23: 'r',
  0x25: 'l',
  0x27: 'w',
  0x28: 's',
  0x29: 's',
  0x2a: 's',
  0x2b: 'h',
  0x2c: 'l',
  0x2e: 'h',
};
const LAO_CONSONANTS: Readonly<Record<number, string>> = {
  ...THAI_CONSONANTS,
  0x0a: 's', // ຊ
  0x0d: 'ny', // ຍ
  0x1b: 'p',
  0x22: 'y', // ຢ
  0x27: 'v', // ວ
  0x1e: 'ph',
  0x1f: 'f',
  0x1d: 'f',
  0x1c: 'ph',
  0x3c: 'l', // ຼ subscript l
  0x5c: 'n', // ໜ
  0x5d: 'm', // ໝ
};
// A foreign name's k, t, p, j and sh, by offset (Thai and Lao).
const FOREIGN: Readonly<Record<number, string>> = {
  0x02: 'k',
  0x03: 'k',
  0x04: 'k',
  0x05: 'k',
  0x06: 'k',
  0x08: 'j',
  0x0a: 'sh',
  0x10: 't',
  0x11: 't',
  0x12: 't',
  0x16: 't',
  0x17: 't',
  0x18: 't',
  0x1c: 'p',
  0x1e: 'p',
  0x20: 'p',
};
const THAI_FOREIGN: Readonly<Record<number, string>> = { ...THAI_CONSONANTS, ...FOREIGN };
// Lao ຊ is s already.
const LAO_FOREIGN: Readonly<Record<number, string>> = { ...LAO_CONSONANTS, ...FOREIGN, 0x0a: 's' };
const SILENT = 0x4c; // ์ ໌
const CARRIER = 0x2d; // อ ອ
const H = 0x2b; // ห ຫ
const R = 0x23; // ร ຣ
const W = 0x27; // ว ວ
const Y = 0x22; // ย ຢ
const SONORANTS = new Set([0x07, 0x0d, 0x19, 0x21, 0x22, 0x23, 0x25, 0x27]);
// Vowel signs written after (or above, below) the consonant.
const VOWELS: Readonly<Record<number, string>> = {
  0x30: 'a',
  0x31: 'a',
  0x32: 'a',
  0x33: 'am',
  0x34: 'i',
  0x35: 'i',
  0x36: 'ue',
  0x37: 'ue',
  0x38: 'u',
  0x39: 'u',
  0x3b: 'o', // Lao ົ
  0x3d: 'ia', // Lao ຽ
  0x4d: 'o', // Lao ໍ
};
const LEADING: Readonly<Record<number, string>> = {
  0x40: 'e',
  0x41: 'ae',
  0x42: 'o',
  0x43: 'ai',
  0x44: 'ai',
};
const E = 0x40;
const SIGN_I = 0x34;
const SIGN_II = 0x35;
const SIGN_UEE = 0x37;
const SIGN_AA = 0x32;
const SIGN_A = 0x30;
const SIGN_HAN = 0x31;

const RUN = /[\u0e00-\u0eff]+/gu;

/**
 * Thai and Lao runs of a text read as Latin letters (any other text kept as it is). `foreign`: as a foreign name's
 * transcription, read back (see above); `silent`: with the letters under the silent mark (the foreign reading's
 * default).
 */
export function thaiLetters(text: string, foreign = false, silent = foreign): string {
  return text.replace(RUN, (run) => readRun(run, foreign, silent));
}

function readRun(run: string, foreign: boolean, keepSilent: boolean): string {
  const cps = [...run].map((c) => c.codePointAt(0)!);
  const base = cps[0]! >= LAO ? LAO : THAI;
  const consonants =
    base === LAO ? (foreign ? LAO_FOREIGN : LAO_CONSONANTS) : foreign ? THAI_FOREIGN : THAI_CONSONANTS;
  const off = (i: number): number => (i < cps.length ? cps[i]! - base : -1);
  const isConsonant = (i: number): boolean => off(i) in consonants || off(i) === CARRIER;
  let out = '';
  // Whether the last letter read was a consonant still waiting for its vowel.
  let bare = false;
  for (let i = 0; i < cps.length; i++) {
    const o = off(i);
    const leading = LEADING[o];
    if (leading !== undefined && isConsonant(i + 1)) {
      // The consonant (a carrier อ reads nothing), then the vowel with the signs it combines with.
      const c = off(i + 1);
      out += c === CARRIER ? '' : consonants[c]!;
      let j = i + 2;
      let vowel = leading;
      if (o === E) {
        const next = off(j);
        if ((next === SIGN_II && off(j + 1) === Y) || next === 0x3d) {
          vowel = 'ia';
          j += next === 0x3d ? 1 : 2;
        } else if (next === SIGN_UEE && off(j + 1) === CARRIER) {
          vowel = 'uea';
          j += 2;
        } else if (next === SIGN_AA) {
          vowel = off(j + 1) === SIGN_A ? 'o' : 'ao';
          j += off(j + 1) === SIGN_A ? 2 : 1;
        } else if (next === CARRIER && !(off(j + 1) in VOWELS)) {
          vowel = 'oe';
          j += 1;
        } else if (base === LAO && next === SIGN_HAN) {
          vowel = 'e'; // ເ-ັ, the short e
          j += 1;
        } else if (next === SIGN_I || (base === LAO && next === SIGN_II)) {
          vowel = 'oe';
          j += 1;
        }
      }
      out += vowel;
      bare = false;
      i = j - 1;
      continue;
    }
    if (o === CARRIER) {
      // Between a bare consonant and a consonant (or the end), the vowel o; else a silent carrier.
      const nextIsVowel = off(i + 1) in VOWELS;
      if (bare && !nextIsVowel) out += 'o';
      bare = false;
      continue;
    }
    if (o === H && SONORANTS.has(off(i + 1)) && !bare) continue;
    // รร after a consonant is the vowel a, closed by n at the end of a word (สุวรรณ Suwan, สรร San).
    if (o === R && off(i + 1) === R && bare) {
      out += i + 2 >= cps.length ? 'an' : 'a';
      i++;
      bare = false;
      continue;
    }
    if (o === SIGN_HAN && off(i + 1) === W) {
      out += 'ua';
      i++;
      bare = false;
      continue;
    }
    const consonant = consonants[o];
    if (consonant !== undefined) {
      // A letter under the silent mark (with its vowel sign, if any) is not said.
      const silent = off(i + 1) === SILENT || (off(i + 1) in VOWELS && off(i + 2) === SILENT);
      if (silent && !keepSilent) {
        i += off(i + 1) === SILENT ? 1 : 2;
        continue;
      }
      out += consonant;
      bare = true;
      continue;
    }
    const vowel = VOWELS[o];
    if (vowel !== undefined) {
      out += vowel;
      bare = false;
      continue;
    }
    // Tone marks, ็, the silent mark and repetition signs read nothing; digits are digits.
    if (o >= 0x50 && o <= 0x59) out += String(o - 0x50);
  }
  return out;
}

// Consonant-class "sound" keys for names transcribed into Chinese characters or Hangul and back.
//
// A foreign name written in Han or Hangul comes back from transliteration as syllables with vowels inserted
// between consonants ("Nikolayevich" -> 尼古拉耶维奇 -> ni gu la ye wei qi; "Sergei" -> 세르게이 -> se leu ge i).
// Its vowels and exact consonants are lost, but the order of consonant classes survives: labials, dentals,
// velars, sibilants, liquids (l and r are one sound in both languages), nasals. Both sides are reduced to that
// sequence of classes (P T K S L M N), so "ni gu la ye wei qi" and "nikolayevich" both give NKLPS.

/**
 * Every class sequence a Latin spelling may be heard as after transcription: the plain reading, then readings
 * with the changes Chinese and Korean transcriptions make (a final r dropped: Kantor -> kan te; soft g and d
 * before i or y: Dugin -> du jin, Vladimir -> fu la ji mi er, Gennady -> gen na ji; x and ks as s: Alexander,
 * Aleksandr -> ya li shan da; Slavic j as y: Zeljko -> jel li ko; th as s: Elizabeth -> el li ja be seu; chr
 * and chl as kr and kl: Christian -> ke li si di an; an r before a consonant dropped: Armstrong -> 암스트롱).
 * Deduplicated, plain reading first.
 */
export function latinSounds(text: string, writtenR = false): string[] {
  const spellings = latinSpellings(text, writtenR);
  const out: string[] = [];
  for (const s of spellings) {
    const sound = latinSound(s);
    if (sound !== '' && !out.includes(sound)) out.push(sound);
  }
  return out;
}

/**
 * The readings of a Latin token with its initial h (before a vowel) said as a velar, where three classes remain, beyond
 * latinSounds: Chinese writes that h with a syllable of h (哈罗恩 ha luo en KLN Haroun, 侯赛因 KSN Hussein), which
 * pinyinSounds reads as a velar in a word of three characters or more. Not in the index (a Han word reaches the token
 * by its plain reading, without the h): they pair a Han word's initial h read so only (score-names.ts), not Hangul or
 * kana, which write the h as an h, nor a Han word's own velar (亀井 gui jing KSN is no Hossein; measured, each paired
 * clean Korean and Japanese names). Memoised.
 */
export function initialHSounds(text: string): readonly string[] {
  if (text.charCodeAt(0) !== _h || !/^h[aeiou]/.test(text)) return NO_SOUNDS;
  let r = initialHCache.get(text);
  if (r === undefined) {
    if (initialHCache.size >= 100_000) initialHCache.clear();
    const plain = latinSounds(text);
    const out: string[] = [];
    for (const s of latinSpellings(text)) {
      if (!s.startsWith('h')) continue;
      const sound = latinSound(`k${s.slice(1)}`);
      if (sound.length >= 3 && !plain.includes(sound) && !out.includes(sound)) out.push(sound);
    }
    initialHCache.set(text, (r = out.length === 0 ? NO_SOUNDS : out));
  }
  return r;
}
const initialHCache = new Map<string, readonly string[]>();

/** latinSounds(text, true), memoised (asked for each Arabic or Hebrew token paired by sound). */
export function writtenRSounds(text: string): readonly string[] {
  let r = writtenRCache.get(text);
  if (r === undefined) {
    if (writtenRCache.size >= 100_000) writtenRCache.clear();
    writtenRCache.set(text, (r = latinSounds(text, true)));
  }
  return r;
}
const writtenRCache = new Map<string, readonly string[]>();

/**
 * The spellings latinSounds reads (the text, then its variants), deduplicated. `writtenR`: without the reading
 * that drops an r before a consonant, for scripts that write every r (Arabic, Hebrew), and with a ch read as the kh
 * of Hebrew ח.
 */
export function latinSpellings(text: string, writtenR = false): string[] {
  const changes = writtenR ? WRITTEN_R_ONLY : LATIN_VARIANTS;
  // Most tokens take none of the changes (this runs for every distinct listed token): no copies.
  if (!changes.some((change) => change(text) !== text)) return [text];
  const spellings = [text];
  for (const change of changes)
    for (let i = 0, n = spellings.length; i < n; i++) {
      const v = change(spellings[i]!);
      if (v !== spellings[i] && !spellings.includes(v)) spellings.push(v);
    }
  return spellings;
}

// Each change returns its input unchanged when it does not apply (checked without a regular expression first:
// these run for every distinct listed token).
const WRITTEN_R_VARIANTS: ReadonlyArray<(s: string) => string> = [
  // German (and Dutch, Scottish) ch after a vowel, l, r or n and before a consonant or at the end of the word is the
  // velar kh (Reich -> רייך, Ulrich -> אולריך, Koch -> 코크 or 코흐, Lerch -> レルヒ), which Hebrew and Arabic write as a
  // velar and Korean and Japanese as an h (Friedrich -> 프리드리히): read as kh, dropped as an h by the plain reading,
  // a k by the next change. Not the ch of a Slavic -vich (Ivanovich -> 伊万诺维奇, איבנוביץ'), nor a final ch after a
  // single e, the English k of Tech (measured: Petrotech read PTLT paired a clean Arabic name at permissive), nor the
  // Greek ch before n (Technology, Technik: a k).
  (s) =>
    s.includes('ch')
      ? s.replace(/(?<=[aeiouylrn])(?<!v[iy])(?:ch(?=[^aeiouyhn])|(?<![^aeiou]e)ch$)/g, 'kh')
      : s,
  // Arabic kh and gh are consonants (خ, غ) that the plain reading drops with h.
  (s) => (s.includes('h') ? s.replace(/kh|gh/g, 'k') : s),
  (s) => (s.length > 3 && s.endsWith('r') ? s.slice(0, -1) : s),
  (s) => (s.includes('g') ? s.replace(/g(?=[eiy])/g, 'j') : s),
  (s) => (s.includes('di') || s.includes('dy') ? s.replace(/d(?=[iy])/g, 'j') : s),
  // d before j, or before a soft g, is part of the j (Djokovic -> 조코비치, Radjou -> 라쥬, Hodges -> 호지스).
  (s) => (s.includes('dj') || s.includes('dg') ? s.replace(/d(?=j|g[eiy])/g, '') : s),
  // ...and t before i in a final syllable: Putin -> 普京 pu jing, Rasputin -> 拉斯普京, Putina -> 普京娜.
  (s) => (s.includes('tin') ? s.replace(/tin(?=[aeo]?$)/, 'jin') : s),
  (s) => (s.includes('x') || s.includes('ks') ? s.replace(/x|ks/g, 's') : s),
  (s) => (s.includes('j') ? s.replace(/j/g, 'y') : s),
  (s) => (s.includes('th') ? s.replace(/th/g, 's') : s),
  // Greek ch before r or l is k in every transcription (Christian -> 크리스티안, 克里斯蒂安, כריסטיאן).
  (s) => (s.includes('chr') || s.includes('chl') ? s.replace(/ch(?=[rl])/g, 'k') : s),
  // ...and ch before e or i in Italian names, and before ae (Michele -> 미켈레, Marchetti -> 마르케티, Michael -> 마이클,
  // 邁克爾, マイケル).
  (s) =>
    s.includes('che') || s.includes('chi') || s.includes('chae')
      ? s.replace(/(?<![st])ch(?=[ei]|ae)/g, 'k')
      : s,
  // The Slavic -ić folded to -ic is said -ich, as transcriptions write it (Petrović -> 페트로비치, פטרוביץ'; Mladić ->
  // 穆拉迪奇, Bakić -> 바키치); the plain reading keeps the k of Eric or Dominic.
  (s) => (s.length >= 4 && s.endsWith('ic') ? `${s}h` : s),
  // French -ques at the end of a word is said k (Jacques -> 자크, ז'אק, 雅克; Pasques), as its transcriptions write it.
  (s) => (s.length >= 6 && s.endsWith('ques') ? s.replace(/c?ques$/, 'k') : s),
  // Polish rz after a consonant, at the start or before a vowel is zh (Ostrzega -> אוסטשגה, Brzezinski -> 브레진스키,
  // Jerzy -> 예지).
  (s) => (s.includes('rz') ? s.replace(/(?:(?<=^|[^aeiouy])rz|rz(?=[aeiouy]))/g, 'zh') : s),
  // The silent final t of French -et, -ot, -aut and -ault (Arsenault -> ארסינו, Bachelet -> 바슐레), where three
  // classes remain (Malot, Olivet keep two, which pair by chance).
  frenchFinalT,
  // English kn at the start of a word is said n, as transcriptions write it (Knox -> 녹스, 諾克斯; Knight -> 나이트).
  (s) => (s.startsWith('kn') ? s.slice(1) : s),
  // English w after a vowel is part of the vowel (Darrow -> 대로, Gowen -> 고언, Howe -> האו); after an e it is said u
  // (Andrew -> אנדרו, Matthew -> מתיו, a vav: vowel-gaps.ts reads its quality).
  (s) =>
    s.includes('w')
      ? s.replace(/(?<=e)w(?![aeiouy])/g, 'u').replace(/(?<=[aeo])w(?![aeiouy])|(?<=[aeo])w(?=e[nlr]?$)/g, '')
      : s,
];
const LATIN_VARIANTS: ReadonlyArray<(s: string) => string> = [
  ...WRITTEN_R_VARIANTS,
  silentR,
  silentFinalT,
  vowelH,
];

// An h after a vowel (Arabic ح and ه inside or at the end of a word, Turkish, Dutch and German h) is said, and Chinese
// writes it with a syllable of h, which pinyinSounds reads as a velar too (Ahmed -> 艾哈迈德 ai ha mai de KMT, Muhammad
// -> 穆罕默德 MKMT, Saleh -> 萨利赫 SLK, Mehmet -> 梅赫梅特 MKMT); the plain reading drops it. Only where the reading
// keeps three classes, as silentR (measured: Ullah read LK paired the clean Japanese name 日高 ri gao, and John read KN
// the Korean 가윤 ga yun).
function vowelH(s: string): string {
  if (!s.includes('h')) return s;
  const v = s.replace(/(?<=[aeiou])h/g, 'k');
  return v !== s && latinSound(v).length >= 3 ? v : s;
}
// Hebrew names write ח as ch in Latin letters, at the start of a word and between vowels too (Chen -> חן, Yechiel ->
// יחיאל, Rachel -> רחל, Baruch -> ברוך), which Hebrew reads as no class (as an h: hebrew-sound.ts): read as kh, then
// dropped (not the Greek ch before r, l or n, nor the final ch of Tech, as above). For the
// scripts that write every r only, and so only for a word of one class left over (score-names.ts leftoverSound) and a
// near sound: the index keeps the sounds of LATIN_VARIANTS.
const WRITTEN_R_ONLY: ReadonlyArray<(s: string) => string> = [
  (s) => (s.includes('ch') ? s.replace(/(?<![st])(?:ch(?=[^rln])|(?<!(?:^|[^aeiou])e)ch$)/g, 'kh') : s),
  ...WRITTEN_R_VARIANTS,
];

function frenchFinalT(s: string): string {
  if (!s.endsWith('t') || !/(?:[^t]e|[^t]o|aul?)t$/.test(s)) return s;
  const v = s.replace(/l?t$/, '');
  return latinSound(v).length >= 3 ? v : s;
}

// The silent final t of French -ent and -ant, which Chinese, Korean and Japanese transcriptions leave out (Laurent ->
// 洛朗 luo lang, 로랑, ローラン; Vincent -> 뱅상): in words of six letters or more (Kent, Grant, Brent say theirs).
function silentFinalT(s: string): string {
  return s.length >= 6 && s.endsWith('nt') && /[ae]nt$/.test(s) ? s.slice(0, -1) : s;
}

// An r after a vowel and before a consonant, which English leaves unsounded and Chinese, Korean and Japanese
// transcriptions of English names leave out (Armstrong -> 암스트롱, Cardona -> 卡多纳 ka duo na, Marquez -> 馬奎斯);
// only where the reading keeps three classes: two are common enough to pair by chance (Mark read as Mak, M K;
// measured, reading two raised alerts on clean Korean names: 한국 hanguk N K as Energy).
function silentR(s: string): string {
  if (!s.includes('r')) return s;
  const v = s.replace(/(?<=[aeiouy])r(?=[^aeiouyr])/g, '');
  return v !== s && latinSound(v).length >= 3 ? v : s;
}

/**
 * The one-class readings of a Latin spelling with every r after a vowel and before a consonant left out, as Chinese,
 * Korean and Japanese transcriptions leave it (George -> 조지 jo ji, S; Hernan -> 荷南 he nan, N; Ernst -> 恩斯特
 * would keep three), for a one-class script word left over (score-names.ts leftoverSound): latinSounds keeps such a
 * reading only where three classes remain, as a word of two classes or more pairs by chance; a word left over pairs
 * only beside a firmer pair. Empty when none.
 */
export function droppedROneClass(text: string): readonly string[] {
  if (!text.includes('r')) return NO_SOUNDS;
  let out: string[] | null = null;
  for (const s of latinSpellings(text)) {
    const sound = latinSound(s.replace(/(?<=[aeiouy])r(?=[^aeiouyr])/g, ''));
    if (sound.length === 1 && !(out ?? NO_SOUNDS).includes(sound)) (out ??= []).push(sound);
  }
  return out ?? NO_SOUNDS;
}

/**
 * The readings of a Latin spelling that only a Chinese transcription gives, beyond latinSounds, where two classes
 * remain: an r after a vowel and before a consonant left out (Mark -> 馬克 ma ke, Artem -> 阿特姆, Gerhard -> 格哈德,
 * Parviz -> 帕維斯, Farhadi -> 法哈蒂), as Chinese transcriptions of English, Spanish and Persian names do, an l there
 * left out too (Elvis -> 艾維斯 ai wei si, Colpi -> 柯比; the keys that reach an r reach it: L is one class), and a final
 * consonant b, d or g left out (David -> 大衛 da wei, Najib -> 纳吉 na ji). latinSounds
 * keeps them where two classes would remain because Hangul pairs by chance on two (한국 N K is no Energy), so these
 * pair with Han words only (score-names.ts soundSimilarity), at fuzzy_search's two-class similarity. Memoised.
 */
export function hanOnlySounds(text: string): readonly string[] {
  let r = hanOnlyCache.get(text);
  if (r === undefined) {
    if (hanOnlyCache.size >= 100_000) hanOnlyCache.clear();
    hanOnlyCache.set(text, (r = makeHanOnlySounds(text)));
  }
  return r;
}
const hanOnlyCache = new Map<string, readonly string[]>();

function makeHanOnlySounds(text: string): readonly string[] {
  const finalConsonant = FINAL_CONSONANT.test(text);
  const l = text.includes('l');
  if (!text.includes('r') && !l && !finalConsonant) return NO_SOUNDS;
  const plain = latinSounds(text);
  const out: string[] = [];
  const add = (sound: string): void => {
    if (sound.length === 2 && !plain.includes(sound) && !out.includes(sound)) out.push(sound);
  };
  for (const s of latinSpellings(text)) {
    if (s.includes('r')) add(latinSound(s.replace(/(?<=[aeiouy])r(?=[^aeiouyr])/g, '')));
    if (l && s.includes('l')) add(latinSound(s.replace(/(?<=[aeiouy])l(?=[^aeiouylr])/g, '')));
    if (finalConsonant) {
      const sound = latinSound(s);
      if (sound.length === 3) add(sound.slice(0, 2));
    }
  }
  return out.length === 0 ? NO_SOUNDS : out;
}
// The final consonants a Chinese transcription leaves out: voiced stops (a final t, k, s or n it writes: 特 te, 克 ke,
// 斯 si, 恩 en; and a final l as 尔 er or 勒 le, or not: Hannibal -> 汉尼拔, but reading it left out pairs too many clean
// names by chance, measured: 明 ming as Manal, 太陽 tai yang as Daniel).
const FINAL_CONSONANT = /[aeiouy][bdg]$/;
const NO_SOUNDS: readonly string[] = [];

/**
 * The sounds a Han word of two classes looks up to reach the Latin tokens hanOnlySounds pairs it with: an L put before
 * either class (Artem LTM for 阿特姆 TM, Mark MLK for 馬克 MK), or between them with the first class again after it
 * (Parviz PLPS for 帕維斯 PS); a class after both (David TPT for 大衛 TP).
 */
export function hanOnlyKeys(sound: string): readonly string[] {
  if (sound.length !== 2) return NO_SOUNDS;
  let keys = hanKeyCache.get(sound);
  if (keys === undefined) {
    const x = sound[0]!;
    const y = sound[1]!;
    // An r after an l, or before one, leaves the sound as it was (Karl KL): nothing to look up there.
    const r =
      x === 'L'
        ? []
        : y === 'L'
          ? [`L${sound}`, `${x}L${sound}`]
          : [`L${sound}`, `${x}L${y}`, `${x}L${sound}`];
    const last = ['P', 'T', 'K'].filter((c) => c !== y).map((c) => sound + c);
    hanKeyCache.set(sound, (keys = [...r, ...last]));
  }
  return keys;
}
const hanKeyCache = new Map<string, readonly string[]>();

let soundA = new Uint8Array(128);
let soundB = new Uint8Array(128);

/**
 * Latin spelling -> class sequence (h, y and vowels carry no class; doubled classes collapse). Byte passes that
 * apply, in this order: sch|sh|ch|zh|tch|ts|tz|j -> S; kh|gh|h dropped; ck|qu|q -> K; c before e/i/y -> S;
 * x -> KS; a final ng -> N; then letters to classes (b p f v w: P; d t: T; g k c: K; s z: S; l r: L; m: M;
 * n: N), everything else dropped.
 */
export function latinSound(text: string): string {
  if (text.length * 2 + 2 > soundA.length) {
    soundA = new Uint8Array(text.length * 2 + 2);
    soundB = new Uint8Array(text.length * 2 + 2);
  }
  let a = soundA;
  let b = soundB;
  let n = text.length;
  for (let i = 0; i < n; i++) a[i] = text.charCodeAt(i);
  let w = 0;
  // sch|tch -> S; sh|ch|zh|ts|tz -> S; j -> S
  for (let r = 0; r < n;) {
    const c = a[r]!;
    const c1 = r + 1 < n ? a[r + 1]! : 0;
    const c2 = r + 2 < n ? a[r + 2]! : 0;
    let len = 0;
    if ((c === _s || c === _t) && c1 === _c && c2 === _h) len = 3;
    else if ((c === _s || c === _c || c === _z) && c1 === _h) len = 2;
    else if (c === _t && (c1 === _s || c1 === _z)) len = 2;
    else if (c === _j) len = 1;
    if (len > 0) {
      b[w++] = S_;
      r += len;
    } else b[w++] = a[r++]!;
  }
  [a, b, n, w] = [b, a, w, 0];
  // kh|gh|h dropped
  for (let r = 0; r < n;) {
    const c = a[r]!;
    if ((c === _k || c === _g) && r + 1 < n && a[r + 1] === _h) r += 2;
    else if (c === _h) r++;
    else b[w++] = a[r++]!;
  }
  [a, b, n, w] = [b, a, w, 0];
  // ck|qu|q -> K
  for (let r = 0; r < n;) {
    const c = a[r]!;
    const c1 = r + 1 < n ? a[r + 1]! : 0;
    if ((c === _c && c1 === _k) || (c === _q && c1 === _u)) {
      b[w++] = K_;
      r += 2;
    } else if (c === _q) {
      b[w++] = K_;
      r++;
    } else b[w++] = a[r++]!;
  }
  [a, b, n, w] = [b, a, w, 0];
  // c(e|i|y) -> S; x -> KS
  for (let r = 0; r < n; r++) {
    const c = a[r]!;
    const next = r + 1 < n ? a[r + 1]! : 0;
    if (c === _c && (next === _e || next === _i || next === _y)) b[w++] = S_;
    else if (c === _x) {
      b[w++] = K_;
      b[w++] = S_;
    } else b[w++] = c;
  }
  a = b;
  n = w;
  if (n >= 2 && a[n - 2] === _n && a[n - 1] === _g) a[--n - 1] = N_; // final ng -> N
  let out = '';
  let last = 0;
  for (let r = 0; r < n; r++) {
    const cls = LETTER_CLASS[a[r]!] ?? 0;
    if (cls !== 0 && cls !== last) {
      out += String.fromCharCode(cls);
      last = cls;
    }
  }
  return out;
}

// Letter codes the passes compare with.
const _c = 99,
  _e = 101,
  _g = 103,
  _h = 104,
  _i = 105,
  _j = 106,
  _k = 107,
  _n = 110,
  _q = 113,
  _s = 115,
  _t = 116,
  _u = 117,
  _x = 120,
  _y = 121,
  _z = 122;
const S_ = 83;
const K_ = 75;
const N_ = 78;

// Lower-case letters to their class, the class letters to themselves, everything else 0 (dropped).
const LETTER_CLASS = new Uint8Array(128);
for (const [letters, cls] of [
  ['bpfvw', 'P'],
  ['dt', 'T'],
  ['gkc', 'K'],
  ['sz', 'S'],
  ['lr', 'L'],
  ['m', 'M'],
  ['n', 'N'],
  ['PTKSLMN', ''],
] as const)
  for (const ch of letters) LETTER_CLASS[ch.charCodeAt(0)] = (cls || ch).charCodeAt(0);

/** Pinyin syllables (any-ascii of Han characters, one per character) -> class sequence. */
export function pinyinSound(syllables: readonly string[]): string {
  return readPinyin(syllables, 0);
}

/**
 * The class sequence, then the readings of characters that transcribe more than one sound: j (加 jia, 基 ji) for g or
 * k as well as j (Gavrilov -> jia fu li luo fu), x (希 xi) for an h that other spellings drop as well as s or sh
 * (Rahim -> la xi mu), 乌 wu for a vowel u as well as w or v (Ustinov -> wu si di nuo fu), and h (哈 ha, 赫 he), said
 * as the velar it is, for an Arabic kh or Russian kh (Khalil -> 哈利勒 ha li lei, Mukhtar -> 穆合塔尔) as well as for
 * an h other spellings drop; and, for words of
 * two or more characters, a last syllable's final n or ng as m (Ibrahim -> yi bo la xin, Adam -> ya dang).
 */
export function pinyinSounds(syllables: readonly string[]): string[] {
  // The readings of ambiguous characters only for words of three or more: shorter ones are as often a Chinese or Japanese name's own
  // characters (吉原, 西本), where more readings only pair more names by chance.
  const masks = syllables.length >= 3 ? 16 : 1;
  const out = new Set<string>();
  // Mandarin ends no syllable in m: a foreign final m is written with a final n or ng (Ibrahim -> 易卜拉欣 yi bo la
  // xin, Adam -> 亞當 ya dang, Naeem -> 奈恩 nai en). A word of one character is a Chinese name's own.
  const finalM = syllables.length >= 2 && syllables.some((_, i) => nasalAsM(syllables, i));
  for (let mask = 0; mask < masks; mask++) {
    out.add(readPinyin(syllables, mask));
    if (finalM) out.add(readPinyin(syllables, mask | N_AS_M));
  }
  // A word of two characters with 加 or 迦 jia, the characters for ga (Ghani -> 加尼, Vega -> 維加, Agha -> 阿迦), rarely a
  // Chinese or Japanese name's own (吉 ji, 及 ji are: 吉原, 及川), reads j as g too.
  if (syllables.length === 2 && syllables.includes('jia')) out.add(readPinyin(syllables, J_AS_K));
  return [...out];
}

const J_AS_K = 1;
const X_AS_H = 2;
const WU_AS_U = 4;
const H_AS_K = 8;
const N_AS_M = 16;

// A syllable's final n or ng that may write an m: at the end of the word, or before a labial (Lambiel -> 兰比尔 lan bi
// er, Champlin -> 查普琳).
function nasalAsM(syllables: readonly string[], i: number): boolean {
  if (!/ng?$/.test(syllables[i]!)) return false;
  return i === syllables.length - 1 || /^[bpf]/.test(syllables[i + 1]!);
}

function readPinyin(syllables: readonly string[], mask: number): string {
  let out = '';
  syllables.forEach((syl, i) => {
    if (syl === 'er') {
      out += 'L';
      return;
    }
    if (syl === 'wu' && mask & WU_AS_U) return;
    const m = /^(zh|ch|sh|[bpmfdtnlgkhjqxzcsrwy])?([a-z]*)$/.exec(syl);
    if (!m) return;
    const initial = m[1] ?? '';
    if (initial === 'j' && mask & J_AS_K) out += 'K';
    else if (initial === 'h' && mask & H_AS_K) out += 'K';
    else if (initial !== 'x' || !(mask & X_AS_H)) out += PINYIN_INITIAL[initial] ?? '';
    const fin = m[2] ?? '';
    // A nasal final before a nasal initial spells a doubled consonant (Muhammad -> mu han mo de).
    const nextNasal = /^[mn]/.test(syllables[i + 1] ?? '');
    if ((fin.endsWith('ng') || fin.endsWith('n')) && !nextNasal)
      out += mask & N_AS_M && nasalAsM(syllables, i) ? 'M' : 'N';
  });
  return collapse(out);
}

const PINYIN_INITIAL: Readonly<Record<string, string>> = {
  b: 'P',
  p: 'P',
  f: 'P',
  w: 'P',
  d: 'T',
  t: 'T',
  g: 'K',
  k: 'K',
  zh: 'S',
  ch: 'S',
  sh: 'S',
  j: 'S',
  q: 'S',
  x: 'S',
  z: 'S',
  c: 'S',
  s: 'S',
  l: 'L',
  r: 'L',
  m: 'M',
  n: 'N',
  h: '',
  y: '',
  '': '',
};

/** Revised-Romanisation syllables (any-ascii of Hangul, one per block) -> class sequence. */
export function hangulSound(syllables: readonly string[]): string {
  let out = '';
  for (const syl of syllables) {
    const m = /^(kk|tt|pp|ss|jj|ch|[gkdtbpjsmnlrh])?([aeiouwy]+)(ng|[gkdtbpsmnlrh])?$/.exec(syl);
    if (!m) continue;
    // A syllable with no initial consonant that starts with w (와 wa, 위 wi, 윙 wing) transcribes a w or v.
    if (m[1] === undefined && m[2]!.startsWith('w')) out += 'P';
    out += HANGUL_CONSONANT[m[1] ?? ''] ?? '';
    // A final ㅅ (any-ascii: s) is pronounced t, and transcribes a final t (브렛 Brett, 스밋 Smit).
    out += m[3] === 's' ? 'T' : (HANGUL_CONSONANT[m[3] ?? ''] ?? '');
  }
  return collapse(out);
}

const HANGUL_CONSONANT: Readonly<Record<string, string>> = {
  g: 'K',
  k: 'K',
  kk: 'K',
  d: 'T',
  t: 'T',
  tt: 'T',
  b: 'P',
  p: 'P',
  pp: 'P',
  j: 'S',
  jj: 'S',
  ch: 'S',
  s: 'S',
  ss: 'S',
  l: 'L',
  r: 'L',
  m: 'M',
  n: 'N',
  ng: 'N',
  h: '',
  '': '',
};

function collapse(s: string): string {
  return s.replace(/(.)\1+/g, '$1');
}

/** The consonant classes a sound is written in. */
const CLASSES = 'PTKSLMN';

/**
 * Near sounds (fuzzy_search): two class sequences one edit apart (a class changed, missing, extra, or two adjacent
 * classes swapped), the longer of at least NEAR_SOUND_MIN_LONGER classes and the shorter of at least
 * NEAR_SOUND_MIN_SHORTER. A transcription loses or adds a consonant (Rodolfo -> 魯道夫 lu dao fu: LTP for LTLP;
 * Friedrich -> 프리드리히: PLTL for PLTLS; Petrović -> 페트로비치: PTLPS for PTLPK), which the exact sound misses;
 * three classes left in order are still evidence where two are not.
 */
export const NEAR_SOUND_MIN_LONGER = 4;
export const NEAR_SOUND_MIN_SHORTER = 3;

/** Whether `a` and `b` are near sounds (see NEAR_SOUND_MIN_LONGER); equal sounds are not. */
export function nearSounds(a: string, b: string): boolean {
  if (a === b) return false;
  const [short, long] = a.length <= b.length ? [a, b] : [b, a];
  if (long.length < NEAR_SOUND_MIN_LONGER || short.length < NEAR_SOUND_MIN_SHORTER) return false;
  if (long.length - short.length > 1) return false;
  let i = 0;
  while (i < short.length && short[i] === long[i]) i++;
  if (long.length > short.length) return short.slice(i) === long.slice(i + 1);
  // Same length: one class changed, or two adjacent swapped.
  if (short.slice(i + 1) === long.slice(i + 1)) return true;
  return (
    i + 1 < short.length &&
    short[i] === long[i + 1] &&
    short[i + 1] === long[i] &&
    short.slice(i + 2) === long.slice(i + 2)
  );
}

/**
 * Every class sequence near `sound` (nearSounds), for looking them up: one class dropped, changed or added, two
 * adjacent swapped, with doubled classes never made (sounds collapse them). Empty for a sound too short.
 */
export function nearSoundKeys(sound: string): readonly string[] {
  let keys = nearKeyCache.get(sound);
  if (keys === undefined) {
    if (nearKeyCache.size >= 10_000) nearKeyCache.clear();
    nearKeyCache.set(sound, (keys = makeNearSoundKeys(sound)));
  }
  return keys;
}
const nearKeyCache = new Map<string, readonly string[]>();

function makeNearSoundKeys(sound: string): string[] {
  const out = new Set<string>();
  const add = (s: string): void => {
    if (!/(.)\1/.test(s) && nearSounds(sound, s)) out.add(s);
  };
  if (sound.length + 1 < NEAR_SOUND_MIN_LONGER || sound.length + 1 < NEAR_SOUND_MIN_SHORTER) return [];
  for (let i = 0; i <= sound.length; i++) {
    if (i < sound.length) add(sound.slice(0, i) + sound.slice(i + 1));
    for (const c of CLASSES) {
      if (i < sound.length) add(sound.slice(0, i) + c + sound.slice(i + 1));
      add(sound.slice(0, i) + c + sound.slice(i));
    }
    if (i + 1 < sound.length) add(sound.slice(0, i) + sound[i + 1] + sound[i] + sound.slice(i + 2));
  }
  return [...out];
}

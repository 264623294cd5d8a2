// Cases of one given name written in another language, and of a name declined in Ukrainian or Russian, made from the
// listed persons' names by tables of this bench (written for it, independent of src/matching/given-name-groups.ts
// and slavic-cases.ts: other spellings, and the declension generated forward, nominative to genitive).
import type { BenchEntry } from './matching-data.js';
import { entryId, entryNames, sampleOf } from './matching-data.js';

export const XLANG_MISS_KINDS = ['given_name_xlang', 'declined_cyrillic'] as const;
export type XlangMissKind = (typeof XLANG_MISS_KINDS)[number];

export const XLANG_MISS_KIND_NOTES: Readonly<Record<XlangMissKind, string>> = {
  given_name_xlang:
    "a listed person's Russian given name and patronymic as another language writes them (Ukrainian, Belarusian, Polish, Czech, German, Hungarian; synthetic, the bench's own table)",
  declined_cyrillic:
    "a listed person's own Russian or Ukrainian Cyrillic alias (real) put in the genitive (synthetic), against their Latin names only",
};

export interface XlangMissCase {
  readonly query: string;
  readonly expected: string;
  readonly listedName: string;
  readonly kind: XlangMissKind;
}

type Rng = () => number;
const LANGS = ['uk', 'be', 'pl', 'cs', 'de', 'hu'] as const;
type Lang = (typeof LANGS)[number];

// Russian spellings (as the lists write them) -> the name in uk, be, pl, cs, de, hu.
const NAMES: ReadonlyArray<
  readonly [readonly string[], readonly [string, string, string, string, string, string]]
> = [
  [['vladimir'], ['Volodymyr', 'Uladzimir', 'Włodzimierz', 'Vladimír', 'Wladimir', 'Vlagyimir']],
  [
    ['aleksandr', 'alexander', 'alexandr'],
    ['Oleksandr', 'Aliaksandr', 'Aleksander', 'Alexandr', 'Alexander', 'Alekszandr'],
  ],
  [
    ['sergei', 'sergey'],
    ['Serhii', 'Siarhei', 'Siergiej', 'Sergej', 'Sergej', 'Szergej'],
  ],
  [
    ['nikolai', 'nikolay'],
    ['Mykola', 'Mikalai', 'Mikołaj', 'Nikolaj', 'Nikolai', 'Nyikolaj'],
  ],
  [
    ['andrei', 'andrey'],
    ['Andrii', 'Andrei', 'Andrzej', 'Andrej', 'Andrei', 'Andrej'],
  ],
  [
    ['aleksei', 'alexei', 'alexey', 'aleksey'],
    ['Oleksii', 'Aliaksei', 'Aleksiej', 'Alexej', 'Alexei', 'Alekszej'],
  ],
  [
    ['dmitry', 'dmitri', 'dmitriy'],
    ['Dmytro', 'Dzmitry', 'Dmitrij', 'Dmitrij', 'Dmitri', 'Dmitrij'],
  ],
  [
    ['yevgeny', 'evgeny', 'evgeniy', 'yevgeniy'],
    ['Yevhen', 'Yauhen', 'Jewgienij', 'Jevgenij', 'Jewgeni', 'Jevgenyij'],
  ],
  [['mikhail'], ['Mykhailo', 'Mikhail', 'Michaił', 'Michail', 'Michail', 'Mihail']],
  [
    ['yuri', 'yury', 'yuriy'],
    ['Yurii', 'Yury', 'Jurij', 'Jurij', 'Juri', 'Jurij'],
  ],
  [['igor'], ['Ihor', 'Ihar', 'Igor', 'Igor', 'Igor', 'Igor']],
  [['oleg'], ['Oleh', 'Aleh', 'Oleg', 'Oleg', 'Oleg', 'Oleg']],
  [['pavel'], ['Pavlo', 'Paval', 'Paweł', 'Pavel', 'Pawel', 'Pavel']],
  [
    ['pyotr', 'petr'],
    ['Petro', 'Piatro', 'Piotr', 'Petr', 'Pjotr', 'Pjotr'],
  ],
  [['viktor'], ['Viktor', 'Viktar', 'Wiktor', 'Viktor', 'Viktor', 'Viktor']],
  [
    ['anatoly', 'anatoliy'],
    ['Anatolii', 'Anatol', 'Anatolij', 'Anatolij', 'Anatoli', 'Anatolij'],
  ],
  [
    ['gennady', 'gennadiy'],
    ['Hennadii', 'Henadz', 'Giennadij', 'Gennadij', 'Gennadi', 'Gennagyij'],
  ],
  [
    ['grigory', 'grigoriy'],
    ['Hryhorii', 'Ryhor', 'Grigorij', 'Grigorij', 'Grigori', 'Grigorij'],
  ],
  [['konstantin'], ['Kostiantyn', 'Kanstantsin', 'Konstanty', 'Konstantin', 'Konstantin', 'Konsztantyin']],
  [['vyacheslav'], ['Viacheslav', 'Viachaslau', 'Wiaczesław', 'Vjačeslav', 'Wjatscheslaw', 'Vjacseszlav']],
  [
    ['valery', 'valeriy'],
    ['Valerii', 'Valery', 'Walerij', 'Valerij', 'Waleri', 'Valerij'],
  ],
  [
    ['vasily', 'vasiliy'],
    ['Vasyl', 'Vasil', 'Wasilij', 'Vasilij', 'Wassili', 'Vaszilij'],
  ],
  [['olga'], ['Olha', 'Volha', 'Olga', 'Olga', 'Olga', 'Olga']],
  [
    ['yelena', 'elena'],
    ['Olena', 'Alena', 'Jelena', 'Jelena', 'Jelena', 'Jelena'],
  ],
  [
    ['tatiana', 'tatyana'],
    ['Tetiana', 'Tatsiana', 'Tatiana', 'Taťána', 'Tatjana', 'Tatyjana'],
  ],
  [
    ['natalia', 'natalya'],
    ['Nataliia', 'Natallia', 'Natalia', 'Natalja', 'Natalja', 'Natalja'],
  ],
  [['svetlana'], ['Svitlana', 'Sviatlana', 'Swietłana', 'Světlana', 'Swetlana', 'Szvetlana']],
];
const BY_RUSSIAN = new Map<string, readonly string[]>();
for (const [ru, forms] of NAMES) for (const r of ru) BY_RUSSIAN.set(r, forms);

// A Russian patronymic's given name: Vladimir-ovich, Nikola-yevich (Nikolai), Serge-yevich (Sergei).
function patronymicName(word: string): { forms: readonly string[]; female: boolean } | null {
  const m = /^(.+?)(ovich|evich|yevich|ovna|evna|yevna)$/.exec(word.toLowerCase());
  if (m === null) return null;
  const stem = m[1]!.replace(/y$/, '');
  for (const given of [stem, `${stem}i`, `${stem}y`, `${stem.replace(/e$/, 'ei')}`, `${stem}ei`]) {
    const forms = BY_RUSSIAN.get(given);
    if (forms !== undefined) return { forms, female: m[2]!.endsWith('na') };
  }
  return null;
}

// The patronymic of a Ukrainian or Belarusian given name, as those languages form it (others keep the listed one).
function patronymic(name: string, lang: Lang, female: boolean): string | null {
  if (lang === 'uk') {
    if (/[aeiou]$/.test(name) && !name.endsWith('i')) {
      const base = name.endsWith('a') ? `${name}i` : name.slice(0, -1);
      return female ? `${base}${name.endsWith('a') ? 'vna' : 'ivna'}` : `${base}ovych`;
    }
    if (name.endsWith('i')) return female ? `${name}vna` : `${name}ovych`;
    return female ? `${name}ivna` : `${name}ovych`;
  }
  if (lang === 'be') {
    if (/[ae]i$/.test(name)) return `${name.slice(0, -1)}${female ? 'euna' : 'evich'}`;
    if (name.endsWith('y')) return `${name}${female ? 'euna' : 'evich'}`;
    return `${name}${female ? 'auna' : 'avich'}`;
  }
  return null;
}

function translate(name: string, lang: Lang): string | null {
  const li = LANGS.indexOf(lang);
  let changed = false;
  const out = name.split(/(\s+|,)/).map((w) => {
    const forms = BY_RUSSIAN.get(w.toLowerCase());
    if (forms !== undefined) {
      changed ||= forms[li]!.toLowerCase() !== w.toLowerCase();
      return forms[li]!;
    }
    const p = patronymicName(w);
    if (p === null) return w;
    const q = patronymic(p.forms[li]!, lang, p.female);
    if (q === null) return w;
    changed = true;
    return q;
  });
  return changed ? out.join('') : null;
}

// The genitive of a Russian or Ukrainian name word, as the grammar forms it (nominative -> genitive).
function genitive(word: string, ukrainian: boolean): string {
  const w = word;
  const rules: ReadonlyArray<readonly [RegExp, string]> = [
    [/(ск|цк)ий$/, '$1ого'],
    [/(ськ|цьк)ий$/, '$1ого'],
    [/ий$/, 'ия'],
    [/ій$/, 'ія'],
    [/ый$/, 'ого'],
    [/ая$/, 'ой'],
    [/ська$/, 'ської'],
    [/ова$/, ukrainian ? 'ової' : 'овой'],
    [/ина$/, ukrainian ? 'іної' : 'иной'],
    [/овна$/, 'овны'],
    [/івна$/, 'івни'],
    [/ія$/, 'ії'],
    [/ья$/, 'ьи'],
    [/ля$/, ukrainian ? 'лі' : 'ли'],
    [/я$/, ukrainian ? 'і' : 'и'],
    [/ка$/, ukrainian ? 'ки' : 'ки'],
    [/га$/, ukrainian ? 'ги' : 'ги'],
    [/а$/, ukrainian ? 'и' : 'ы'],
    [/ко$/, 'ка'],
    [/й$/, 'я'],
    [/ь$/, 'я'],
    [/([бвгґджзклмнпрстфхцчшщ])$/, '$1а'],
  ];
  const lower = w.toLowerCase();
  for (const [re, to] of rules) if (re.test(lower)) return lower.replace(re, to);
  return lower;
}

const LATIN = /^[A-Za-z ,'-]+$/;
const CYRILLIC = /^[\p{Script=Cyrillic}\s,'’-]+$/u;
const UKRAINIAN = /[іїєґ]/u;

/**
 * Up to `perKind` cases of each kind, and the extra entries the declined kind queries (the listed person's Latin
 * names only, list eval_declined). Deterministic for a seed.
 */
export function buildXlangMissCases(
  entries: readonly BenchEntry[],
  perKind: number,
  rng: Rng,
): { cases: XlangMissCase[]; evalEntries: BenchEntry[]; notes: string[] } {
  const persons = entries.filter((e) => e.kind === 'person');
  const cases: XlangMissCase[] = [];
  const evalEntries: BenchEntry[] = [];
  const sample = <T>(xs: readonly T[]): T[] => sampleOf(xs, perKind, rng);
  const xlang: { e: BenchEntry; name: string }[] = [];
  for (const e of persons) {
    const name = entryNames(e).find((n) => LATIN.test(n) && translate(n, 'uk') !== null);
    if (name !== undefined) xlang.push({ e, name });
  }
  for (const { e, name } of sample(xlang)) {
    const lang = LANGS[Math.floor(rng() * LANGS.length)]!;
    const query = translate(name, lang) ?? translate(name, 'uk')!;
    cases.push({ query, expected: entryId(e), listedName: name, kind: 'given_name_xlang' });
  }
  const declined: { e: BenchEntry; native: string; latin: string[] }[] = [];
  for (const e of persons) {
    const latin = entryNames(e).filter((n) => LATIN.test(n) && n.split(/[\s,]+/).filter(Boolean).length >= 2);
    const native = entryNames(e).find(
      (n) => CYRILLIC.test(n) && !/[ўыэ]/u.test(n) && n.split(/[\s,]+/).filter(Boolean).length >= 2,
    );
    if (latin.length > 0 && native !== undefined) declined.push({ e, native, latin });
  }
  for (const { e, native, latin } of sample(declined)) {
    const uk = UKRAINIAN.test(native);
    const query = native
      .split(/(\s+|,)/)
      .map((w) => (/^\p{L}+$/u.test(w) ? genitive(w, uk) : w))
      .join('');
    const extra: BenchEntry = {
      list: 'eval_native',
      sourceUid: `gen:${entryId(e)}`,
      name: latin[0]!,
      aliases: latin.slice(1),
      kind: 'person',
    };
    evalEntries.push(extra);
    cases.push({ query, expected: entryId(extra), listedName: latin.join(' / '), kind: 'declined_cyrillic' });
  }
  const notes = [
    `given_name_xlang: ${xlang.length} listed persons have a Latin name with a Russian given name or patronymic of the bench's table (27 names); each case one language at random`,
    `declined_cyrillic: ${declined.length} listed persons carry a Russian or Ukrainian Cyrillic alias of two words or more (real); put in the genitive, queried against an extra entry of their Latin names only (list eval_native)`,
  ];
  return { cases, evalEntries, notes };
}

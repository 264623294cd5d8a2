// One given name as the languages write it: Russian, Ukrainian and Belarusian translate a person's given name into
// their own form (Владимир, Володимир, Уладзімір: Vladimir, Volodymyr, Uladzimir), Polish, Czech, Serbian, Croatian,
// Bulgarian, German and Hungarian spell it in theirs (Włodzimierz, Vladimír, Wladimir, Vlagyimir). Spellings in one
// group pair as the same name (score-names.ts EQUIVALENT_NAME), and so do the patronymics derived from them
// (Mykolaiovych, Nikolaevich, Mikalaevich; Volodymyrivna, Vladimirovna, Uladzimirauna).
//
// Source: written by hand for this project from general knowledge of the names' standard forms in those languages
// and of the usual Latin transliterations (BGN/PCGN, the Ukrainian and Belarusian national systems, ISO 9 without
// diacritics, German and Polish transcription); no name list was downloaded. No npm package carries such a table
// (petrovich and shevchenko inflect Russian and Ukrainian names, nominative to cases, which is the other direction).
// A group holds the forms of one name only, not its translation into Western languages where the name differs
// (Ivan is not John, Pyotr is not Peter): those are other names to a screening analyst, and pairing them would raise
// alerts on common Western names. Spellings that the variant key already folds together (y/j/i, w/v, kh/h, doubled
// letters, ph/f, final h) need no second entry; one of them is enough.
import { matchKey } from './token-keys.js';

/** One group a line: the spellings of one given name (lower-case, as any-ascii folds them). */
const GROUPS: readonly string[] = [
  // male
  'vladimir volodymyr uladzimir wladimir wlodzimierz vlagyimir vladimiro vladymyr uladzimer',
  'aleksandr alexander oleksandr aliaksandr alaksandr aleksander aleksandar alexandr alexandre alexandru alyaksandr oleksander alekszandr',
  'aleksei alexei oleksii aliaksei aleksej alexej oleksiy aleksiej aliaksiej alexey alekszej',
  'sergei sergey serhii serhiy siarhei sergej sergiusz szergej sergii siarhey siargei siergiej',
  'nikolai nikolay mykola mikalai mikolaj nikolaj nikolaus nicolae nikola mikalaj mykolai nyikolaj',
  'andrei andrii andrzej andrej andrija',
  'anatoly anatolii anatoliy anatol anatolij anatoli',
  'arkady arkadii arkadiy arkadz arkadiusz arkadij',
  'boris barys borys',
  'dmitry dmitri dzmitryi dmytro dzmitry dmitrij dymitr dimitri dimitrij dmitriy dimitar zmitser zmicier',
  'yevgeny evgeny yevhen yauhen evgenii eugeniusz jewgeni evgenij jevgenij yevgeniy yauheni yaugen jewgienij jevgenyij',
  'fyodor fedor fedir fiodar fedar teodor fjodor',
  'gennady gennadiy hennadii hennadiy henadz genadz genadij gennadi henadzi giennadij gennagyij',
  'georgy georgiy heorhii heorhiy georgij jerzy heorhi georgi',
  'grigory grigoriy hryhorii hryhoriy ryhor rygor grzegorz grigorij',
  'igor ihor ihar igar',
  'ilya illia ilia ilja illya ilija',
  'konstantin kostiantyn kanstantsin konstanty kostyantyn konstantyn kanstancin konsztantyin',
  'leonid leanid',
  'mikhail mykhailo mikhal michal michail mihail mihajlo mykhaylo',
  'oleg oleh aleh aleg',
  'pavel pavlo paval pawel pavao',
  'pyotr petr petro piotr petar pjotr piatro',
  'semyon semen siamion syamen szymon',
  'stepan stefan sciapan stsiapan szczepan',
  'timofei tymofii tsimafei tymoteusz timofey tymofiy',
  'vasily vasyl vasil wasyl vasili vasilij vasiliy vaszilij wassili wasilij',
  'viktor wiktor victor viktar',
  'valery valerii valeriy valer walery valerij walerij',
  'vyacheslav viacheslav viachaslau wiaczeslaw vjaceslav vyachaslau vjacseszlav wjatscheslaw',
  'yaroslav jaroslaw yaraslau jaroslav',
  'yakov yakiv yakau jakub jakov',
  'yuri yurii yury jurij juri yuriy',
  'stanislav stanislau stanislaw stanislaus',
  'vitaly vitalii vitaliy vitali vitalij',
  'artyom artem artsiom artsem',
  'denis denys dzianis',
  'kirill kyrylo kiryl cyryl kiril',
  'maksim maksym maxim',
  'nikita mykyta mikita',
  'yegor egor yehor yahor yagor',
  'matvei matvii matvey matsvei',
  'bogdan bohdan bahdan',
  'vadim vadym vadzim',
  'gleb hlib hleb glib',
  'danila danylo danil',
  'yefim efim yukhym',
  'iosif yosyp osip jozef',
  'yevgenia yevheniia yauheniya evgeniya eugenia',
  'roman raman',
  'taras',
  'eduard edvard',
  'zakhar zakhariy zachar',
  'rostislav rostyslav rastsislau',
  'vladislav vladyslav uladzislau wladyslaw',
  'svyatoslav sviatoslav sviataslau swietoslaw',
  'vsevolod usevalad',
  // The head of an Arabic compound name, Abd ("servant of"), as the lists write it apart (ABD-AL-JALIL) and joined
  // with the article (Abdul, Abdel) or with Allah (Abdullah, Abdallah): Arabic and Hebrew write it as a word of its own
  // (عبد جليل, עבד אל-נאצר), read as abd (scripts/script-reading.ts). Two groups, so that abd pairs with both but Abdul
  // (Abd al-...) does not with Abdullah (Abd Allah).
  'abd abdul abdel abdal abdol abdoul',
  'abd abdallah abdullah abdellah abdollah abdoullah',
  // names written alike in these languages, listed for their patronymics (Ivanovich, Ivanivna, Antonavich)
  'ivan',
  'anton',
  'ruslan',
  'timur',
  'rustam',
  'valentin valentyn valiantsin',
  'filipp pylyp filip',
  'german herman',
  'robert',
  'artur',
  'albert',
  'marat',
  'leonid leanid',
  // female
  'aleksandra oleksandra aliaksandra alexandra',
  'olga olha volha volga',
  'yelena elena olena alena helena',
  'tatiana tetiana tatsiana tatstsiana tacciana tatyjana',
  'natalia nataliia natallia natalya nataliya natalja',
  'irina iryna',
  'svetlana svitlana sviatlana swietlana szvetlana',
  'anna hanna ganna',
  'yekaterina ekaterina kateryna katsiaryna katarzyna katerina katsyaryna',
  'mariya mariia maryia maria marija',
  'lyudmila liudmyla liudmila ludmila ludmyla',
  'galina halyna halina',
  'nadezhda nadiia nadzeya nadia nadzeia',
  'vera vira viera wiera',
  'lyubov liubov lubov liubou',
  'valentina valentyna valiantsina walentyna',
  'yulia yuliia yulija julia yuliya',
  'anastasia anastasiia anastasiya anastazja',
  'oksana aksana',
  'yelizaveta elizaveta yelyzaveta alizaveta elzbieta',
  'larisa larysa',
  'inna ina',
  'zoya zoia',
  'daria dariia daryia',
];

/** The spellings of irregular patronymics (Ilyich: Ilya's), by variant key, with a spelling of their given name. */
const IRREGULAR_PATRONYMICS: ReadonlyArray<readonly [string, string]> = [
  ['ilyich', 'ilya'],
  ['ilyinichna', 'ilya'],
  ['illich', 'ilya'],
  ['illivna', 'ilya'],
];

/**
 * Patronymic endings by variant key (y/j -> i, w -> v, a final h dropped): Russian -ovich/-evich (-ovna/-evna), Ukrainian
 * -ovych/-iovych (-ivna), Belarusian -avich (-auna, -avna, and -ouna, whose ou the key reads as u), Serbian and Czech -ović/-ovič, Polish -owicz, German
 * -owitsch, French -ovitch, Hungarian -ovics (and -eevich, -eevna, whose ee the key reads as i: Sergeevich). Longest
 * first; the stem left is compared without its final vowels (Mykolai-ovych, Nikola-evich, Mikala-evich: mikol, nikol,
 * mikal).
 */
const PATRONYMIC_ENDINGS: readonly string[] = [
  'ovitsc',
  'evitsc',
  'ovitc',
  'evitc',
  'ovicz',
  'evicz',
  'ovics',
  'evics',
  'ovic',
  'evic',
  'ivic',
  'avic',
  'ovna',
  'evna',
  'ivna',
  'avna',
  'una',
  'auna',
  'euna',
];

/** Patronymic stems shorter than this (after their final vowels) are no evidence (Il- only through IRREGULAR_PATRONYMICS). */
const MIN_STEM = 3;

function withoutFinalVowels(s: string): string {
  let n = s.length;
  while (n > 0 && 'aeiou'.includes(s[n - 1]!)) n--;
  return s.slice(0, n);
}

// Variant key -> equivalence keys: `g<group>` for a given name, `p<group>` for a patronymic of one.
const givenKeys = new Map<string, string[]>();
const stemGroups = new Map<string, string[]>();
const irregular = new Map<string, string[]>();

function addTo(map: Map<string, string[]>, key: string, value: string): void {
  const list = map.get(key);
  if (list === undefined) map.set(key, [value]);
  else if (!list.includes(value)) list.push(value);
}

GROUPS.forEach((line, group) => {
  for (const spelling of line.split(' ')) {
    const key = matchKey(spelling);
    addTo(givenKeys, key, `g${group}`);
    // The stem as a patronymic writes it: a final h stays (Oleh, Oleh-ivna; the key drops it at the end of a word).
    addTo(stemGroups, withoutFinalVowels(matchKey(`${spelling}a`)), `p${group}`);
  }
});
for (const [patronymic, name] of IRREGULAR_PATRONYMICS)
  for (const g of givenKeys.get(matchKey(name)) ?? [])
    addTo(irregular, matchKey(patronymic), `p${g.slice(1)}`);

const NONE: readonly string[] = [];

/**
 * The equivalence keys of a token's variant key (token-keys.ts matchKey): `g<n>` when it is a spelling of given name
 * group n, `p<n>` when it is a patronymic of one. Two tokens sharing a key are one name across languages.
 */
export function nameEquivalenceKeys(key: string): readonly string[] {
  const given = givenKeys.get(key);
  if (given !== undefined) return given;
  const irregularKeys = irregular.get(key);
  if (irregularKeys !== undefined) return irregularKeys;
  for (const ending of PATRONYMIC_ENDINGS) {
    if (key.length <= ending.length || !key.endsWith(ending)) continue;
    const stem = withoutFinalVowels(key.slice(0, key.length - ending.length));
    if (stem.length < MIN_STEM) return NONE;
    return stemGroups.get(stem) ?? NONE;
  }
  return NONE;
}

/**
 * Whether a token (its folded text, variant key and equivalence keys) is an East Slavic patronymic: a patronymic of the
 * table in -ovich, -evich, -ovych, -avich or -ovna, -ivna, -auna. Polish -owicz, Hungarian -ovics, German -owitsch and
 * French -ovitch are surnames or spellings of surnames there (Aleksandrowicz), though they pair with the patronymics
 * (their variant key is that of -ovich: token-keys.ts).
 */
export function isPatronymic(text: string, key: string, keys: readonly string[]): boolean {
  return (
    keys.length > 0 &&
    keys[0]!.charCodeAt(0) === 112 /* p */ &&
    EAST_SLAVIC_PATRONYMIC.test(key) &&
    !FOREIGN_VICH.test(text)
  );
}
const EAST_SLAVIC_PATRONYMIC = /(?:ic|na)$/;
const FOREIGN_VICH = /(?:tsch|tch|cz|cs)$/;

/** Whether two tokens' equivalence keys (nameEquivalenceKeys) share one. */
export function shareEquivalence(a: readonly string[], b: readonly string[]): boolean {
  if (a.length === 0 || b.length === 0) return false;
  for (const x of a) if (b.includes(x)) return true;
  return false;
}

// One listed person's name as many languages write it (the `many_languages` kind of table 3e): the forms a
// Wikidata item's labels give, in Latin spellings of other languages and in other scripts. Written for this bench
// by hand, from what those labels look like (not checked against Wikidata, which this machine cannot reach), so the
// figure is indicative: it tracks the engine on the evaluator's kind of set (one name in ~80 languages), not its
// exact rows. Each form is screened against the real lists; the expected entry is the first listed person (by entry
// id) whose names carry both the given name and the surname.
import type { BenchEntry } from './matching-data.js';
import { entryId, entryNames } from './matching-data.js';

export const LANGUAGE_FORMS_KIND = 'many_languages' as const;
export const LANGUAGE_FORMS_NOTE =
  "a listed person's name as other languages write it (Latin spellings of ~25 languages, and Cyrillic, Arabic, Persian, Urdu, Uyghur, Hebrew, Yiddish, Greek, Armenian, Georgian, Amharic, Devanagari, Bengali, Gujarati, Gurmukhi, Kannada, Malayalam, Tamil, Telugu, Sinhala, Thai, Lao, Khmer, Burmese, Chinese, Japanese, Korean): forms written by hand for this bench as Wikidata labels give them, not checked against Wikidata";

interface Person {
  /** The given name and the surname a listed name must both carry (folded, lower case). */
  readonly listed: readonly [RegExp, RegExp];
  readonly forms: readonly string[];
}

const PEOPLE: readonly Person[] = [
  {
    listed: [/\bvladimir\b/, /\bputin\b/],
    forms: [
      'Wladimir Poetin',
      'ቭላዲሚር ፑቲን',
      'فلاديمير بوتين',
      'Վլադիմիր Պուտին',
      'Уладзімір Пуцін',
      'ভ্লাদিমির পুতিন',
      'Владимир Путин',
      'ဗလာဒီမာ ပူတင်',
      'Vladímir Putin',
      '弗拉基米尔·普京',
      'Vladimir Poetin',
      'Vladimir Poutine',
      'ვლადიმერ პუტინი',
      'Wladimir Putin',
      'Βλαντιμίρ Πούτιν',
      'વ્લાદિમીર પુતિન',
      'ולדימיר פוטין',
      'व्लादिमीर पुतिन',
      'Vlagyimir Putyin',
      'Vladímír Pútín',
      'Vladimir Pútin',
      'ウラジーミル・プーチン',
      'ವ್ಲಾದಿಮಿರ್ ಪುಟಿನ್',
      'វ្ល៉ាឌីមៀ ពូទីន',
      '블라디미르 푸틴',
      'ວລາດີມີ ປູຕິນ',
      'Vladimirus Putin',
      'Vladimirs Putins',
      'Vladimiras Putinas',
      'വ്ലാദിമിർ പുടിൻ',
      'भ्लादिमिर पुटिन',
      'ولادیمیر پوتین',
      'Władimir Putin',
      'ਵਲਾਦੀਮੀਰ ਪੂਤਿਨ',
      'ව්ලැඩිමීර් පුටින්',
      'விளாதிமிர் பூட்டின்',
      'వ్లాదిమిర్ పుతిన్',
      'วลาดีมีร์ ปูติน',
      'Володимир Путін',
      'ولادیمیر پیوٹن',
      'וולאדימיר פוטין',
      'ۋلادىمىر پۇتىن',
      'ڤلادیمیر پووتین',
      'Vladimir Putyin',
      'Vladimiro Putin',
      'Vladimir Poutin',
      'Uladzimir Putsin',
      'Vladimir Vladimirovitch Poutine',
      'Wladimir Wladimirowitsch Putin',
      'Vladimir Vladimirovič Putin',
      'Władimir Władimirowicz Putin',
      'Vladimir Vladimirovics Putyin',
    ],
  },
  {
    listed: [/\bserge[iy]\b/, /\blavrov\b/],
    forms: [
      'Sergueï Lavrov',
      'Сергей Лавров',
      'Сергій Лавров',
      'سيرغي لافروف',
      'Սերգեյ Լավրով',
      'სერგეი ლავროვი',
      'Σεργκέι Λαβρόφ',
      'סרגיי לברוב',
      'सर्गेई लावरोव',
      'セルゲイ・ラブロフ',
      '세르게이 라브로프',
      '谢尔盖·拉夫罗夫',
      'เซียร์เกย์ ลัฟรอฟ',
      'செர்கேய் லாவ்ரோவ்',
      'Siergiej Ławrow',
      'Szergej Lavrov',
      'Sergej Lavrov',
      'Sergei Lawrow',
      'سرگئی لاوروف',
      'Sergey Lavrov',
    ],
  },
  {
    listed: [/\baleksandr\b|\balexander\b|\balexandr\b/, /\blukashenk/],
    forms: [
      'Alexandre Loukachenko',
      'Аляксандр Лукашэнка',
      'Александр Лукашенко',
      'Олександр Лукашенко',
      'ألكسندر لوكاشينكو',
      'Ալեքսանդր Լուկաշենկո',
      'ალექსანდრ ლუკაშენკო',
      'Αλιάκσανταρ Λουκασένκο',
      'אלכסנדר לוקשנקו',
      'अलेक्सान्दर लुकाशेंको',
      'アレクサンドル・ルカシェンコ',
      '알렉산드르 루카셴코',
      '亚历山大·卢卡申科',
      'อะเลียกซันดร์ ลูกาเชนโก',
      'Aleksander Łukaszenka',
      'Alexandr Lukašenko',
      'Aljaksandr Lukaschenka',
      'Alaksandr Łukaszenka',
      'Aleksandr Lukashenko',
      'Oleksandr Lukashenko',
    ],
  },
  {
    listed: [/\bbashar\b/, /\bal[ -]?as+ad\b|\bas+ad\b/],
    forms: [
      'Bachar el-Assad',
      'بشار الأسد',
      'Բաշար Ասադ',
      'ბაშარ ასადი',
      'Μπασάρ αλ-Άσαντ',
      'בשאר אל-אסד',
      'बशर अल-असद',
      'バッシャール・アル＝アサド',
      '바샤르 알아사드',
      '巴沙尔·阿萨德',
      'บัชชาร อัลอะซัด',
      'பஷார் அல்-அசாத்',
      'Башар Асад',
      'Башар аль-Асад',
      'Baszszar al-Asad',
      'Bašár Asad',
      'Baschar al-Assad',
      'Beşşar Esad',
      'بشار اسد',
      'Bashar al-Asad',
    ],
  },
  {
    listed: [/\bramzan\b/, /\bkadyrov\b/],
    forms: [
      'Ramzan Kadyrov',
      'Рамзан Кадыров',
      'Рамзан Кадиров',
      'رمضان قديروف',
      'Ռամզան Կադիրով',
      'რამზან კადიროვი',
      'Ραμζάν Καντίροφ',
      'רמזאן קדירוב',
      'रमज़ान कादिरोव',
      'ラムザン・カディロフ',
      '람잔 카디로프',
      '拉姆赞·卡德罗夫',
      'Ramzan Kadırov',
      'Ramsan Kadyrow',
      'Ramzan Kadirov',
      'Ramzan Kadyrow',
      'Ramzan Achmatowitsch Kadyrow',
      'Рамзан Ахматович Кадыров',
      'Ramzán Kadyrov',
    ],
  },
];

export interface LanguageFormCase {
  readonly query: string;
  readonly expected: string;
  readonly listedName: string;
  readonly kind: typeof LANGUAGE_FORMS_KIND;
}

/** Every form of every person found on the lists (no sampling: the same cases for every seed). */
export function buildLanguageFormCases(entries: readonly BenchEntry[]): LanguageFormCase[] {
  const persons = entries
    .filter((e) => e.kind === 'person')
    .sort((a, b) => (entryId(a) < entryId(b) ? -1 : entryId(a) > entryId(b) ? 1 : 0));
  const out: LanguageFormCase[] = [];
  for (const p of PEOPLE) {
    let listedName: string | undefined;
    const e = persons.find((x) =>
      entryNames(x).some((n) => {
        const folded = n.normalize('NFKD').replace(/\p{M}/gu, '').toLowerCase();
        const ok = p.listed.every((re) => re.test(folded));
        if (ok) listedName = n;
        return ok;
      }),
    );
    if (!e || listedName === undefined) continue;
    for (const query of p.forms)
      out.push({ query, expected: entryId(e), listedName, kind: LANGUAGE_FORMS_KIND });
  }
  return out;
}

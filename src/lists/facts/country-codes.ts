// Country names, codes and demonyms as lists and callers write them, resolved to ISO 3166-1 alpha-2 codes. Names and
// codes come from i18n-iso-countries (every official and common name in English, French, German and Spanish, alpha-3
// and numeric codes); what it lacks is below: the UN's and OFAC's long forms it does not carry, and demonyms, which
// no MIT-licensed country library publishes ("Iranian", "North Korean").
import countries from 'i18n-iso-countries';
import de from 'i18n-iso-countries/langs/de.json' with { type: 'json' };
import en from 'i18n-iso-countries/langs/en.json' with { type: 'json' };
import es from 'i18n-iso-countries/langs/es.json' with { type: 'json' };
import fr from 'i18n-iso-countries/langs/fr.json' with { type: 'json' };

const LOCALES = [en, fr, de, es];

/** Names the library does not carry, as the lists write them (folded: see fold()). */
const EXTRA_NAMES: Readonly<Record<string, string>> = {
  burma: 'MM',
  syria: 'SY',
  'democratic people s republic of korea': 'KP',
  'korea north': 'KP',
  'korea south': 'KR',
  'republic of korea': 'KR',
  'korea dprk': 'KP',
  dprk: 'KP',
  'congo democratic republic of the': 'CD',
  'democratic republic of the congo': 'CD',
  'congo republic of the': 'CG',
  'republic of the congo': 'CG',
  'west bank': 'PS',
  gaza: 'PS',
  'gaza strip': 'PS',
  'palestinian territories': 'PS',
  'occupied palestinian territory': 'PS',
  'occupied palestinian territories': 'PS',
  crimea: 'UA',
  'crimea region of ukraine': 'UA',
  'region crimea': 'UA',
  'ivory coast': 'CI',
  'united states of america': 'US',
  'great britain': 'GB',
  england: 'GB',
  scotland: 'GB',
  wales: 'GB',
  'northern ireland': 'GB',
  'united kingdom of great britain and northern ireland': 'GB',
  'hong kong sar': 'HK',
  'macau sar': 'MO',
  macau: 'MO',
  'the netherlands': 'NL',
  holland: 'NL',
  'cape verde': 'CV',
  swaziland: 'SZ',
  'east timor': 'TL',
  'lao people s democratic republic': 'LA',
  laos: 'LA',
  'viet nam': 'VN',
  'russian federation': 'RU',
  ussr: 'RU',
  'soviet union': 'RU',
  'united republic of tanzania': 'TZ',
  'republic of moldova': 'MD',
  macedonia: 'MK',
  'the former yugoslav republic of macedonia': 'MK',
  'kyrgyz republic': 'KG',
  'slovak republic': 'SK',
  'czech republic': 'CZ',
  'st kitts and nevis': 'KN',
  'st lucia': 'LC',
  'st vincent and the grenadines': 'VC',
  'vatican city': 'VA',
  'holy see': 'VA',
  'turks and caicos': 'TC',
  'british virgin islands': 'VG',
  'virgin islands british': 'VG',
  'virgin islands u s': 'VI',
  'marshall islands': 'MH',
  'federated states of micronesia': 'FM',
};

/** Demonyms (nationality adjectives) in English, as lists and callers write them. Ambiguous ones are left out. */
const DEMONYMS: Readonly<Record<string, string>> = {
  afghan: 'AF',
  albanian: 'AL',
  algerian: 'DZ',
  american: 'US',
  angolan: 'AO',
  argentine: 'AR',
  argentinian: 'AR',
  armenian: 'AM',
  australian: 'AU',
  austrian: 'AT',
  azerbaijani: 'AZ',
  azeri: 'AZ',
  bahraini: 'BH',
  bangladeshi: 'BD',
  belarusian: 'BY',
  belarussian: 'BY',
  belgian: 'BE',
  beninese: 'BJ',
  bolivian: 'BO',
  bosnian: 'BA',
  brazilian: 'BR',
  british: 'GB',
  bulgarian: 'BG',
  burkinabe: 'BF',
  burmese: 'MM',
  burundian: 'BI',
  cambodian: 'KH',
  cameroonian: 'CM',
  canadian: 'CA',
  chadian: 'TD',
  chilean: 'CL',
  chinese: 'CN',
  colombian: 'CO',
  croatian: 'HR',
  cuban: 'CU',
  cypriot: 'CY',
  czech: 'CZ',
  danish: 'DK',
  dutch: 'NL',
  ecuadorian: 'EC',
  egyptian: 'EG',
  emirati: 'AE',
  eritrean: 'ER',
  estonian: 'EE',
  ethiopian: 'ET',
  filipino: 'PH',
  finnish: 'FI',
  french: 'FR',
  gambian: 'GM',
  georgian: 'GE',
  german: 'DE',
  ghanaian: 'GH',
  greek: 'GR',
  guatemalan: 'GT',
  guinean: 'GN',
  haitian: 'HT',
  honduran: 'HN',
  hungarian: 'HU',
  indian: 'IN',
  indonesian: 'ID',
  iranian: 'IR',
  iraqi: 'IQ',
  irish: 'IE',
  israeli: 'IL',
  italian: 'IT',
  ivorian: 'CI',
  jamaican: 'JM',
  japanese: 'JP',
  jordanian: 'JO',
  kazakh: 'KZ',
  kazakhstani: 'KZ',
  kenyan: 'KE',
  kosovar: 'XK',
  kuwaiti: 'KW',
  kyrgyz: 'KG',
  latvian: 'LV',
  lebanese: 'LB',
  liberian: 'LR',
  libyan: 'LY',
  lithuanian: 'LT',
  malaysian: 'MY',
  malian: 'ML',
  maltese: 'MT',
  mauritanian: 'MR',
  mexican: 'MX',
  moldovan: 'MD',
  mongolian: 'MN',
  montenegrin: 'ME',
  moroccan: 'MA',
  mozambican: 'MZ',
  nepalese: 'NP',
  nepali: 'NP',
  nicaraguan: 'NI',
  nigerian: 'NG',
  nigerien: 'NE',
  'north korean': 'KP',
  norwegian: 'NO',
  omani: 'OM',
  pakistani: 'PK',
  palestinian: 'PS',
  panamanian: 'PA',
  paraguayan: 'PY',
  peruvian: 'PE',
  polish: 'PL',
  portuguese: 'PT',
  qatari: 'QA',
  romanian: 'RO',
  russian: 'RU',
  rwandan: 'RW',
  salvadoran: 'SV',
  saudi: 'SA',
  'saudi arabian': 'SA',
  senegalese: 'SN',
  serbian: 'RS',
  'sierra leonean': 'SL',
  singaporean: 'SG',
  slovak: 'SK',
  slovenian: 'SI',
  somali: 'SO',
  'south african': 'ZA',
  'south korean': 'KR',
  'south sudanese': 'SS',
  spanish: 'ES',
  'sri lankan': 'LK',
  sudanese: 'SD',
  swedish: 'SE',
  swiss: 'CH',
  syrian: 'SY',
  taiwanese: 'TW',
  tajik: 'TJ',
  tajikistani: 'TJ',
  tanzanian: 'TZ',
  thai: 'TH',
  togolese: 'TG',
  tunisian: 'TN',
  turkish: 'TR',
  turkmen: 'TM',
  ugandan: 'UG',
  ukrainian: 'UA',
  uruguayan: 'UY',
  uzbek: 'UZ',
  uzbekistani: 'UZ',
  venezuelan: 'VE',
  vietnamese: 'VN',
  yemeni: 'YE',
  zambian: 'ZM',
  zimbabwean: 'ZW',
};

/** Lower case, accents and punctuation folded to spaces, a leading "the" dropped. */
function fold(text: string): string {
  return text
    .normalize('NFKD')
    .replace(/\p{M}/gu, '')
    .toLowerCase()
    .replace(/[^\p{L}\p{N}]+/gu, ' ')
    .trim()
    .replace(/^the /, '');
}

let byName: Map<string, string> | null = null;

function names(): Map<string, string> {
  if (byName) return byName;
  const map = new Map<string, string>();
  for (const locale of LOCALES) {
    countries.registerLocale(locale);
    for (const [code, all] of Object.entries(countries.getNames(locale.locale, { select: 'all' })))
      for (const n of all) if (!map.has(fold(n))) map.set(fold(n), code);
  }
  for (const [n, code] of Object.entries(EXTRA_NAMES)) map.set(fold(n), code);
  for (const [n, code] of Object.entries(DEMONYMS)) if (!map.has(n)) map.set(n, code);
  byName = map;
  return map;
}

/**
 * The alpha-2 code of a country written as an alpha-2, alpha-3 or numeric code, a name (English, French, German or
 * Spanish, long or short, "Iran, Islamic Republic of" and "Bolivia (Plurinational State of)" included) or a demonym;
 * null when it is none of those.
 */
export function countryCode(text: string): string | null {
  const raw = text.trim();
  if (raw === '') return null;
  if (/^[A-Za-z]{2}$/.test(raw)) {
    const up = raw.toUpperCase();
    if (up === 'UK') return 'GB';
    return countries.isValid(up) ? up : null;
  }
  if (/^[A-Za-z]{3}$/.test(raw) && raw === raw.toUpperCase()) {
    const a2 = countries.alpha3ToAlpha2(raw);
    if (a2) return a2;
  }
  if (/^\d{3}$/.test(raw)) return countries.numericToAlpha2(raw) ?? null;
  const map = names();
  const folded = fold(raw);
  const direct = map.get(folded);
  if (direct) return direct;
  // "Bolivia (Plurinational State of)" -> "Bolivia"; "Iran, Islamic Republic of" -> "Iran"; "Korea, North" ->
  // "North Korea".
  const noParens = fold(raw.replace(/\([^)]*\)/g, ' '));
  const comma = raw.split(',');
  const tries = [noParens, fold(comma[0] ?? '')];
  if (comma.length === 2) tries.push(fold(`${comma[1]} ${comma[0]}`));
  for (const t of tries) {
    const hit = t === '' ? undefined : map.get(t);
    if (hit) return hit;
  }
  return null;
}

/** Every country code a free text names as a whole or in its `;`/`,`/`/`-separated parts (unknown parts skipped). */
export function countryCodesIn(text: string | null | undefined): string[] {
  if (text === null || text === undefined || text.trim() === '') return [];
  const whole = countryCode(text);
  if (whole) return [whole];
  const out: string[] = [];
  for (const part of text.split(/[;,/]| and /)) {
    const code = countryCode(part);
    if (code && !out.includes(code)) out.push(code);
  }
  return out;
}

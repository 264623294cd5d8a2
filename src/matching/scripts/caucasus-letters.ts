// Armenian and Georgian names as their romanisations write them. any-ascii reads Armenian ու as `ow` (Պուտին
// `powtin` for Putin) and ռ as `rr` (Ռամզան `rramzan`): both are one sound, u and r, as every romanisation of names
// writes them. Georgian adds the nominative -i to a foreign name ending in a consonant (პუტინი Putini, ლავროვი
// Lavrovi, ასადი Asadi): the foreign reading leaves it out.

const ARMENIAN_U = /ու|Ու|ՈՒ/gu;
const ARMENIAN_RR = /[Ռռ]/gu;

/** Armenian ու as u and ռ as r (any other text kept as it is). */
export function armenianLetters(text: string): string {
  return text
    .replace(ARMENIAN_U, (m) => (m === 'ու' ? 'u' : 'U'))
    .replace(ARMENIAN_RR, (m) => (m === 'ռ' ? 'r' : 'R'));
}

// A Georgian word of three letters or more before a final ი that follows a consonant (not a vowel: ალი Ali, სერგეი
// Sergei keep theirs).
const GEORGIAN_NOMINATIVE =
  /(?<=[\u10d0-\u10ff]{2}[^\u10d0\u10d4\u10d8\u10dd\u10e3\s\P{L}])\u10d8(?!\p{L})/gu;

/** Georgian words without the nominative -i a foreign name takes (პუტინი -> პუტინ). */
export function georgianWithoutNominative(text: string): string {
  return text.replace(GEORGIAN_NOMINATIVE, '');
}

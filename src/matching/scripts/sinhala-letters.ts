// Sinhala written as the Devanagari letters of the same sounds, for indic-letters.ts to read with the inherent a
// any-ascii leaves out (රම්සාන් `rmsan` for Ramzan). Sinhala has its own layout, not the one the blocks from Devanagari
// to Malayalam share; its letters map one to one but for the prenasalised ones (ඬ nd, ඹ mb), ෆ f, and æ (ැ, ඇ), which
// transcribes a foreign a (ඇලෙක්සැන්ඩර් Alexander) and is read a. The anusvara ං is ng (ජොං Jong).

const VIRAMA = '\u094d';
// By code point from 0x0d82.
const SINHALA: Readonly<Record<number, string>> = {
  0x0d82: `\u0919${VIRAMA}\u0917${VIRAMA}`, // ං ng
  0x0d83: '\u0903', // ඃ visarga
  0x0d85: '\u0905', // අ a
  0x0d86: '\u0906', // ආ
  0x0d87: '\u0905', // ඇ æ, read a
  0x0d88: '\u0906', // ඈ
  0x0d89: '\u0907', // ඉ
  0x0d8a: '\u0908', // ඊ
  0x0d8b: '\u0909', // උ
  0x0d8c: '\u090a', // ඌ
  0x0d8d: '\u090b', // ඍ
  0x0d91: '\u090f', // එ
  0x0d92: '\u090f', // ඒ
  0x0d93: '\u0910', // ඓ
  0x0d94: '\u0913', // ඔ
  0x0d95: '\u0913', // ඕ
  0x0d96: '\u0914', // ඖ
  0x0d9a: '\u0915', // ක
  0x0d9b: '\u0916', // ඛ
  0x0d9c: '\u0917', // ග
  0x0d9d: '\u0918', // ඝ
  0x0d9e: '\u0919', // ඞ
  0x0d9f: `\u0919${VIRAMA}\u0917`, // ඟ ng
  0x0da0: '\u091a', // ච
  0x0da1: '\u091b', // ඡ
  0x0da2: '\u091c', // ජ
  0x0da3: '\u091d', // ඣ
  0x0da4: '\u091e', // ඤ
  0x0da5: `\u091c${VIRAMA}\u091e`, // ඥ
  0x0da6: `\u091e${VIRAMA}\u091c`, // ඦ
  0x0da7: '\u091f', // ට
  0x0da8: '\u0920', // ඨ
  0x0da9: '\u0921', // ඩ
  0x0daa: '\u0922', // ඪ
  0x0dab: '\u0923', // ණ
  0x0dac: `\u0923${VIRAMA}\u0921`, // ඬ nd
  0x0dad: '\u0924', // ත
  0x0dae: '\u0925', // ථ
  0x0daf: '\u0926', // ද
  0x0db0: '\u0927', // ධ
  0x0db1: '\u0928', // න
  0x0db3: `\u0928${VIRAMA}\u0926`, // ඳ nd
  0x0db4: '\u092a', // ප
  0x0db5: '\u092b', // ඵ
  0x0db6: '\u092c', // බ
  0x0db7: '\u092d', // භ
  0x0db8: '\u092e', // ම
  0x0db9: `\u092e${VIRAMA}\u092c`, // ඹ mb
  0x0dba: '\u092f', // ය
  0x0dbb: '\u0930', // ර
  0x0dbd: '\u0932', // ල
  0x0dc0: '\u0935', // ව
  0x0dc1: '\u0936', // ශ
  0x0dc2: '\u0937', // ෂ
  0x0dc3: '\u0938', // ස
  0x0dc4: '\u0939', // හ
  0x0dc5: '\u0933', // ළ
  0x0dc6: '\u095e', // ෆ f
  0x0dca: VIRAMA, // ් al-lakuna
  0x0dcf: '\u093e', // ා
  0x0dd0: '\u093e', // ැ æ, read a
  0x0dd1: '\u093e', // ෑ
  0x0dd2: '\u093f', // ි
  0x0dd3: '\u0940', // ී
  0x0dd4: '\u0941', // ු
  0x0dd6: '\u0942', // ූ
  0x0dd8: '\u0943', // ෘ
  0x0dd9: '\u0947', // ෙ
  0x0dda: '\u0947', // ේ
  0x0ddb: '\u0948', // ෛ
  0x0ddc: '\u094b', // ො
  0x0ddd: '\u094b', // ෝ
  0x0dde: '\u094c', // ෞ
  0x0df2: '\u0943', // ෲ
};

/** A Sinhala run as the Devanagari letters of the same sounds (anything else, the joiner included, left out). */
export function sinhalaAsDevanagari(run: string): string {
  let out = '';
  for (const ch of run) out += SINHALA[ch.codePointAt(0)!] ?? '';
  return out;
}

// Strips the description a headline puts before a name ("Former Bank Trader John Doe", "Texas Man", "Two
// Executives"): shared by the CFTC and MAS headline readers.
import { hasLegalSuffix } from './party-names.js';

const ROLE =
  /^(?:(?:a|an|the|two|three|four|five|six|seven|eight|nine|ten|\d+)\s+)?(?:former\s+|ex-)?(?:[A-Z][\w.&'’-]*\s+){0,5}?(?:trader|traders|executive|executives|employee|employees|ceo|cfo|coo|broker|brokers|salesman|salesperson|officer|president|founder|co-founder|owner|owners|principal|principals|manager|managers|director|resident|residents|man|woman|men|women|individual|individuals|company|companies|firm|firms|entity|entities|operator|operators|promoter|promoters|adviser|advisor|advisers|advisors|cpo|cta|fcm|subsidiaries|subsidiary|affiliates?|member|members|associated person|national|citizen)\b(?:\s+and\s+(?:his|her|their|its)\s+\w+)?\s*,?\s*/i;

/** Drops a leading description; null when nothing but the description is left. */
export function stripRole(piece: string): string | null {
  const m = ROLE.exec(piece);
  if (!m) return piece;
  const rest = piece.slice(m[0].length).trim();
  // "Meridian Trust Company (Singapore) Limited": the "role" was part of a firm name.
  if (rest.startsWith('(') || (hasLegalSuffix(rest) && rest.split(/\s+/).length <= 2)) return piece;
  if (!rest || !/^[A-Z0-9"]/.test(rest)) return null;
  return rest;
}

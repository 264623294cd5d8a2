// The parties a CFTC enforcement headline names: "CFTC Orders X to Pay $1 Million for ...", "CFTC Charges X and Y
// with Fraud", "Federal Court Orders X to Pay ...", "CFTC Obtains Consent Order Against X", "X Ordered to Pay ...".
// Descriptions that are not names ("Texas Man", "Former Bank Trader John Doe") are stripped or dropped.
import { splitParties, type NamedParty } from '../../formats/party-names.js';
import { stripRole } from '../../formats/strip-role.js';

/** Headline openings followed by the parties (actor + verb phrase). */
const LEADS =
  /^(?:(?:the\s+)?(?:u\.?s\.?\s+)?(?:cftc|commodity futures trading commission|federal (?:district )?court|district court|court|federal judge|judge|jury)\s+)(?:also\s+)?(?:permanently\s+|temporarily\s+)?(?:orders|charges|sues|fines|bans|sanctions|halts|freezes assets of|shuts down|finds|settles (?:charges )?(?:with|against)|files (?:an? )?(?:complaint|action|suit|charges|enforcement action)s? against|(?:obtains|wins|enters|issues|imposes|secures|announces|resolves|reaches)\b.*?\b(?:against|on|with)|takes action against|(?:simultaneously )?(?:files and settles|settles) charges (?:against|with))\s+/i;

/** Subject-first headlines: "X Ordered to Pay", "X Agrees to Pay", "X to Pay". */
const SUBJECT_FIRST =
  /^(.+?)\s+(?:ordered|agrees?|to pay|must pay|found liable|pleads?|sentenced|barred|banned|settles?|charged|sued)\b/i;

/** Where the parties end. */
const TAIL =
  /\s+(?:to\s+(?:pay|cease|disgorge|stop|comply|refund|return|permanently)\b|with\s+(?:[a-z$]|\w+\s+(?:fraud|scheme|manipulation|spoofing))|for\s+|in\s+(?:an?\s+|the\s+|\$|connection|multi|alleged|fraud|connection)|over\s+|liable\b|who\s+|that\s+|after\s+|from\s+|as\s+part\b|following\s+|and\s+(?:orders|bans|imposes|freezes|obtains)\b|,\s+(?:who|which)\b|:\s)/i;

/** The parties a CFTC headline names (empty when it names none). */
export function cftcTitleParties(title: string): NamedParty[] {
  const t = title.replace(/[\u00a0\s]+/g, ' ').trim();
  let body: string | null = null;
  const lead = LEADS.exec(t);
  if (lead) body = t.slice(lead[0].length);
  else {
    const subject = SUBJECT_FIRST.exec(t);
    if (subject && !/^(?:cftc|commission|federal|court|judge)\b/i.test(subject[1]!)) body = subject[1]!;
  }
  if (!body) return [];
  const tail = TAIL.exec(body);
  if (tail) body = body.slice(0, tail.index);
  // "X and Its Owner Peter Salas" → "X and Peter Salas".
  const text = body;
  body = text.replace(
    /\b(?:his|her|their|its)\s+(?:[a-z-]+\s+)?(?:owners?|founders?|co-founder|ceo|president|principals?|partners?|managing member|son|daughter|wife|husband|brother|sister)\s+/gi,
    (m: string, at: number) => (/[A-Z]/.test(text.charAt(at + m.length)) ? '' : m),
  );
  const pieces: NamedParty[] = [];
  for (const p of splitParties(body)) {
    const name = stripRole(p.name);
    if (name === null) continue;
    if (name === p.name) pieces.push(p);
    else pieces.push(...splitParties(name).map((q) => ({ ...q, aliases: [...q.aliases, ...p.aliases] })));
  }
  return pieces;
}

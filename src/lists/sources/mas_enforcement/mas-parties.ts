// The parties of an MAS enforcement action: the listing's Person/Company cell when it has one (names separated by
// line breaks, ";" or "and"), else the title ("MAS Bans Former Representative Mr Tan Ah Kow", "MAS Imposes
// Composition Penalty on Lion Peak Capital Pte. Ltd."). Honorifics (Mr, Ms, Mdm, Dr) are removed; they mark a person.
import { splitParties, type NamedParty } from '../../formats/party-names.js';
import { stripRole } from '../../formats/strip-role.js';

const HONORIFIC = /\b(?:Mr|Mrs|Ms|Mdm|Madam|Miss|Dr)\.?\s+(?=[A-Z])/g;

const LEAD =
  /^(?:MAS|Monetary Authority of Singapore)\s+(?:(?:jointly\s+)?(?:issues?|imposes?|bans?|reprimands?|censures?|revokes?|suspends?|fines?|takes action against|takes enforcement action against|penalises?|prohibits?|directs?|orders?|withdraws?|cancels?|charges?|obtains?|secures?|files?|commences?|issued)\b[^]*?\b(?:on|against|of|to)\s+|(?:bans?|reprimands?|censures?|penalises?|prohibits?|charges?|suspends?|fines?)\s+)/i;

const TAIL =
  /\s+(?:for\s+|from\s+(?:acting|providing|performing|engaging|taking|conducting|dealing)|over\s+|in\s+(?:relation|connection|respect)|following\s+|with\s+(?:effect|immediate)|to\s+(?:pay|cease)|after\s+|as\s+(?:a|an)\s+)/i;

/** Names in a Person/Company cell (lines already joined with "; "). */
export function cellParties(cell: string): NamedParty[] {
  return finish(splitParties(cell.replace(HONORIFIC, (m) => `${m.trim()} `)));
}

/** Parties named in a title (empty when none). */
export function titleParties(title: string): NamedParty[] {
  const t = title.replace(/[\u00a0\s]+/g, ' ').trim();
  const lead = LEAD.exec(t);
  if (!lead) return [];
  let body = t.slice(lead[0].length);
  const tail = TAIL.exec(body);
  if (tail) body = body.slice(0, tail.index);
  // "Former Representative Mr Tan Ah Kow": the honorific starts the name.
  const out: NamedParty[] = [];
  for (const p of splitParties(body)) {
    const h = /\b(?:Mr|Mrs|Ms|Mdm|Madam|Miss|Dr)\.?\s+(?=[A-Z])/.exec(p.name);
    const name = h ? p.name.slice(h.index) : stripRole(p.name);
    if (name === null) continue;
    out.push(...finish(splitParties(name)).map((q) => ({ ...q, aliases: [...q.aliases, ...p.aliases] })));
  }
  return out;
}

/** Removes honorifics; a name that carried one is a person. */
function finish(parties: NamedParty[]): NamedParty[] {
  return parties.map((p) => {
    const had = /^(?:Mr|Mrs|Ms|Mdm|Madam|Miss|Dr)\.?\s+/.test(p.name);
    const name = p.name.replace(/^(?:Mr|Mrs|Ms|Mdm|Madam|Miss|Dr)\.?\s+/, '').trim();
    return { ...p, name, kind: had ? 'person' : p.kind };
  });
}

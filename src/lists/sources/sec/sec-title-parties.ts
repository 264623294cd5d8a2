// The parties an SEC item names in its title. Litigation releases are titled by caption ("SEC v. John Doe,
// et al.", "Securities and Exchange Commission v. Acme Corp. and Jane Roe") or by the defendants alone;
// administrative proceedings by "In the Matter of ..." or the respondents; trading suspensions by the
// issuer(s) ("Order of Suspension of Trading in the Securities of ..."). PAUSE rows carry one name each.
import { splitParties, type NamedParty } from '../../formats/party-names.js';

const PREFIXES: readonly RegExp[] = [
  /^(?:u\.?s\.?\s+)?(?:securities and exchange commission|sec)\s+v(?:s?\.|s\b|ersus\b)\s*/i,
  /^(?:in the matter of|in re:?|matter of)\s+/i,
  /^(?:order of suspension of trading|order of trading suspension|trading suspension|suspension of trading)\s*(?:in the securities of|in|:|-|–)\s*/i,
  /^(?:sec (?:charges|obtains [^,]*? against|sues|files [^,]*? against|halts|suspends trading in))\s+/i,
  /^(?:final judgments?|judgments?|default judgments?|consent judgments?) (?:entered )?against\s+/i,
];

/** A trailing release reference: "(Release No. 34-99999)", "/ Litigation Release No. 26012 / March 4, 2025". */
const TRAILERS: readonly RegExp[] = [
  /\s*[([]?\s*(?:litigation |admin(?:istrative)? proceeding )?release nos?\.?\s*[\w-]+(?:\s*,\s*[\w-]+)*\s*[)\]]?\s*$/i,
  /\s*[/|–-]\s*(?:january|february|march|april|may|june|july|august|september|october|november|december)\s+\d{1,2},\s*\d{4}\s*$/i,
  /\s*,?\s*(?:civil action|case|file) no\.?\s*[\w:.-]+.*$/i,
  /\s*\((?:[A-Z]\.D\.|[A-Z]{1,2}\.?D\.?\s?[A-Z]{1,4}\.?|[NSEWC]\.D\.\s?[\w.]+)[^)]*\)\s*$/,
];

/** The title without caption words and trailing release references. */
export function secTitleParties(title: string): NamedParty[] {
  let t = title.replace(/[\u00a0\s]+/g, ' ').trim();
  for (let again = true; again;) {
    again = false;
    for (const re of TRAILERS) {
      const next = t.replace(re, '');
      if (next !== t && next.trim()) {
        t = next.trim();
        again = true;
      }
    }
  }
  for (const re of PREFIXES) t = t.replace(re, '');
  // "Respondents: X" and "Defendants: X" forms.
  t = t.replace(/^(?:respondents?|defendants?|issuers?)\s*:\s*/i, '');
  // A headline tail after the parties: "... for Fraudulent Offering", "... with Insider Trading".
  t = t.replace(/\s+(?:with|for|in connection with|over|regarding)\s+[a-z].*$/, '');
  return splitParties(t);
}

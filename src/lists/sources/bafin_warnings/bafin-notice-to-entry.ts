// One saved BaFin notice to a ListEntry with the 4-field record. Who the notice warns against comes from its
// German title. Title shapes seen:
//   "Apex Test Capital Ltd: BaFin warnt vor Angeboten auf der Website apex-test.com"
//   "Warnung: BaFin warnt vor der Trade Test Pro Ltd"
//   "Unerlaubte Geschäfte: BaFin ermittelt gegen die Test Invest GmbH"
//   "Identitätsmissbrauch: BaFin warnt vor der Internetseite bafin-test.com"
//   "BaFin warnt vor den Internetseiten test-a.com und test-b.net"
import type { ListEntry } from '../../list-source.js';
import type { BafinListedNotice } from './crawl-bafin-listing.js';

/** The warned name, other names (websites, further targets) and whether it names only websites. */
export interface BafinTitleParts {
  readonly name: string;
  readonly aliases: string[];
}

/** Topic prefixes BaFin puts before a colon; what follows is the sentence. */
const TOPICS =
  /^(?:warnung|verbrauchermitteilung|meldung|unerlaubte\s+(?:geschäfte|bankgeschäfte|finanzdienstleistungen|investmentgeschäfte)|identitätsmissbrauch|verdacht|hinweis|achtung)\s*:\s*/i;

/** The verb phrase that introduces the target. */
const VERB =
  /\b(?:BaFin\s+)?(?:warnt\s+vor|Warnung\s+vor|ermittelt\s+gegen|Ermittlungen\s+gegen|untersagt|ordnet\s+(?:die\s+)?Abwicklung\s+(?:an\s+)?(?:bei|der|des))\s+/i;

/** Words between the verb and the name: articles, "Angeboten der", "der Internetseite", "der Telegram-Gruppe". */
const LEAD =
  /^(?:(?:den|der|dem|die|das|des)\s+)?(?:(?:Angebot(?:en)?|Geschäft(?:en)?|Aktivitäten)\s+(?:auf\s+)?(?:der|des|dem|den|von)\s+)?(?:(?:angeblichen?|vermeintlichen?)\s+)?(?:(?:Internetseiten?|Webseiten?|Websites?|Plattform(?:en)?|Domains?|Handelsplattform(?:en)?|Telegram-Gruppe|WhatsApp-Gruppe|Unternehmen|Gesellschaft|Firma|App)\s+)?/i;

const strip = (s: string) =>
  s
    .replace(/^[\s"'„“”‚‘’«»]+|[\s"'„“”‚‘’«».]+$/g, '')
    .replace(/\s+/g, ' ')
    .trim();

/** Splits "a.com und b.net", "A Ltd sowie B GmbH", "A, B und C" into separate names. */
function splitTargets(s: string): string[] {
  return s
    .split(/\s*,\s*(?=[^,]+(?:\s+und\s+|$))|\s+(?:und|sowie)\s+/i)
    .map((p) => strip(p.replace(/^(?:den|der|dem|die|das|des)\s+/i, '')))
    .filter((p) => p !== '');
}

/** Website mentions (`auf der Website x.com`, `(x.com)`) inside a name part. */
function websites(s: string): string[] {
  return [...s.matchAll(/\b((?:[a-z0-9-]+\.)+[a-z]{2,})(?:\/\S*)?\b/gi)].map((m) => m[1]!.toLowerCase());
}

export function parseBafinTitle(title: string): BafinTitleParts {
  const t = title.replace(/\s+/g, ' ').trim();
  let sentence = t.replace(TOPICS, '');
  let subject: string | null = null;
  // "Name: BaFin warnt vor Angeboten auf der Website x.com" — the name stands before the colon.
  const colon = /^(.+?)\s*:\s+(.*)$/.exec(sentence);
  if (colon && VERB.test(colon[2]!) && !VERB.test(colon[1]!)) {
    subject = strip(colon[1]!);
    sentence = colon[2]!;
  }
  const verb = VERB.exec(sentence);
  const object = verb ? strip(sentence.slice(verb.index + verb[0].length).replace(LEAD, '')) : null;
  const objectTargets = object ? splitTargets(object) : [];
  const sites = object ? websites(object) : [];
  const names: string[] = [];
  if (subject) names.push(subject);
  // With a subject, the object is usually "Angeboten auf der Website x.com": keep only its websites.
  if (subject) names.push(...sites);
  else names.push(...objectTargets);
  if (names.length === 0) names.push(strip(sentence) || t);
  const unique = [...new Set(names)];
  return { name: unique[0]!, aliases: unique.slice(1) };
}

/** `06.05.2024` → `2024-05-06`; a notice URL's `meldung_2024_05_06_...` as fallback; else null. */
export function bafinDate(shown: string | null, detailUrl: string): string | null {
  const m = /^(\d{2})\.(\d{2})\.(\d{4})$/.exec(shown?.trim() ?? '');
  if (m) return `${m[3]}-${m[2]}-${m[1]}`;
  const u = /(?:meldung|vm)_(\d{4})_(\d{2})_(\d{2})/i.exec(detailUrl);
  if (u) return `${u[1]}-${u[2]}-${u[3]}`;
  return shown?.trim() || null;
}

/** `.../unerlaubte/2024/meldung_2024_05_06_Apex.html` → `2024/meldung_2024_05_06_Apex`. */
export function bafinUid(detailUrl: string): string {
  const path = new URL(detailUrl).pathname.replace(/;jsessionid=.*$/i, '').replace(/\.html?$/i, '');
  const parts = path.split('/').filter((p) => p !== '');
  return decodeURIComponent(parts.slice(-2).join('/')) || detailUrl;
}

/** The entry of one saved notice (`sourceUid` as derived from its address: the source numbers repeats). */
export function bafinNoticeToEntry(raw: Partial<BafinListedNotice>, where: string): ListEntry {
  if (typeof raw.title !== 'string' || !raw.title.trim() || typeof raw.detail_url !== 'string')
    throw new Error(`${where} lacks title or detail_url`);
  const title = raw.title.replace(/\s+/g, ' ').trim();
  const { name, aliases } = parseBafinTitle(title);
  const teaser = typeof raw.teaser === 'string' && raw.teaser.trim() ? raw.teaser.trim() : null;
  const record = {
    name,
    description: teaser && teaser !== title ? `${title}\n${teaser}` : title,
    published_at: bafinDate(typeof raw.date === 'string' ? raw.date : null, raw.detail_url),
    detail_url: raw.detail_url,
  };
  return {
    list: 'bafin_warnings',
    sourceUid: bafinUid(raw.detail_url),
    name,
    aliases,
    kind: 'entity',
    record,
  };
}

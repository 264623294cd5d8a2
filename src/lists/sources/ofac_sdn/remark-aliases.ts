// The legacy CSV files keep weak AKAs out of alt.csv: OFAC's data specification says they sit in the
// Remarks, quoted with single quotes ("a.k.a. 'BOULAHIA'; a.k.a. 'HASSAN THE OLD'.").

/** A weak alias stated in CSV remarks. */
export interface RemarkAlias {
  /** 'a.k.a.', 'f.k.a.' or 'n.k.a.' as written before the quote. */
  readonly type: string;
  readonly name: string;
}

// The closing quote is the one followed by ';', '.' or the end: names hold apostrophes ("ABU AL-WAFA'",
// "AL-DARDA', Abu") and OFAC writes inner double quotes as single ones ("'LLC 'DSD''").
const PATTERN = /\b([afn]\.k\.a\.) '([\s\S]*?)'(?=[;.]|$)/g;

/** Every quoted a.k.a./f.k.a./n.k.a. in a remarks text, in order (the text must not be truncated). */
export function extractRemarkAliases(remarks: string): RemarkAlias[] {
  const out: RemarkAlias[] = [];
  for (const m of remarks.matchAll(PATTERN)) {
    const name = m[2]!.replace(/\s+/g, ' ').trim();
    if (name) out.push({ type: m[1]!, name });
  }
  return out;
}

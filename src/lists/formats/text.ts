// Text clean-up shared by the parsers: publishers pad values and write free text in paragraphs.

/** Trims and collapses inner whitespace; null when nothing is left. */
export function clean(s: string | null | undefined): string | null {
  const t = s?.replace(/\s+/g, ' ').trim();
  return t ? t : null;
}

/** Trims free text (remarks, justifications) but keeps its line breaks. */
export function cleanBlock(s: string | null | undefined): string | null {
  const t = s
    ?.replace(/\r\n?/g, '\n')
    .replace(/[ \t]+\n/g, '\n')
    .trim();
  return t ? t : null;
}

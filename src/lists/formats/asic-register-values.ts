// The values of ASIC's banned and disqualified registers (data.gov.au CSV), shared by the persons and the
// organisations source: columns by header name, DD/MM/YYYY dates, and ASIC's placeholders for "nothing stated".
/** Values ASIC writes where it has nothing to state. */
export const ASIC_PLACEHOLDERS: readonly string[] = [
  'ADDRESS UNKNOWN',
  'INVALID AUSTRALIAN ADDRESS',
  'NO COMMENT MADE',
];

/** Trimmed, whitespace collapsed; empty or a placeholder (any case) is null. */
export function asicValue(raw: string | undefined): string | null {
  const t = (raw ?? '').replace(/\s+/g, ' ').trim();
  if (!t || ASIC_PLACEHOLDERS.includes(t.toUpperCase())) return null;
  return t;
}

/** `DD/MM/YYYY` (also D/M/YYYY) to `YYYY-MM-DD`; blank is null; another shape is kept as published. */
export function asicDate(raw: string | undefined): string | null {
  const t = asicValue(raw);
  if (t === null) return null;
  const m = /^(\d{1,2})\/(\d{1,2})\/(\d{4})$/.exec(t);
  if (!m) return t;
  const iso = `${m[3]}-${m[2]!.padStart(2, '0')}-${m[1]!.padStart(2, '0')}`;
  const d = new Date(`${iso}T00:00:00Z`);
  return !Number.isNaN(d.getTime()) && d.toISOString().slice(0, 10) === iso ? iso : t;
}

/** Column positions by our key, from header names (case-insensitive); throws naming missing required ones. */
export function asicLayout<K extends string>(
  header: readonly string[],
  columns: Readonly<Record<K, string>>,
  required: readonly K[],
  file: string,
): ReadonlyMap<K, number> {
  const norm = header.map((h) =>
    h
      .replace(/^\uFEFF/, '')
      .trim()
      .toUpperCase(),
  );
  const layout = new Map<K, number>();
  for (const [key, name] of Object.entries(columns) as Array<[K, string]>) {
    const i = norm.indexOf(name);
    if (i >= 0) layout.set(key, i);
  }
  const missing = required.filter((k) => !layout.has(k));
  if (missing.length > 0)
    throw new Error(
      `${file}: header lacks ${missing.map((k) => columns[k]).join(', ')} (got ${norm.join(', ')})`,
    );
  return layout;
}

// Raw JSON as the API sent or recorded it (usage records hold whatever the call carried, which may be text).
function pretty(value: unknown): string {
  if (value === undefined || value === null) return 'none';
  if (typeof value === 'string') {
    try {
      return JSON.stringify(JSON.parse(value), null, 2);
    } catch {
      return value;
    }
  }
  return JSON.stringify(value, null, 2);
}

export function JsonBlock({ value, label }: { value: unknown; label: string }) {
  return (
    <figure className="json">
      <figcaption>{label}</figcaption>
      <pre tabIndex={0}>{pretty(value)}</pre>
    </figure>
  );
}

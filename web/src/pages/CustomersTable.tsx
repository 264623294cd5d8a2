// Customers one per row (on a phone one card each, the name first): name, reference, search type, the qualifiers
// they are screened with (date of birth, countries, kind), when added and last changed.
import type { SubjectView } from '../api/api-types.ts';
import { ScrollBox } from '../components/ScrollBox.tsx';
import { formatDateTime } from '../format.ts';
import { describeQualifiers } from './qualifier-fields.ts';

export function CustomersTable({ subjects }: { subjects: readonly SubjectView[] }) {
  return (
    <ScrollBox label="Customers">
      <table className="stack">
        <caption className="visually-hidden">Customers, oldest first</caption>
        <thead>
          <tr>
            <th scope="col">Name</th>
            <th scope="col">Reference</th>
            <th scope="col">Search type</th>
            <th scope="col">Qualifiers</th>
            <th scope="col">Added</th>
            <th scope="col">Changed</th>
          </tr>
        </thead>
        <tbody>
          {subjects.map((s) => (
            <tr key={s.id}>
              <td data-label="Name" className="first">
                {s.name}
              </td>
              <td data-label="Reference" className="mono">
                {s.reference ?? <span className="muted">—</span>}
              </td>
              <td data-label="Search type">{s.search_type.replace(/_/g, ' ')}</td>
              <td data-label="Qualifiers">{describeQualifiers(s) || <span className="muted">—</span>}</td>
              <td data-label="Added">{formatDateTime(s.created_at)}</td>
              <td data-label="Changed">
                {s.updated_at === s.created_at ? (
                  <span className="muted">—</span>
                ) : (
                  formatDateTime(s.updated_at)
                )}
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </ScrollBox>
  );
}

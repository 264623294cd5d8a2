// A dashboard address that names no page (a mistyped or outdated link).
import { useDocumentTitle } from '../hooks/use-document-title.ts';
import { Link } from '../router/Link.tsx';
import { HOME } from '../routes.ts';

export function NotFoundPage() {
  useDocumentTitle('Page not found');
  return (
    <>
      <h1>Page not found</h1>
      <p>
        There is no dashboard page at this address. <Link href={HOME}>Go to name screening</Link>.
      </p>
    </>
  );
}

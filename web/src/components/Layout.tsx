// The signed-in frame: skip link, header with the pages and the account, and the main region.
import { useEffect, useRef, type ReactNode } from 'react';
import { useApp } from '../app-context.ts';
import { Link } from '../router/Link.tsx';
import { PAGES } from '../routes.ts';

export function Layout({ path, children }: { path: string; children: ReactNode }) {
  const { email, signOut } = useApp();
  const mainRef = useRef<HTMLElement>(null);
  const shownPath = useRef(path);
  // After moving to another page, keyboard and screen reader users start at its content, not at the link.
  useEffect(() => {
    if (path === shownPath.current) return;
    shownPath.current = path;
    mainRef.current?.focus();
  }, [path]);
  return (
    <>
      <a className="skip-link" href="#main">
        Skip to content
      </a>
      <header className="site-header">
        <div className="brand">Screening</div>
        <nav aria-label="Pages">
          <ul>
            {PAGES.map((p) => (
              <li key={p.path}>
                <Link href={p.path} aria-current={path === p.path ? 'page' : undefined}>
                  {p.label}
                </Link>
              </li>
            ))}
          </ul>
        </nav>
        <div className="account">
          <span className="muted" title="Signed in as">
            {email}
          </span>
          <button type="button" className="secondary" onClick={() => void signOut()}>
            Sign out
          </button>
        </div>
      </header>
      <main id="main" tabIndex={-1} ref={mainRef}>
        {children}
      </main>
    </>
  );
}

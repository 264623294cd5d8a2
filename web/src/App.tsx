// The app shell: holds the session, sends signed-out visitors to sign-in (remembering where they were going),
// and turns any 401 on a signed-in call into "your session ended" without losing the page they were on.
import { useCallback, useMemo, useRef, useState } from 'react';
import { ApiClient } from './api/api-client.ts';
import { AppContext, type AppContextValue } from './app-context.ts';
import { EntryDetailsDialog } from './components/EntryDetailsDialog.tsx';
import { Layout } from './components/Layout.tsx';
import { clearDrafts } from './hooks/clear-drafts.ts';
import { AdverseMediaPage } from './pages/AdverseMediaPage.tsx';
import { AlertsPage } from './pages/AlertsPage.tsx';
import { CustomersPage } from './pages/CustomersPage.tsx';
import { EvidencePage } from './pages/EvidencePage.tsx';
import { HistoryPage } from './pages/HistoryPage.tsx';
import { KeysPage } from './pages/KeysPage.tsx';
import { ComparePage } from './pages/ComparePage.tsx';
import { EffectivenessPage } from './pages/EffectivenessPage.tsx';
import { ListsPage } from './pages/ListsPage.tsx';
import { NamesPage } from './pages/NamesPage.tsx';
import { NotFoundPage } from './pages/NotFoundPage.tsx';
import { SignInPage } from './pages/SignInPage.tsx';
import { WalletsPage } from './pages/WalletsPage.tsx';
import { WebhooksPage } from './pages/WebhooksPage.tsx';
import { Redirect } from './router/Redirect.tsx';
import { navigate, useLocation } from './router/use-location.ts';
import { EVIDENCE_PATH, HOME, SIGN_IN, SIGN_UP } from './routes.ts';
import { clearSession, loadSession, saveSession, type StoredSession } from './session/session-storage.ts';

/** Where to go after signing in: the page the visitor asked for, never an outside address. */
function nextFrom(search: string): string {
  const next = new URLSearchParams(search).get('next');
  return next && next.startsWith('/') && !next.startsWith('//') ? next : HOME;
}

export function App() {
  const { path, search } = useLocation();
  const [session, setSession] = useState<StoredSession | null>(() => loadSession());
  const [notice, setNotice] = useState<string | null>(null);
  const [lastEmail, setLastEmail] = useState<string>(() => loadSession()?.email ?? '');
  const [entryName, setEntryName] = useState<string | null>(null);
  const sessionRef = useRef(session);
  sessionRef.current = session;
  const titlesRef = useRef<Promise<ReadonlyMap<string, string>> | null>(null);

  const endSession = useCallback((message: string | null) => {
    const current = sessionRef.current;
    if (current) setLastEmail(current.email);
    clearSession();
    sessionRef.current = null;
    titlesRef.current = null;
    setSession(null);
    setEntryName(null);
    setNotice(message);
    const here = window.location.pathname + window.location.search;
    const onAuthPage = window.location.pathname === SIGN_IN || window.location.pathname === SIGN_UP;
    navigate(onAuthPage || message === null ? SIGN_IN : `${SIGN_IN}?next=${encodeURIComponent(here)}`, {
      replace: true,
    });
  }, []);

  const api = useMemo(
    () =>
      new ApiClient({
        token: () => sessionRef.current?.token ?? null,
        onUnauthorized: () =>
          endSession('Your session has ended. Sign in again to carry on; what you typed has been kept.'),
      }),
    [endSession],
  );

  const signedIn = useCallback(
    (s: StoredSession) => {
      // Drafts kept across an expired session belong to whoever typed them, not to the next person.
      if (lastEmail && lastEmail.toLowerCase() !== s.email.toLowerCase()) clearDrafts();
      saveSession(s);
      sessionRef.current = s;
      setSession(s);
      setNotice(null);
      navigate(nextFrom(search), { replace: true });
    },
    [search, lastEmail],
  );

  const signOut = useCallback(async () => {
    try {
      await api.data(api.call.POST('/api/auth/logout'));
    } catch {
      // Signing out locally is what matters; the token expires on the server anyway.
    }
    // A deliberate sign-out leaves nothing behind for the next person at this machine.
    clearDrafts();
    endSession(null);
    setNotice('You have signed out.');
  }, [api, endSession]);

  const listTitles = useCallback(() => {
    titlesRef.current ??= api.data(api.call.GET('/api/v2/lists')).then(
      (r) => new Map(r.lists.map((l) => [l.slug, l.title])),
      (err: unknown) => {
        titlesRef.current = null;
        throw err;
      },
    );
    return titlesRef.current;
  }, [api]);

  const ctx: AppContextValue | null = useMemo(
    () => (session ? { api, email: session.email, signOut, openEntry: setEntryName, listTitles } : null),
    [api, session, signOut, listTitles],
  );

  if (!ctx) {
    if (path !== SIGN_IN && path !== SIGN_UP) {
      const here = path === '/' ? '' : `?next=${encodeURIComponent(path + search)}`;
      return <Redirect to={`${SIGN_IN}${here}`} />;
    }
    return (
      <SignInPage
        api={api}
        mode={path === SIGN_UP ? 'signup' : 'signin'}
        notice={notice}
        initialEmail={lastEmail}
        onSignedIn={signedIn}
        search={search}
      />
    );
  }

  if (path === '/' || path === SIGN_IN || path === SIGN_UP)
    return <Redirect to={path === '/' ? HOME : nextFrom(search)} />;

  return (
    <AppContext.Provider value={ctx}>
      <Layout path={path}>
        <Page path={path} />
      </Layout>
      {entryName !== null && <EntryDetailsDialog name={entryName} onClose={() => setEntryName(null)} />}
    </AppContext.Provider>
  );
}

function Page({ path }: { path: string }) {
  switch (path) {
    case '/screen/names':
      return <NamesPage />;
    case '/screen/wallets':
      return <WalletsPage />;
    case '/screen/adverse-media':
      return <AdverseMediaPage />;
    case '/compare':
      return <ComparePage />;
    case '/customers':
      return <CustomersPage />;
    case '/alerts':
      return <AlertsPage />;
    case '/history':
      return <HistoryPage />;
    case '/lists':
      return <ListsPage />;
    case '/webhooks':
      return <WebhooksPage />;
    case '/keys':
      return <KeysPage />;
    case '/effectiveness':
      return <EffectivenessPage />;
    case EVIDENCE_PATH:
      return <EvidencePage />;
    default:
      return <NotFoundPage />;
  }
}

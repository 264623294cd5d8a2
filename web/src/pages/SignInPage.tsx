// Sign in and sign up (one form, two modes). The email survives a return here after an expired session.
import { useEffect, useState, type FormEvent } from 'react';
import type { ApiClient } from '../api/api-client.ts';
import { ErrorNotice } from '../components/ErrorNotice.tsx';
import { useApiCall } from '../hooks/use-api-call.ts';
import { useDocumentTitle } from '../hooks/use-document-title.ts';
import { Link } from '../router/Link.tsx';
import { SIGN_IN, SIGN_UP } from '../routes.ts';
import type { StoredSession } from '../session/session-storage.ts';

interface Props {
  readonly api: ApiClient;
  readonly mode: 'signin' | 'signup';
  readonly notice: string | null;
  readonly initialEmail: string;
  readonly search: string;
  readonly onSignedIn: (s: StoredSession) => void;
}

export function SignInPage({ api, mode, notice, initialEmail, search, onSignedIn }: Props) {
  const signup = mode === 'signup';
  useDocumentTitle(signup ? 'Create an account' : 'Sign in');
  const [email, setEmail] = useState(initialEmail);
  const [password, setPassword] = useState('');
  const call = useApiCall();
  const { fail } = call;
  // A wrong password is about signing in: it does not follow the visitor to "Create an account", or back.
  useEffect(() => fail(null), [mode, fail]);

  const submit = (e: FormEvent) => {
    e.preventDefault();
    if (call.busy) return;
    void call.run(async (signal) => {
      const init = { body: { email: email.trim(), password }, signal };
      const s = await api.data(
        signup ? api.anonymous.POST('/api/auth/signup', init) : api.anonymous.POST('/api/auth/login', init),
      );
      onSignedIn({ ...s, email: email.trim() });
    });
  };

  return (
    <main id="main" className="auth">
      <div className="auth-card">
        <p className="brand">Screening</p>
        <h1>{signup ? 'Create an account' : 'Sign in'}</h1>
        {notice && (
          <div className="notice info" role="status">
            {notice}
          </div>
        )}
        <ErrorNotice error={call.error} />
        <form onSubmit={submit}>
          <label htmlFor="email">Email</label>
          <input
            id="email"
            type="email"
            autoComplete="email"
            required
            value={email}
            onChange={(e) => setEmail(e.target.value)}
            autoFocus={!email}
          />
          <label htmlFor="password">Password</label>
          <input
            id="password"
            type="password"
            autoComplete={signup ? 'new-password' : 'current-password'}
            required
            minLength={signup ? 10 : undefined}
            value={password}
            onChange={(e) => setPassword(e.target.value)}
            autoFocus={!!email}
          />
          {signup && <p className="hint">At least 10 characters; a short sentence is easy to remember.</p>}
          {/* aria-disabled, not disabled: a disabled button drops keyboard focus to the page. */}
          <button type="submit" aria-disabled={call.busy || undefined}>
            {call.busy ? 'Please wait…' : signup ? 'Create account' : 'Sign in'}
          </button>
        </form>
        <p className="switch">
          {signup ? (
            <>
              Already have an account? <Link href={`${SIGN_IN}${search}`}>Sign in</Link>
            </>
          ) : (
            <>
              New here? <Link href={`${SIGN_UP}${search}`}>Create an account</Link>
            </>
          )}
        </p>
      </div>
    </main>
  );
}

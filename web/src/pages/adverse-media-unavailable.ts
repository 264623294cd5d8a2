// Why adverse media screening did not run, in words that say who can fix it: a server without a search provider
// needs its administrator (trying again will not help); a provider that did not answer may answer later.
import { ApiError } from '../api/api-error.ts';

/** What the page says when the search could not run; null for errors that are not about availability. */
export interface UnavailableNotice {
  readonly title: string;
  readonly body: string;
}

const notConfigured = (message: string) => /not configured/i.test(message);

/** The notice for a 502/503/504 from the adverse media endpoint, else null (shown as an ordinary error). */
export function unavailableNotice(err: unknown): UnavailableNotice | null {
  if (!(err instanceof ApiError) || err.status < 502 || err.status > 504) return null;
  if (err.status === 503 && notConfigured(err.message))
    return {
      title: 'Adverse media screening is not set up on this server.',
      body:
        'Nothing was screened. An administrator can turn it on by giving the server a news search provider ' +
        'key (SEARCH_API_KEY) and restarting it; until then, trying again will not help.',
    };
  return {
    title: 'The news search did not answer, so nothing was screened.',
    body: `The server said: ${err.message}. Try again in a few minutes; if it keeps happening, tell your administrator.`,
  };
}

/** Words for an analysis that did not (fully) run, naming who can set up a missing model. */
export function analysisProblem(error: string | undefined): string | null {
  if (error === undefined) return null;
  if (notConfigured(error))
    return 'No language model is set up on this server to judge articles; an administrator can configure one (LLM_BASE_URL, LLM_MODEL).';
  return `The analysis reported: ${error}.`;
}

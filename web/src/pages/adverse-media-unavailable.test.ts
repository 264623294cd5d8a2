// Adverse media that could not run: a server without a provider names its administrator and offers no retry.
import { describe, expect, it } from 'vitest';
import { ApiError } from '../api/api-error.ts';
import { analysisProblem, unavailableNotice } from './adverse-media-unavailable.ts';

describe('unavailableNotice', () => {
  it('a server without a search provider: who can fix it, and no suggestion to retry', () => {
    const n = unavailableNotice(
      new ApiError(
        503,
        'adverse media search is not configured on this server; its administrator can turn it on (SEARCH_API_KEY)',
      ),
    );
    expect(n?.title).toBe('Adverse media screening is not set up on this server.');
    expect(n?.body).toMatch(/administrator/);
    expect(n?.body).toMatch(/trying again will not help/);
    expect(n?.body).not.toMatch(/try again (later|in)/i);
  });

  it('a provider that did not answer: nothing screened, try again later', () => {
    for (const status of [502, 503, 504]) {
      const n = unavailableNotice(new ApiError(status, 'the search provider timed out'));
      expect(n?.title).toMatch(/nothing was screened/);
      expect(n?.body).toMatch(/the search provider timed out.*Try again in a few minutes/);
    }
  });

  it('other errors are not about availability', () => {
    expect(unavailableNotice(new ApiError(400, 'name must not be blank'))).toBeNull();
    expect(unavailableNotice(new ApiError(500, 'internal error'))).toBeNull();
    expect(unavailableNotice(new TypeError('fetch failed'))).toBeNull();
  });
});

describe('analysisProblem', () => {
  it('names the administrator when no model is configured, and passes other reasons on', () => {
    expect(analysisProblem('analysis is not configured on this server')).toMatch(
      /administrator can configure/,
    );
    expect(analysisProblem('one batch timed out')).toBe('The analysis reported: one batch timed out.');
    expect(analysisProblem(undefined)).toBeNull();
  });
});

// The adverse media request body: only what the analyst set is sent, and each mistake is named.
import { describe, expect, it } from 'vitest';
import { buildAdverseMediaBody, EMPTY_FORM, type AdverseMediaFormValues } from './adverse-media-request.ts';

const form = (values: Partial<AdverseMediaFormValues>) => buildAdverseMediaBody({ ...EMPTY_FORM, ...values });

describe('buildAdverseMediaBody', () => {
  it('sends only the name when nothing else is set, so the server defaults apply', () => {
    expect(form({ name: '  Rustam Karimov ' })).toEqual({ body: { name: 'Rustam Karimov' } });
  });

  it('sends every option that was set, in the API’s shapes', () => {
    expect(
      form({
        name: 'Rustam Karimov',
        context: ' trader ',
        mode: 'general',
        max_results: '15',
        topic: 'general',
        search_depth: 'advanced',
        window: 'range',
        time_range: 'week',
        country: ' Syria ',
        include_domains: 'Reuters.com, ft.com\nbbc.co.uk',
        exclude_domains: 'example.org',
        additional_call_info: '{"case": "C-1042"}',
      }),
    ).toEqual({
      body: {
        name: 'Rustam Karimov',
        context: 'trader',
        mode: 'general',
        max_results: 15,
        topic: 'general',
        search_depth: 'advanced',
        time_range: 'week',
        country: 'Syria',
        include_domains: ['reuters.com', 'ft.com', 'bbc.co.uk'],
        exclude_domains: ['example.org'],
        additional_call_info: { case: 'C-1042' },
      },
    });
  });

  it('sends the time window chosen, and not the other one left filled in', () => {
    const filled = {
      name: 'x',
      time_range: 'year',
      start_date: '2026-01-01',
      end_date: '2026-02-01',
    } as const;
    expect(form({ ...filled, window: 'any' })).toEqual({ body: { name: 'x' } });
    expect(form({ ...filled, window: 'range' })).toEqual({ body: { name: 'x', time_range: 'year' } });
    expect(form({ ...filled, window: 'dates' })).toEqual({
      body: { name: 'x', start_date: '2026-01-01', end_date: '2026-02-01' },
    });
    expect(form({ name: 'x', window: 'dates', start_date: '2026-01-01' })).toEqual({
      body: { name: 'x', start_date: '2026-01-01' },
    });
  });

  it.each([
    [{ name: '  ' }, 'Enter a name to screen.'],
    [{ max_results: '0' }, 'Articles to review must be a whole number from 1 to 20.'],
    [{ max_results: '21' }, 'Articles to review must be a whole number from 1 to 20.'],
    [{ max_results: '2.5' }, 'Articles to review must be a whole number from 1 to 20.'],
    [
      { window: 'dates', start_date: '2026-03-01', end_date: '2026-02-01' },
      'The start date must not be after the end date.',
    ],
    [{ country: 'Syria', topic: 'news' }, 'Country can only be used with the topic “general”.'],
    [
      { include_domains: 'https://reuters.com' },
      'Domains are host names such as example.com, not addresses with https:// or a path.',
    ],
    [
      { exclude_domains: 'ft.com/markets' },
      'Domains are host names such as example.com, not addresses with https:// or a path.',
    ],
    [
      { additional_call_info: '{case: 1}' },
      'Your reference must be valid JSON, for example {"case": "C-1042"}.',
    ],
  ] as [Partial<AdverseMediaFormValues>, string][])('refuses %j: %s', (values, error) => {
    expect(form({ name: 'Rustam Karimov', ...values })).toEqual({ error });
  });
});

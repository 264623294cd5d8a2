// The list catalog row as the API returns it (GET /api/v2/lists and the admin review routes).
import { Type } from 'typebox';

/** The version a list holds for review, with its delta against the serving version. */
export const HeldVersionView = Type.Object(
  {
    id: Type.String(),
    fetched_at: Type.String(),
    data_date: Type.Union([Type.String(), Type.Null()]),
    record_count: Type.Integer(),
    removed: Type.Integer({ description: 'entries of the serving version it no longer has (by source_uid)' }),
    added: Type.Integer(),
    changed: Type.Integer({ description: 'same source_uid, different published record' }),
    reason: Type.String(),
  },
  {
    title: 'HeldVersion',
    description: 'A new version stored but not served until an admin accepts or rejects it',
  },
);

/** A catalog row as the examples show it. */
export const LIST_VIEW_EXAMPLE = {
  slug: 'ofac_sdn',
  title: 'OFAC Specially Designated Nationals',
  publisher: 'US Treasury, Office of Foreign Assets Control (OFAC)',
  legacy: true,
  format: 'XML (sdnList)',
  cadence: 'On each OFAC action',
  status: 'fresh',
  record_count: 17843,
  data_date: '2025-03-04',
  fetched_at: '2025-03-05T06:00:12.000Z',
  last_attempt_at: '2025-03-05T06:00:12.000Z',
  last_success_at: '2025-03-05T06:00:12.000Z',
  last_error: null,
  held_version: null,
};

export const ListView = Type.Object(
  {
    slug: Type.String(),
    title: Type.String(),
    publisher: Type.String(),
    legacy: Type.Boolean(),
    format: Type.String(),
    cadence: Type.String(),
    status: Type.String({
      description:
        'fresh, stale (last refresh failed; previous version serving), held_for_review (a new version removes ' +
        'too many entries and waits for an admin; previous version serving), failed, never_loaded',
    }),
    record_count: Type.Union([Type.Integer(), Type.Null()]),
    data_date: Type.Union([Type.String(), Type.Null()]),
    fetched_at: Type.Union([Type.String(), Type.Null()]),
    last_attempt_at: Type.Union([Type.String(), Type.Null()]),
    last_success_at: Type.Union([Type.String(), Type.Null()]),
    last_error: Type.Union([Type.String(), Type.Null()]),
    held_version: Type.Union([HeldVersionView, Type.Null()]),
  },
  { title: 'ListView' },
);

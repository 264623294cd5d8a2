// Monitored subjects (POST/GET /api/v2/subjects, GET/DELETE /api/v2/subjects/{id}): an account's customers, each
// screened when added or changed, its matches becoming alerts. Another account's subject answers 404.
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { Type } from 'typebox';
import type { SubjectsService } from '../../services/monitoring/subjects-service.js';
import type { RouteAccess } from '../route-access.js';
import { v2Errors } from '../schemas/common.js';
import {
  DELETED_EXAMPLE,
  IdParams,
  SUBJECT_RESPONSE_EXAMPLE,
  SUBJECTS_PAGE_EXAMPLE,
  SUBJECTS_RESPONSE_EXAMPLE,
  SubjectsBody,
  SubjectsQuery,
  SubjectView,
} from '../schemas/monitoring.js';

const access: RouteAccess = { auth: 'key_or_bearer', metered: true, rateLimit: 'principal' };

/** What the subject routes need. */
export interface SubjectRouteDeps {
  readonly subjects: Pick<SubjectsService, 'upsert' | 'page' | 'get' | 'delete'>;
}

export const subjectRoutes =
  (deps: SubjectRouteDeps): FastifyPluginAsyncTypebox =>
  async (app) => {
    app.post(
      '/api/v2/subjects',
      {
        config: { access: { ...access, storeResponse: { digestBecause: 'up to 10,000 subjects echoed' } } },
        schema: {
          summary:
            'Adds or updates monitored subjects (upsert by reference); each new or changed one is screened at ' +
            'once against every loaded list and its matches become alerts',
          operationId: 'upsertSubjects',
          tags: ['monitoring'],
          body: SubjectsBody,
          response: {
            200: Type.Object(
              { subjects: Type.Array(SubjectView), api_usage_id: Type.String() },
              { examples: [SUBJECTS_RESPONSE_EXAMPLE] },
            ),
            ...v2Errors(),
          },
        },
      },
      async (req) => ({
        subjects: await deps.subjects.upsert(
          req.principal!.userId,
          req.body.subjects,
          req.usage ?? undefined,
        ),
        api_usage_id: req.usage!.id,
      }),
    );

    app.get(
      '/api/v2/subjects',
      {
        config: { access },
        schema: {
          summary:
            "The account's monitored subjects, oldest first, paged; filter by part of the name or reference",
          operationId: 'listSubjects',
          tags: ['monitoring'],
          querystring: SubjectsQuery,
          response: {
            200: Type.Object(
              {
                subjects: Type.Array(SubjectView),
                next_cursor: Type.Union([Type.String(), Type.Null()]),
                api_usage_id: Type.String(),
              },
              { examples: [SUBJECTS_PAGE_EXAMPLE] },
            ),
            ...v2Errors(),
          },
        },
      },
      async (req) => ({
        ...(await deps.subjects.page(req.principal!.userId, { ...req.query, limit: req.query.limit ?? 100 })),
        api_usage_id: req.usage!.id,
      }),
    );

    app.get(
      '/api/v2/subjects/:id',
      {
        config: { access },
        schema: {
          summary: 'One monitored subject',
          operationId: 'getSubject',
          tags: ['monitoring'],
          params: IdParams,
          response: {
            200: Type.Object(
              { subject: SubjectView, api_usage_id: Type.String() },
              { examples: [SUBJECT_RESPONSE_EXAMPLE] },
            ),
            ...v2Errors(404),
          },
        },
      },
      async (req) => ({
        subject: await deps.subjects.get(req.principal!.userId, req.params.id),
        api_usage_id: req.usage!.id,
      }),
    );

    app.delete(
      '/api/v2/subjects/:id',
      {
        config: { access },
        schema: {
          summary: 'Stops monitoring a subject (its alerts are kept)',
          operationId: 'deleteSubject',
          tags: ['monitoring'],
          params: IdParams,
          response: {
            200: Type.Object(
              { deleted: Type.Literal(true), api_usage_id: Type.String() },
              { examples: [DELETED_EXAMPLE] },
            ),
            ...v2Errors(404),
          },
        },
      },
      async (req) => {
        await deps.subjects.delete(req.principal!.userId, req.params.id);
        return { deleted: true as const, api_usage_id: req.usage!.id };
      },
    );
  };

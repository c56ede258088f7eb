import type { FastifyPluginAsync } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  IDEMPOTENCY_KEY_HEADER,
  ZAssignableStudentCollection,
  ZAssignableVacanciesQuery,
  ZAssignableVacancyCollection,
  ZAssignmentBody,
  ZAssignmentDocument,
  ZAssignmentOptionsDocument,
} from '@stageplein/contracts/placements/allocation-assign';
import { collectionDocument, resourceDocument } from '@stageplein/kit/jsonapi/serialize';
import type { TPlacementsDeps } from '../../placements.config.ts';
import { callerOf } from '../../shared/caller.ts';
import { contextOf } from '../../shared/request.ts';
import {
  assignableStudents,
  assignableVacancies,
  assignInternships,
  assignmentOptions,
} from './assign.service.ts';

const TAGS = ['internship assignments'];
const ids = z
  .string()
  .optional()
  .transform((v) => (v ? v.split(',').filter(Boolean) : []))
  .pipe(z.array(z.uuid()).max(200));

/** Assign in one go (docs/decisions/allocation.md): thin handlers over assign.service.ts. */
export const assignRoutes: FastifyPluginAsync<TPlacementsDeps> = async (app, deps) => {
  const r = app.withTypeProvider<ZodTypeProvider>();

  r.post('/api/v1/internship_assignments', {
    schema: {
      tags: TAGS,
      summary:
        'Create approved internships for (student, vacancy) pairs in one go (school admins); Idempotency-Key required',
      headers: z.object({ [IDEMPOTENCY_KEY_HEADER]: z.string().trim().min(8).max(200) }),
      body: ZAssignmentBody,
      response: { 200: ZAssignmentDocument, 201: ZAssignmentDocument },
    },
    handler: async (req, reply) => {
      const ctx = await contextOf(req, deps);
      const caller = await callerOf(req, ctx.db);
      const key = req.headers[IDEMPOTENCY_KEY_HEADER];
      const { batch, created } = await assignInternships(ctx, caller, key, req.body.data.attributes);
      return reply.status(created ? 201 : 200).send(
        resourceDocument({
          type: 'internship_assignment' as const,
          id: batch.id,
          attributes: { internship_ids: batch.internship_ids, created_at: batch.created_at.toISOString() },
        }),
      );
    },
  });

  r.get('/api/v1/internship_assignments/students', {
    schema: {
      tags: TAGS,
      summary: "The school's students with their group and level, to pick from (school admins)",
      querystring: z.object({ 'filter[group_id_in]': ids, 'filter[level_id_in]': ids }),
      response: { 200: ZAssignableStudentCollection },
    },
    handler: async (req, reply) => {
      const ctx = await contextOf(req, deps);
      const caller = await callerOf(req, ctx.db);
      const students = await assignableStudents(ctx, caller, {
        groupIds: req.query['filter[group_id_in]'],
        levelIds: req.query['filter[level_id_in]'],
      });
      reply.header('cache-control', 'private, no-store');
      return collectionDocument(
        students.map((s) => ({
          type: 'assignable_student' as const,
          id: s.id,
          attributes: {
            first_name: s.first_name,
            last_name: s.last_name,
            email: s.email,
            group_id: s.group_id,
            group_name: s.group_name,
            level_id: s.level_id,
          },
        })),
      );
    },
  });

  r.get('/api/v1/internship_assignments/vacancies', {
    schema: {
      tags: TAGS,
      summary:
        'Vacancies the school may pick for a round or an assignment (published, visible, a place left), by words (school admins)',
      description:
        'Every word of `filter[search]` in the title, the organization’s name or the place; newest first, at most `page[size]` (≤ 50).',
      querystring: ZAssignableVacanciesQuery,
      response: { 200: ZAssignableVacancyCollection },
    },
    handler: async (req, reply) => {
      const ctx = await contextOf(req, deps);
      const caller = await callerOf(req, ctx.db);
      const q = req.query;
      const rows = await assignableVacancies(ctx, caller, q['filter[search]'] ?? '', q['page[size]']);
      reply.header('cache-control', 'private, no-store');
      return collectionDocument(
        rows.map((v) => ({
          type: 'assignable_vacancy' as const,
          id: v.id,
          attributes: {
            title: v.title,
            organization_name: v.organization_name,
            city: v.city,
            places: v.places,
            places_left: v.places_left,
          },
        })),
      );
    },
  });

  r.get('/api/v1/internship_assignments/options', {
    schema: {
      tags: TAGS,
      summary: "The school's groups, levels and internship periods to pick by (school admins)",
      response: { 200: ZAssignmentOptionsDocument },
    },
    handler: async (req, reply) => {
      const ctx = await contextOf(req, deps);
      const caller = await callerOf(req, ctx.db);
      const { schoolId, groups, levels, periods } = await assignmentOptions(ctx, caller);
      reply.header('cache-control', 'private, no-store');
      return {
        data: {
          type: 'assignment_options' as const,
          id: schoolId,
          attributes: { groups, levels, internship_periods: periods },
        },
      };
    },
  });
};

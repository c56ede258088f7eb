import type { FastifyPluginAsync } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { ZMetaDocument } from '@stageplein/contracts/identity/users';
import {
  ZMentorshipCollection,
  ZMentorshipCreateBody,
  ZMentorshipDocument,
  type TMentorshipResource,
  ZMentorshipsQuery,
} from '@stageplein/contracts/organizations/mentorships';
import { forbidden, notFound } from '@stageplein/kit/errors/api-error';
import { collectionDocument, resourceDocument } from '@stageplein/kit/jsonapi/serialize';
import type { TServiceDeps } from '@stageplein/kit/service';
import { requireCaller, requireApprovedOrganization } from '../shared/caller.ts';
import { contextOf } from '../shared/request.ts';
import { mentorshipsPolicy } from './mentorships.policy.ts';
import { findMentorship, listMentorships, type TMentorshipRow } from './mentorships.repository.ts';
import { addMentorship, removeMentorship } from './mentorships.service.ts';

const TAGS = ['mentorships'];
const ZId = z.object({ id: z.uuid() });

const mentorshipResource = (m: TMentorshipRow): TMentorshipResource => ({
  type: 'mentorship',
  id: m.id,
  attributes: {
    mentor_id: m.mentor_id,
    student_id: m.student_id,
    school_id: m.school_id,
    created_at: m.created_at.toISOString(),
  },
  relationships: {
    mentor: { data: { type: 'user', id: m.mentor_id } },
    student: { data: { type: 'user', id: m.student_id } },
    school: { data: { type: 'School', id: m.school_id } },
  },
});

export const mentorshipsRoutes: FastifyPluginAsync<TServiceDeps> = async (app, deps) => {
  const r = app.withTypeProvider<ZodTypeProvider>();

  r.get('/api/v1/mentorships', {
    schema: {
      tags: TAGS,
      summary: 'Mentorships of the current School: all for its admins, their own for mentors and students',
      querystring: ZMentorshipsQuery,
      response: { 200: ZMentorshipCollection },
    },
    handler: async (req) => {
      const ctx = await contextOf(req, deps);
      const caller = await requireCaller(req, ctx.db);
      const school = { schoolId: caller.current?.id ?? '' };
      if (!mentorshipsPolicy.list(caller, school)) throw forbidden();
      const rows = await listMentorships(ctx.db, {
        schoolId: school.schoolId,
        mentorId: req.query['filter[mentor_id_eq]'],
        studentId: req.query['filter[student_id_eq]'],
        involving: mentorshipsPolicy.listAll(caller, school) ? undefined : caller.userId,
      });
      const data = rows.map(mentorshipResource);
      return collectionDocument(data, { total: data.length });
    },
  });

  r.post('/api/v1/mentorships', {
    schema: {
      tags: TAGS,
      summary: 'Link a mentor and a student of the current School (its admins; a mentor for themselves)',
      body: ZMentorshipCreateBody,
      response: { 201: ZMentorshipDocument },
    },
    handler: async (req, reply) => {
      const ctx = await contextOf(req, deps);
      const caller = await requireCaller(req, ctx.db);
      requireApprovedOrganization(caller);
      const { mentor_id, student_id } = req.body.data.attributes;
      const schoolId = caller.current?.id ?? '';
      if (!mentorshipsPolicy.add(caller, { schoolId, mentorId: mentor_id })) throw forbidden();
      const mentorship = await addMentorship(ctx, caller, schoolId, mentor_id, student_id);
      return reply.status(201).send(resourceDocument(mentorshipResource(mentorship)));
    },
  });

  r.delete('/api/v1/mentorships/:id', {
    schema: {
      tags: TAGS,
      summary: 'Remove a mentorship (the school’s admins; a mentor their own)',
      params: ZId,
      response: { 200: ZMetaDocument },
    },
    handler: async (req) => {
      const ctx = await contextOf(req, deps);
      const caller = await requireCaller(req, ctx.db);
      const mentorship = await findMentorship(ctx.db, req.params.id);
      if (!mentorship) throw notFound();
      requireApprovedOrganization(caller);
      const target = { schoolId: mentorship.school_id, mentorId: mentorship.mentor_id };
      if (!mentorshipsPolicy.remove(caller, target)) throw forbidden();
      await removeMentorship(ctx, caller, mentorship);
      return { meta: { deleted: true } };
    },
  });
};

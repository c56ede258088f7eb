import type { FastifyPluginAsync } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { ZMetaDocument } from '@stageplein/contracts/identity/users';
import {
  ZAssignGroupBody,
  ZGroupCollection,
  ZGroupCreateBody,
  ZGroupDocument,
  ZGroupMembershipDocument,
  ZGroupUpdateBody,
  ZGroupsQuery,
} from '@stageplein/contracts/organizations/school-resources';
import { forbidden, notFound } from '@stageplein/kit/errors/api-error';
import { collectionDocument, resourceDocument } from '@stageplein/kit/jsonapi/serialize';
import type { TServiceDeps } from '@stageplein/kit/service';
import { requireCaller, requireApprovedOrganization } from '../shared/caller.ts';
import { assertSameId } from '@stageplein/kit/jsonapi/update-document';
import { contextOf } from '../shared/request.ts';
import { assertSameSchool, authorizeSchoolCreate, schoolRecordToChange } from '../shared/school.ts';
import { groupsPolicy } from './groups.policy.ts';
import { findGroup, isMemberOf, listGroups, studentIdsOf } from './groups.repository.ts';
import { groupResource, membershipResource } from './groups.serialize.ts';
import { assignGroup, changeGroup, createGroup, removeGroup } from './groups.service.ts';

const TAGS = ['school data'];
const ZId = z.object({ id: z.uuid() });

export const groupsRoutes: FastifyPluginAsync<TServiceDeps> = async (app, deps) => {
  const r = app.withTypeProvider<ZodTypeProvider>();

  r.get('/api/v1/groups', {
    schema: {
      tags: TAGS,
      summary: 'Groups of the current School (a student: only their own group)',
      querystring: ZGroupsQuery,
      response: { 200: ZGroupCollection },
    },
    handler: async (req) => {
      const ctx = await contextOf(req, deps);
      const caller = await requireCaller(req, ctx.db);
      const schoolId = caller.current?.id ?? '';
      if (!groupsPolicy.list(caller, { schoolId })) throw forbidden();
      const onlyOwn = !caller.permissions.isSchoolAdmin && !caller.permissions.isMentor;
      const rows = await listGroups(ctx.db, {
        schoolId,
        schoolYearId: req.query['filter[school_year_id_eq]'],
        levelId: req.query['filter[level_id_eq]'],
        studentId: onlyOwn ? caller.userId : undefined,
      });
      const data = rows.map((g) => groupResource(g));
      return collectionDocument(data, { total: data.length });
    },
  });

  r.get('/api/v1/groups/:id', {
    schema: {
      tags: TAGS,
      summary: 'One group; its students (user ids) for the school’s admins and mentors',
      params: ZId,
      response: { 200: ZGroupDocument },
    },
    handler: async (req) => {
      const ctx = await contextOf(req, deps);
      const caller = await requireCaller(req, ctx.db);
      const group = await findGroup(ctx.db, req.params.id);
      if (!group) throw notFound();
      const school = { schoolId: group.school_id };
      const isMember = await isMemberOf(ctx.db, group.id, caller.userId);
      if (!groupsPolicy.show(caller, { ...school, isMember })) throw forbidden();
      const students = groupsPolicy.showStudents(caller, school)
        ? (await studentIdsOf(ctx.db, group.id)).map((m) => m.student_id)
        : undefined;
      return resourceDocument(groupResource(group, students));
    },
  });

  r.post('/api/v1/groups', {
    schema: {
      tags: TAGS,
      summary: 'Add a group to the current School (its admins)',
      body: ZGroupCreateBody,
      response: { 201: ZGroupDocument },
    },
    handler: async (req, reply) => {
      const ctx = await contextOf(req, deps);
      const caller = await requireCaller(req, ctx.db);
      const { school_id, ...input } = req.body.data.attributes;
      const schoolId = authorizeSchoolCreate(caller, school_id, groupsPolicy.create);
      const group = await createGroup(ctx, caller, schoolId, input);
      return reply.status(201).send(resourceDocument(groupResource(group, [])));
    },
  });

  r.route({
    method: ['PUT', 'PATCH'],
    url: '/api/v1/groups/:id',
    schema: {
      tags: TAGS,
      summary: 'Change a group (the school’s admins)',
      params: ZId,
      body: ZGroupUpdateBody,
      response: { 200: ZGroupDocument },
    },
    handler: async (req) => {
      const {
        ctx,
        caller,
        record: group,
      } = await schoolRecordToChange(req, deps, findGroup, groupsPolicy.update);
      assertSameId(req.body.data.id, group.id);
      const { school_id, ...changes } = req.body.data.attributes;
      assertSameSchool(school_id, group);
      return resourceDocument(groupResource(await changeGroup(ctx, caller, group, changes)));
    },
  });

  r.delete('/api/v1/groups/:id', {
    schema: {
      tags: TAGS,
      summary: 'Delete a group (the school’s admins); its students are then in no group',
      params: ZId,
      response: { 200: ZMetaDocument },
    },
    handler: async (req) => {
      const {
        ctx,
        caller,
        record: group,
      } = await schoolRecordToChange(req, deps, findGroup, groupsPolicy.destroy);
      await removeGroup(ctx, caller, group);
      return { meta: { deleted: true } };
    },
  });

  r.put('/api/v1/students/:id/assign_group', {
    schema: {
      tags: TAGS,
      summary:
        'Put a student of the current School in one of its groups, or (group_id null) in none (the school’s admins)',
      description:
        'The student is an identity user with the student role at the current School (known from identity’s role events). One group per student per school: assigning moves them.',
      params: ZId,
      body: ZAssignGroupBody,
      response: { 200: ZGroupMembershipDocument },
    },
    handler: async (req) => {
      const ctx = await contextOf(req, deps);
      const caller = await requireCaller(req, ctx.db);
      requireApprovedOrganization(caller);
      const schoolId = caller.current?.id ?? '';
      if (!groupsPolicy.assignStudent(caller, { schoolId })) throw forbidden();
      const { group_id } = 'data' in req.body ? req.body.data.attributes : req.body;
      const membership = await assignGroup(ctx, caller, schoolId, req.params.id, group_id);
      return resourceDocument(membership ? membershipResource(membership) : null);
    },
  });
};

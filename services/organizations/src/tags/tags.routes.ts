import type { FastifyPluginAsync } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { ZMetaDocument } from '@stageplein/contracts/identity/users';
import {
  ZTagCollection,
  ZTagCreateBody,
  ZTagDocument,
  ZTagUpdateBody,
} from '@stageplein/contracts/organizations/school-resources';
import { authorize } from '@stageplein/kit/auth/policy';
import { notFound } from '@stageplein/kit/errors/api-error';
import { collectionDocument, resource, resourceDocument } from '@stageplein/kit/jsonapi/serialize';
import type { TServiceDeps } from '@stageplein/kit/service';
import { actorOf, requireApprovedOrganization } from '../shared/actor.ts';
import { assertSameId } from '../shared/body.ts';
import { contextOf } from '../shared/request.ts';
import { currentSchool } from '../shared/school.ts';
import { tagsPolicy } from './tags.policy.ts';
import { findTag, listTags, type TTagRow } from './tags.repository.ts';
import { changeTag, createTag, removeTag } from './tags.service.ts';

const TAGS = ['school data'];
const ZId = z.object({ id: z.uuid() });
const ZListQuery = z.object({ 'filter[school_id_eq]': z.uuid().optional() });

const tagResource = (l: TTagRow) =>
  resource('tag', l.id, {
    name: l.name,
    school_id: l.school_id,
    created_at: l.created_at.toISOString(),
    updated_at: l.updated_at.toISOString(),
  });

export const tagsRoutes: FastifyPluginAsync<TServiceDeps> = async (app, deps) => {
  const r = app.withTypeProvider<ZodTypeProvider>();

  r.get('/api/v1/tags', {
    schema: {
      tags: TAGS,
      summary:
        'Tags of a school: filter[school_id_eq], default the current School (else every school of the tenant)',
      querystring: ZListQuery,
      response: { 200: ZTagCollection },
    },
    handler: async (req) => {
      const ctx = await contextOf(req, deps);
      const actor = await actorOf(req, ctx.db);
      authorize(req, tagsPolicy.list);
      const schoolId = req.query['filter[school_id_eq]'] ?? currentSchool(actor.current)?.id;
      const data = (await listTags(ctx.db, schoolId)).map(tagResource);
      return collectionDocument(data, { total: data.length }) as never;
    },
  });

  r.post('/api/v1/tags', {
    schema: {
      tags: TAGS,
      summary: 'Add a tag to the current School (its admins)',
      body: ZTagCreateBody,
      response: { 201: ZTagDocument },
    },
    handler: async (req, reply) => {
      const ctx = await contextOf(req, deps);
      const actor = await actorOf(req, ctx.db);
      requireApprovedOrganization(actor);
      const { school_id, ...input } = req.body.data.attributes;
      const schoolId = school_id ?? actor.current?.id ?? '';
      authorize(req, tagsPolicy.create, { current: actor.current, schoolId });
      const tag = await createTag(ctx, actor.auth.userId, { ...input, school_id: schoolId });
      return reply.status(201).send(resourceDocument(tagResource(tag)) as never);
    },
  });

  r.route({
    method: ['PUT', 'PATCH'],
    url: '/api/v1/tags/:id',
    schema: {
      tags: TAGS,
      summary: 'Rename a tag (the school’s admins)',
      params: ZId,
      body: ZTagUpdateBody,
      response: { 200: ZTagDocument },
    },
    handler: async (req) => {
      const ctx = await contextOf(req, deps);
      const actor = await actorOf(req, ctx.db);
      const tag = await findTag(ctx.db, req.params.id);
      if (!tag) throw notFound();
      assertSameId(req.body.data.id, tag.id);
      requireApprovedOrganization(actor);
      const { school_id, ...changes } = req.body.data.attributes;
      authorize(req, tagsPolicy.update, { current: actor.current, schoolId: tag.school_id });
      // A tag stays with its school.
      if (school_id !== undefined)
        authorize(req, tagsPolicy.update, { current: actor.current, schoolId: school_id });
      return resourceDocument(tagResource(await changeTag(ctx, actor.auth.userId, tag, changes))) as never;
    },
  });

  r.delete('/api/v1/tags/:id', {
    schema: {
      tags: TAGS,
      summary: 'Delete a tag (the school’s admins)',
      params: ZId,
      response: { 200: ZMetaDocument },
    },
    handler: async (req) => {
      const ctx = await contextOf(req, deps);
      const actor = await actorOf(req, ctx.db);
      const tag = await findTag(ctx.db, req.params.id);
      if (!tag) throw notFound();
      requireApprovedOrganization(actor);
      authorize(req, tagsPolicy.destroy, { current: actor.current, schoolId: tag.school_id });
      await removeTag(ctx, actor.auth.userId, tag);
      return { meta: { deleted: true } };
    },
  });
};

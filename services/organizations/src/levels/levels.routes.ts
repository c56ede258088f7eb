import type { FastifyPluginAsync } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { ZMetaDocument } from '@stageplein/contracts/identity/users';
import {
  ZLevelCollection,
  ZLevelCreateBody,
  ZLevelDocument,
  ZLevelUpdateBody,
} from '@stageplein/contracts/organizations/school-resources';
import { authorize } from '@stageplein/kit/auth/policy';
import { notFound } from '@stageplein/kit/errors/api-error';
import { collectionDocument, resource, resourceDocument } from '@stageplein/kit/jsonapi/serialize';
import type { TServiceDeps } from '@stageplein/kit/service';
import { actorOf, requireApprovedOrganization } from '../shared/actor.ts';
import { assertSameId } from '../shared/body.ts';
import { contextOf } from '../shared/request.ts';
import { currentSchool } from '../shared/school.ts';
import { levelsPolicy } from './levels.policy.ts';
import { findLevel, listLevels, type TLevelRow } from './levels.repository.ts';
import { changeLevel, createLevel, removeLevel } from './levels.service.ts';

const TAGS = ['school data'];
const ZId = z.object({ id: z.uuid() });
const ZListQuery = z.object({ 'filter[school_id_eq]': z.uuid().optional() });

const levelResource = (l: TLevelRow) =>
  resource('level', l.id, {
    name: l.name,
    position: l.position,
    school_id: l.school_id,
    created_at: l.created_at.toISOString(),
    updated_at: l.updated_at.toISOString(),
  });

export const levelsRoutes: FastifyPluginAsync<TServiceDeps> = async (app, deps) => {
  const r = app.withTypeProvider<ZodTypeProvider>();

  r.get('/api/v1/levels', {
    schema: {
      tags: TAGS,
      summary:
        'Levels of a school: filter[school_id_eq], default the current School (else every school of the tenant)',
      querystring: ZListQuery,
      response: { 200: ZLevelCollection },
    },
    handler: async (req) => {
      const ctx = await contextOf(req, deps);
      const actor = await actorOf(req, ctx.db);
      authorize(req, levelsPolicy.list);
      const schoolId = req.query['filter[school_id_eq]'] ?? currentSchool(actor.current)?.id;
      const data = (await listLevels(ctx.db, schoolId)).map(levelResource);
      return collectionDocument(data, { total: data.length }) as never;
    },
  });

  r.post('/api/v1/levels', {
    schema: {
      tags: TAGS,
      summary: 'Add a level to the current School (its admins)',
      body: ZLevelCreateBody,
      response: { 201: ZLevelDocument },
    },
    handler: async (req, reply) => {
      const ctx = await contextOf(req, deps);
      const actor = await actorOf(req, ctx.db);
      requireApprovedOrganization(actor);
      const { school_id, ...input } = req.body.data.attributes;
      const schoolId = school_id ?? actor.current?.id ?? '';
      authorize(req, levelsPolicy.create, { current: actor.current, schoolId });
      const level = await createLevel(ctx, actor.auth.userId, { ...input, school_id: schoolId });
      return reply.status(201).send(resourceDocument(levelResource(level)) as never);
    },
  });

  r.route({
    method: ['PUT', 'PATCH'],
    url: '/api/v1/levels/:id',
    schema: {
      tags: TAGS,
      summary: 'Rename or reorder a level (the school’s admins)',
      params: ZId,
      body: ZLevelUpdateBody,
      response: { 200: ZLevelDocument },
    },
    handler: async (req) => {
      const ctx = await contextOf(req, deps);
      const actor = await actorOf(req, ctx.db);
      const level = await findLevel(ctx.db, req.params.id);
      if (!level) throw notFound();
      assertSameId(req.body.data.id, level.id);
      requireApprovedOrganization(actor);
      const { school_id, ...changes } = req.body.data.attributes;
      authorize(req, levelsPolicy.update, { current: actor.current, schoolId: level.school_id });
      // A level stays with its school.
      if (school_id !== undefined)
        authorize(req, levelsPolicy.update, { current: actor.current, schoolId: school_id });
      return resourceDocument(
        levelResource(await changeLevel(ctx, actor.auth.userId, level, changes)),
      ) as never;
    },
  });

  r.delete('/api/v1/levels/:id', {
    schema: {
      tags: TAGS,
      summary: 'Delete a level (the school’s admins)',
      params: ZId,
      response: { 200: ZMetaDocument },
    },
    handler: async (req) => {
      const ctx = await contextOf(req, deps);
      const actor = await actorOf(req, ctx.db);
      const level = await findLevel(ctx.db, req.params.id);
      if (!level) throw notFound();
      requireApprovedOrganization(actor);
      authorize(req, levelsPolicy.destroy, { current: actor.current, schoolId: level.school_id });
      await removeLevel(ctx, actor.auth.userId, level);
      return { meta: { deleted: true } };
    },
  });
};

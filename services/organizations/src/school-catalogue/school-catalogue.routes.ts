import type { FastifyPluginAsync } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { ZMetaDocument } from '@stageplein/contracts/identity/users';
import type { TResource } from '@stageplein/contracts/jsonapi/jsonapi';
import { ZSchoolCatalogueQuery } from '@stageplein/contracts/organizations/school-resources';
import { forbidden } from '@stageplein/kit/errors/api-error';
import { collectionDocument, resourceDocument } from '@stageplein/kit/jsonapi/serialize';
import type { TServiceDeps } from '@stageplein/kit/service';
import { requireCaller } from '../shared/caller.ts';
import { assertSameId } from '@stageplein/kit/jsonapi/update-document';
import { contextOf, type TDb } from '../shared/request.ts';
import {
  assertSameSchool,
  authorizeSchoolCreate,
  currentSchool,
  schoolRecordToChange,
} from '../shared/school.ts';
import { schoolCataloguePolicy } from './school-catalogue.policy.ts';
import { findCatalogueRow, listCatalogue, type TCatalogueRow } from './school-catalogue.repository.ts';
import { changeEntry, createEntry, removeEntry, type TCatalogue } from './school-catalogue.service.ts';

/** What a catalogue's create body carries (levels add a position; tags do not). */
type TEntryInput = { name: string; school_id?: string | undefined; position?: number | undefined };
type TEntryBody<A> = { data: { type: string; id?: string | undefined; attributes: A } };

/**
 * One school catalogue's routes: `/api/v1/<plural>` list and create, `/<plural>/{id}` change and delete.
 * Generic over the catalogue's JSON:API resource `R`, so each route's answer is checked against that
 * catalogue's own response schema (levels and tags keep separate schemas in the OpenAPI document).
 */
export interface TCatalogueRoutes<R extends TResource> extends TCatalogue {
  plural: 'levels' | 'tags';
  summaries: { list: string; create: string; update: string; destroy: string };
  /** The catalogue's serializer: a row as its resource. */
  toResource: (row: TCatalogueRow) => R;
  schemas: {
    collection: z.ZodType<{ data: R[]; included?: TResource[]; meta?: Record<string, unknown> }>;
    document: z.ZodType<{ data: R; included?: TResource[] }>;
    create: z.ZodType<TEntryBody<TEntryInput>>;
    update: z.ZodType<TEntryBody<Partial<TEntryInput>>>;
  };
}

const TAGS = ['school data'];
const ZId = z.object({ id: z.uuid() });

export function schoolCatalogueRoutes<R extends TResource>(
  c: TCatalogueRoutes<R>,
): FastifyPluginAsync<TServiceDeps> {
  const findRow = (db: TDb, id: string) => findCatalogueRow(db, c, id);

  return async (app, deps) => {
    const r = app.withTypeProvider<ZodTypeProvider>();
    const path = `/api/v1/${c.plural}`;

    r.get(path, {
      schema: {
        tags: TAGS,
        summary: c.summaries.list,
        querystring: ZSchoolCatalogueQuery,
        response: { 200: c.schemas.collection },
      },
      handler: async (req) => {
        const ctx = await contextOf(req, deps);
        const caller = await requireCaller(req, ctx.db);
        if (!schoolCataloguePolicy.list(caller)) throw forbidden();
        const schoolId = req.query['filter[school_id_eq]'] ?? currentSchool(caller.current)?.id;
        const data = (await listCatalogue(ctx.db, c, schoolId)).map(c.toResource);
        return collectionDocument(data, { total: data.length });
      },
    });

    r.post(path, {
      schema: {
        tags: TAGS,
        summary: c.summaries.create,
        body: c.schemas.create,
        response: { 201: c.schemas.document },
      },
      handler: async (req, reply) => {
        const ctx = await contextOf(req, deps);
        const caller = await requireCaller(req, ctx.db);
        const { school_id, ...input } = req.body.data.attributes;
        const schoolId = authorizeSchoolCreate(caller, school_id, schoolCataloguePolicy.create);
        const row = await createEntry(ctx, caller, c, { ...input, school_id: schoolId });
        return reply.status(201).send(resourceDocument(c.toResource(row)));
      },
    });

    r.route({
      method: ['PUT', 'PATCH'],
      url: `${path}/:id`,
      schema: {
        tags: TAGS,
        summary: c.summaries.update,
        params: ZId,
        body: c.schemas.update,
        response: { 200: c.schemas.document },
      },
      handler: async (req) => {
        const {
          ctx,
          caller,
          record: row,
        } = await schoolRecordToChange(req, deps, findRow, schoolCataloguePolicy.update);
        assertSameId(req.body.data.id, row.id);
        const { school_id, ...changes } = req.body.data.attributes;
        assertSameSchool(school_id, row);
        return resourceDocument(c.toResource(await changeEntry(ctx, caller, c, row, changes)));
      },
    });

    r.delete(`${path}/:id`, {
      schema: { tags: TAGS, summary: c.summaries.destroy, params: ZId, response: { 200: ZMetaDocument } },
      handler: async (req) => {
        const {
          ctx,
          caller,
          record: row,
        } = await schoolRecordToChange(req, deps, findRow, schoolCataloguePolicy.destroy);
        await removeEntry(ctx, caller, c, row);
        return { meta: { deleted: true } };
      },
    });
  };
}

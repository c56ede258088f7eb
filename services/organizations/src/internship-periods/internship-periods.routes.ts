import type { FastifyPluginAsync } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { TJsonApiQuery } from '@stageplein/contracts/jsonapi/jsonapi';
import {
  INTERNSHIP_PERIODS_QUERY,
  ZInternshipPeriodCollection,
  ZInternshipPeriodCreateBody,
  ZInternshipPeriodDocument,
  ZInternshipPeriodOrNullDocument,
  ZInternshipPeriodUpdateBody,
  type TInternshipPeriodResource,
} from '@stageplein/contracts/organizations/internship-periods';
import { badRequest, forbidden, notFound } from '@stageplein/kit/errors/api-error';
import { parseJsonApiQuery, ZJsonApiQueryString } from '@stageplein/kit/jsonapi/query';
import { collectionDocument, resourceDocument } from '@stageplein/kit/jsonapi/serialize';
import type { TServiceDeps } from '@stageplein/kit/service';
import { requireCaller, type TCaller } from '../shared/caller.ts';
import { isUuid } from '../shared/request.ts';
import { assertSameId } from '@stageplein/kit/jsonapi/update-document';
import { contextOf } from '../shared/request.ts';
import { assertSameSchool, authorizeSchoolCreate, authorizeSchoolWrite } from '../shared/school.ts';
import { internshipPeriodsPolicy } from './internship-periods.policy.ts';
import { findPeriod, type TPeriodRow } from './internship-periods.repository.ts';
import { changePeriod, createPeriod, currentPeriodFor, periodsFor } from './internship-periods.service.ts';

const TAGS = ['internship periods'];
const ZId = z.object({ id: z.uuid() });

function assertUuidFilters(query: TJsonApiQuery): void {
  for (const f of query.filters) {
    if (f.attribute === 'status') continue;
    const values = Array.isArray(f.value) ? f.value : [f.value];
    if (!values.every(isUuid)) throw badRequest(`filter[${f.attribute}_${f.predicate}]`);
  }
}

/** A period the caller may see (spec §4: their school's, or an active one), else 404. */
function visiblePeriod(caller: TCaller, period: TPeriodRow | undefined): TPeriodRow | undefined {
  if (!period || !internshipPeriodsPolicy.show(caller, { schoolId: period.school_id, status: period.status }))
    throw notFound();
  return period;
}

export function periodResource(p: TPeriodRow): TInternshipPeriodResource {
  return {
    type: 'internship_period',
    id: p.id,
    attributes: {
      name: p.name,
      status: p.status,
      school_id: p.school_id,
      school_year_id: p.school_year_id,
      start_date: p.start_date,
      end_date: p.end_date,
      created_at: p.created_at.toISOString(),
      updated_at: p.updated_at.toISOString(),
    },
    relationships: {
      school: { data: { type: 'School', id: p.school_id } },
      school_year: { data: { type: 'school_year', id: p.school_year_id } },
    },
  };
}

export const internshipPeriodsRoutes: FastifyPluginAsync<TServiceDeps> = async (app, deps) => {
  const r = app.withTypeProvider<ZodTypeProvider>();

  r.get('/api/v1/internship_periods', {
    schema: {
      tags: TAGS,
      summary: 'In-scope internship periods (spec §4)',
      description:
        'School users (current organization a School) see their school’s periods, others active periods; only the current and next school year count ' +
        '(the SQL twin of `inScopePeriods` in contracts/organizations/internship-periods.ts, same order). ' +
        'Filters: `school_id_eq`, `school_year_id_eq|_in`, `status_eq`; `filter[all_years]=true` gives a school’s admins every year.',
      querystring: ZJsonApiQueryString,
      response: { 200: ZInternshipPeriodCollection },
    },
    handler: async (req) => {
      const ctx = await contextOf(req, deps);
      const caller = await requireCaller(req, ctx.db);
      if (!internshipPeriodsPolicy.list(caller)) throw forbidden();
      const query = parseJsonApiQuery(req.query as Record<string, string>, INTERNSHIP_PERIODS_QUERY);
      assertUuidFilters(query);
      const allYears = query.scopes.all_years === 'true';
      if (allYears && !internshipPeriodsPolicy.listAllYears(caller, { schoolId: caller.current?.id ?? '' }))
        throw forbidden();
      const data = (await periodsFor(ctx, caller, query, allYears)).map(periodResource);
      return collectionDocument(data, { total: data.length });
    },
  });

  r.get('/api/v1/internship_periods/current', {
    schema: {
      tags: TAGS,
      summary:
        'The current internship period: for a student the server’s rule, for others the first in scope; data null when none',
      response: { 200: ZInternshipPeriodOrNullDocument },
    },
    handler: async (req) => {
      const ctx = await contextOf(req, deps);
      const caller = await requireCaller(req, ctx.db);
      const period = await currentPeriodFor(ctx, caller);
      return resourceDocument(period ? periodResource(period) : null);
    },
  });

  r.get('/api/v1/internship_periods/:id', {
    schema: {
      tags: TAGS,
      summary: 'One internship period',
      params: ZId,
      response: { 200: ZInternshipPeriodDocument },
    },
    handler: async (req) => {
      const ctx = await contextOf(req, deps);
      const caller = await requireCaller(req, ctx.db);
      const period = visiblePeriod(caller, await findPeriod(ctx.db, req.params.id))!;
      return resourceDocument(periodResource(period));
    },
  });

  r.post('/api/v1/internship_periods', {
    schema: {
      tags: TAGS,
      summary:
        'Add a period to the current School (its admins); the school year defaults to the one containing start_date',
      body: ZInternshipPeriodCreateBody,
      response: { 201: ZInternshipPeriodDocument },
    },
    handler: async (req, reply) => {
      const ctx = await contextOf(req, deps);
      const caller = await requireCaller(req, ctx.db);
      const { school_id, status, ...values } = req.body.data.attributes;
      const schoolId = authorizeSchoolCreate(caller, school_id, internshipPeriodsPolicy.create);
      const period = await createPeriod(ctx, caller, schoolId, {
        ...values,
        status: status ?? 'active',
      });
      return reply.status(201).send(resourceDocument(periodResource(period)));
    },
  });

  r.route({
    method: ['PUT', 'PATCH'],
    url: '/api/v1/internship_periods/:id',
    schema: {
      tags: TAGS,
      summary: 'Edit or archive (status archived) a period (the school’s admins)',
      params: ZId,
      body: ZInternshipPeriodUpdateBody,
      response: { 200: ZInternshipPeriodDocument },
    },
    handler: async (req) => {
      const ctx = await contextOf(req, deps);
      const caller = await requireCaller(req, ctx.db);
      const period = authorizeSchoolWrite(
        caller,
        visiblePeriod(caller, await findPeriod(ctx.db, req.params.id, true)),
        internshipPeriodsPolicy.update,
      );
      assertSameId(req.body.data.id, period.id);
      const { school_id, ...changes } = req.body.data.attributes;
      assertSameSchool(school_id, period);
      return resourceDocument(periodResource(await changePeriod(ctx, caller, period, changes)));
    },
  });
};

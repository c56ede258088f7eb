import type { FastifyPluginAsync, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { TFilter } from '@stageplein/contracts/jsonapi/jsonapi';
import { managesVacancy, moderatesVacancies } from '@stageplein/contracts/placements/vacancy-policy';
import {
  VACANCY_CURSOR_PARAM,
  ZVacancyMarkerCollection,
  ZVacancySearchCollection,
  type TVacancyMarkerCollection,
  type TVacancySearchCollection,
} from '@stageplein/contracts/placements/vacancy-search';
import { ZJsonApiQueryString } from '@stageplein/kit/jsonapi/query';
import { pageLinks } from '@stageplein/kit/jsonapi/serialize';
import { requestUrl } from '@stageplein/kit/tenant/tenant.plugin';
import type { TPlacementsDeps } from '../placements.config.ts';
import { callerOf, type TCaller } from '../shared/caller.ts';
import { pausedOrganizationIds } from '../shared/organization-pauses.ts';
import { contextOf } from '../shared/request.ts';
import type { TDb } from '../database.ts';
import { vacancyResource } from '../vacancies/index.ts';
import { parseSearch, type TParsedSearch, type TVisibility } from './vacancy-search.plan.ts';
import { searchVacancies, vacancyMarkers } from './vacancy-search.service.ts';

const TAGS = ['vacancies'];

/**
 * Moderators see every vacancy; an organization's admin who filters on their own organization sees all
 * of its vacancies; everyone else (and every other filter) the published, visible ones.
 */
const visibilityOf =
  (caller: TCaller) =>
  (filters: TFilter[]): TVisibility => {
    if (moderatesVacancies(caller.permissions, caller.current)) return { kind: 'moderator' };
    const own = filters.find((f) => f.attribute === 'organization_id' && f.predicate === 'eq');
    if (own && managesVacancy(caller.permissions, caller.current, String(own.value)))
      return { kind: 'organization', organizationId: String(own.value) };
    return { kind: 'public' };
  };

/**
 * A visitor's search, parsed and planned once per tenant and query string: the bank's anonymous
 * searches repeat from visitor to visitor (a first page, its next pages, the map's markers), and for
 * them the plan is a pure function of the two (the public visibility, the gazetteer's places). Signed-in
 * callers are planned every time (what they see depends on who they are). A query that fails to parse
 * is never kept; the oldest plan goes when the memo is full.
 */
const visitorSearches = new Map<string, TParsedSearch>();
const MAX_VISITOR_SEARCHES = 500;

/**
 * A student's search leaves out the organizations their school paused for its students (discrimination
 * reports, docs/decisions/discrimination-reports.md); everyone else's is unchanged.
 */
async function pausedFor(db: TDb, caller: TCaller): Promise<string[]> {
  return caller.permissions.isStudent && caller.current?.type === 'School'
    ? pausedOrganizationIds(db, caller.current.id)
    : [];
}

async function searchOf(
  req: FastifyRequest,
  db: TDb,
  tenantId: string,
  caller: TCaller,
): Promise<TParsedSearch> {
  const raw = req.query as Record<string, string | string[] | undefined>;
  if (caller.auth) return parseSearch(raw, tenantId, visibilityOf(caller), await pausedFor(db, caller));
  const at = req.url.indexOf('?');
  const key = `${tenantId} ${at < 0 ? '' : req.url.slice(at + 1)}`;
  let parsed = visitorSearches.get(key);
  if (!parsed) {
    parsed = parseSearch(raw, tenantId, visibilityOf(caller));
    if (visitorSearches.size >= MAX_VISITOR_SEARCHES)
      visitorSearches.delete(visitorSearches.keys().next().value!);
    visitorSearches.set(key, parsed);
  }
  return parsed;
}

/** The request's URL on its public origin (kit): a Host an outsider chose is never echoed. */
const requestUrlOf = (req: FastifyRequest) => new URL(requestUrl(req));

const FILTERS_DOC =
  '`filter[search]` (Dutch full text, every word a prefix, typo-tolerant), `filter[near]` (place, postcode or `lat,lng`) with `filter[within_km]` (default 25), `level_id_eq|in`, `tag_id_eq|in`, `kind_eq|in`, `organization_type_eq|in`, `organization_id_eq|in`, `internship_period_id_eq|in`, `hours_per_week_gteq|lteq`, `starts_on_gteq|lteq`, `ends_on_gteq|lteq`, `published_at_gteq|lteq`, `status_eq|in` (own organization or moderators).';

/** The public internship bank: search and map markers (contracts/src/placements/vacancy-search.ts). */
export const vacancySearchRoutes: FastifyPluginAsync<TPlacementsDeps> = async (app, deps) => {
  const r = app.withTypeProvider<ZodTypeProvider>();

  r.get('/api/v1/vacancies', {
    schema: {
      tags: TAGS,
      summary: 'Search vacancies: published ones for everyone, an organization its own, moderators all',
      description: `${FILTERS_DOC} Sort: \`relevance\`, \`distance\`, \`newest\`. Pages: \`page[cursor]\` (keyset, \`meta.next_cursor\`) or \`page[number]\`; \`page[size]\` up to 100. \`with_facets=true\` adds \`meta.facets\`.`,
      querystring: ZJsonApiQueryString,
      response: { 200: ZVacancySearchCollection },
    },
    handler: async (req, reply): Promise<TVacancySearchCollection> => {
      const ctx = await contextOf(req, deps);
      const caller = await callerOf(req, ctx.db);
      const parsed = await searchOf(req, ctx.db, ctx.tenant.id, caller);
      const result = await searchVacancies(ctx.db, parsed);
      const moderator = moderatesVacancies(caller.permissions, caller.current);
      reply.header('cache-control', 'private, no-store');
      const url = requestUrlOf(req);
      const next = new URL(url);
      next.searchParams.delete('page[number]');
      if (result.nextCursor) next.searchParams.set(VACANCY_CURSOR_PARAM, result.nextCursor);
      const byNumber = url.searchParams.has('page[number]');
      return {
        data: result.rows.map((row) => ({
          ...vacancyResource(
            row,
            moderator || managesVacancy(caller.permissions, caller.current, row.organization_id),
          ),
          meta: parsed.near ? { distance_km: row.distance } : undefined,
        })),
        meta: {
          total: result.total,
          next_cursor: result.nextCursor,
          sort: parsed.plan.sort,
          near: parsed.near,
          ...(result.facets ? { facets: result.facets } : {}),
        },
        links: byNumber
          ? pageLinks(url.toString(), parsed.query, result.total)
          : { self: url.toString(), next: result.nextCursor ? next.toString() : null },
      };
    },
  });

  r.get('/api/v1/vacancies/markers', {
    schema: {
      tags: TAGS,
      summary: 'Map markers of the vacancies a search finds (id, title, lat, lng), up to 5,000',
      description: `The search's filters: ${FILTERS_DOC} Nearest first with \`filter[near]\`, else newest.`,
      querystring: ZJsonApiQueryString,
      response: { 200: ZVacancyMarkerCollection },
    },
    handler: async (req, reply): Promise<TVacancyMarkerCollection> => {
      const ctx = await contextOf(req, deps);
      const caller = await callerOf(req, ctx.db);
      const parsed = await searchOf(req, ctx.db, ctx.tenant.id, caller);
      const result = await vacancyMarkers(ctx.db, parsed);
      reply.header('cache-control', 'private, no-store');
      return {
        data: result.markers.map((m) => ({
          type: 'vacancy_marker' as const,
          id: m.id,
          attributes: { title: m.title, lat: m.lat, lng: m.lng },
        })),
        meta: { total: result.total, capped: result.total > result.markers.length, near: parsed.near },
        links: { self: requestUrl(req) },
      };
    },
  });
};

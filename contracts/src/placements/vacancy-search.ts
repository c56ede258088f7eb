import { z } from 'zod';
import { ZResource, zCollectionOf } from '../jsonapi/jsonapi.ts';
import { ZVacancyResource } from './vacancies.ts';

/**
 * The public internship bank's API (issue #14 item 3; docs/decisions/vacancy-search.md):
 *
 *   GET /api/v1/vacancies          the search: filters below, sort, cursor or page number, meta.total
 *   GET /api/v1/vacancies/markers  the same filters, every match as a light marker for the map
 *
 * Anonymous callers and ordinary users see published, visible vacancies only. An organization's admin
 * (with `x-current-organization-id`) may add `filter[organization_id_eq]=<that organization>` and
 * `filter[status_in]=draft,published,closed,archived` to list their own; moderators (school and
 * volunteer-centre admins) may filter any status.
 */

export * from './vacancy-search-params.ts';
import { VACANCY_SORTS } from './vacancy-search-params.ts';

/**
 * One facet value and how many matches have it. `label`: the name of a level or tag (the school
 * catalogue's, as placements keeps it; null when placements does not know the id); absent on `kind`
 * and `organization_type`, whose names are the UI's texts. Optional, so clients of the earlier shape
 * and servers before it still agree.
 */
export const ZFacetCount = z.object({
  value: z.string(),
  count: z.number().int(),
  label: z.string().nullable().optional(),
});
export const ZVacancyFacets = z.object({
  level_id: z.array(ZFacetCount),
  tag_id: z.array(ZFacetCount),
  kind: z.array(ZFacetCount),
  organization_type: z.array(ZFacetCount),
  capped: z.boolean(),
});
export type TVacancyFacets = z.infer<typeof ZVacancyFacets>;

/** Where `filter[near]` resolved to (echoed, so the map can centre on it). */
export const ZResolvedNear = z.object({
  latitude: z.number(),
  longitude: z.number(),
  /** The place's name (a postcode names its place), or the coordinates as typed. */
  label: z.string(),
  kind: z.enum(['place', 'postcode', 'coordinates']),
  within_km: z.number(),
});
export type TResolvedNear = z.infer<typeof ZResolvedNear>;

export const ZVacancySearchMeta = z.object({
  /** Every matching vacancy, on every page. */
  total: z.number().int(),
  /** The cursor of the next page (also in links.next); null on the last page. */
  next_cursor: z.string().nullable(),
  sort: z.enum(VACANCY_SORTS),
  near: ZResolvedNear.nullable(),
  facets: ZVacancyFacets.optional(),
});
export type TVacancySearchMeta = z.infer<typeof ZVacancySearchMeta>;

/** A result: the vacancy, with its distance from `filter[near]` in `meta.distance_km` when given. */
export const ZVacancySearchResource = ZVacancyResource.extend({
  meta: z.object({ distance_km: z.number().nullable() }).optional(),
});
export type TVacancySearchResource = z.infer<typeof ZVacancySearchResource>;

export const ZVacancySearchCollection = zCollectionOf(ZVacancySearchResource).extend({
  meta: ZVacancySearchMeta,
});
export type TVacancySearchCollection = z.infer<typeof ZVacancySearchCollection>;

/** GET /api/v1/vacancies/markers: at most MAX_MARKERS (nearest first with a place, else newest). */
export const MAX_MARKERS = 5_000;

export const ZVacancyMarkerResource = ZResource.extend({
  type: z.literal('vacancy_marker'),
  attributes: z.object({ title: z.string(), lat: z.number(), lng: z.number() }),
});
export type TVacancyMarkerResource = z.infer<typeof ZVacancyMarkerResource>;

export const ZVacancyMarkerCollection = zCollectionOf(ZVacancyMarkerResource).extend({
  meta: z.object({
    /** Every matching vacancy with coordinates; more than data.length when capped. */
    total: z.number().int(),
    capped: z.boolean(),
    near: ZResolvedNear.nullable(),
  }),
});
export type TVacancyMarkerCollection = z.infer<typeof ZVacancyMarkerCollection>;

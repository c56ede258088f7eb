import { readCollectionDocument, type TFlatResource, type TRawDocument } from '../client/jsonapi-document.ts';
import type { TVacancyStatus } from './vacancy-kinds.ts';

/**
 * A page of the public vacancy search (`GET /api/v1/vacancies`) as the portal's list shows it, from
 * the API's answer (camelCase keys, as the API client hands it over): one reading for the portal's
 * search and for the gateway, which serves `/stagebank` with its first page (zod-free).
 */
/** The public search (and, below it, `/markers` and `/{id}`). */
export const VACANCIES_PATH = '/api/v1/vacancies';

export type { TVacancyStatus } from './vacancy-kinds.ts';

export interface TVacancyFields {
  title: string;
  descriptionHtml: string;
  description?: unknown;
  organizationId: string;
  organizationName: string | null;
  street: string | null;
  postcode: string | null;
  city: string | null;
  latitude: number | null;
  longitude: number | null;
  places: number;
  hoursPerWeek: number | null;
  startsOn: string | null;
  endsOn: string | null;
  kind: string;
  status: TVacancyStatus;
  publishedAt: string | null;
  closesAt: string | null;
  hidden: boolean;
  hiddenReason: string | null;
  levelIds?: string[];
  tagIds?: string[];
  contactPersonId?: string | null;
  /** Content's upload shown with the vacancy, where it is served and its alt text ('' decorative). */
  imageUploadId?: string | null;
  imageUrl?: string | null;
  imageAlt?: string;
}

export type TVacancy = TFlatResource<TVacancyFields>;

/** Where `filter[near]` resolved to (`meta.near` of the search and the markers). */
export interface TResolvedNear {
  latitude: number;
  longitude: number;
  label: string;
}

export const nearOf = (meta: Record<string, unknown> | undefined): TResolvedNear | undefined => {
  const near = meta?.near as Partial<TResolvedNear> | null | undefined;
  return near && typeof near.latitude === 'number' && typeof near.longitude === 'number'
    ? { latitude: near.latitude, longitude: near.longitude, label: String(near.label ?? '') }
    : undefined;
};

/** A level or tag of the matches (`meta.facets`), with its name and how many matches have it. */
export interface TFacetOption {
  value: string;
  count: number;
  label: string | null;
}

/** The level and tag facets of a search asked `with_facets=true` (camelCase: levelId, tagId). */
const facetsOf = (meta: Record<string, unknown> | undefined, key: 'levelId' | 'tagId'): TFacetOption[] => {
  const list = (meta?.facets as Record<string, unknown> | undefined)?.[key];
  if (!Array.isArray(list)) return [];
  return list.flatMap((f: { value?: unknown; count?: unknown; label?: unknown }) =>
    typeof f.value === 'string' && typeof f.count === 'number'
      ? [{ value: f.value, count: f.count, label: typeof f.label === 'string' ? f.label : null }]
      : [],
  );
};

export interface TVacancyPage {
  vacancies: TVacancy[];
  /** The levels and the tags of the matches (empty without `with_facets=true`). */
  levels: TFacetOption[];
  tags: TFacetOption[];
  total: number;
  near: TResolvedNear | undefined;
  /** Distance in km per vacancy id, when the search had a place (`meta.distance_km` of a resource). */
  distanceKm: (v: TVacancy) => number | undefined;
}

/** The search's answer (camelCase keys) as the list reads it. */
export function vacancyPageOf(raw: TRawDocument): TVacancyPage {
  const doc = readCollectionDocument<TVacancyFields>(raw);
  const total = Number(doc.meta?.total ?? doc.data.length);
  return {
    vacancies: doc.data,
    total: Number.isFinite(total) ? total : doc.data.length,
    near: nearOf(doc.meta),
    levels: facetsOf(doc.meta, 'levelId'),
    tags: facetsOf(doc.meta, 'tagId'),
    distanceKm: (v) => {
      const km = (v.meta as { distanceKm?: unknown } | undefined)?.distanceKm;
      return typeof km === 'number' ? km : undefined;
    },
  };
}

import {
  readCollectionDocument,
  readResourceDocument,
  type TFlatResource,
  type TRawDocument,
} from '@stageplein/contracts/client/jsonapi-document';
import type { TApiClient } from '@stageplein/contracts/client/api-client';
import type { TMapMarker } from '@stageplein/design-system/map/map-model.ts';
import type { TPersonChoice } from '../internships/internship-edit-model.ts';

/**
 * The portal's calls to the placements service's vacancies (the wire shapes are in
 * contracts/src/placements; the client hands them over with camelCase keys).
 */
export const VACANCIES = '/api/v1/vacancies';

export type TVacancyStatus = 'draft' | 'published' | 'closed' | 'archived';

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

const nearOf = (meta: Record<string, unknown> | undefined): TResolvedNear | undefined => {
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

/** One page of the public search (`GET /api/v1/vacancies`), with `meta.total`. */
export async function searchVacancies(
  client: TApiClient,
  params: URLSearchParams,
  signal?: AbortSignal,
): Promise<TVacancyPage> {
  const doc = readCollectionDocument<TVacancyFields>(
    await client.get<TRawDocument>(`${VACANCIES}?${params.toString()}`, { signal, authenticate: false }),
  );
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

/** Every match as a light marker (id, lat, lng, title) for the map (`GET /api/v1/vacancies/markers`). */
export async function vacancyMarkers(
  client: TApiClient,
  params: URLSearchParams,
  signal?: AbortSignal,
): Promise<{ markers: TMapMarker[]; near: TResolvedNear | undefined }> {
  const body = await client.get<{ data?: unknown[]; meta?: Record<string, unknown> }>(
    `${VACANCIES}/markers?${params.toString()}`,
    {
      signal,
      authenticate: false,
    },
  );
  const rows = (body.data ?? []) as Record<string, unknown>[];
  const markers = rows.flatMap((row) => {
    // A JSON:API resource (attributes) or a plain row; either way id, lat, lng, title.
    const fields: Record<string, unknown> = {
      ...((row.attributes as Record<string, unknown> | undefined) ?? row),
      id: row.id,
    };
    const lat = Number(fields.lat ?? fields.latitude);
    const lng = Number(fields.lng ?? fields.longitude);
    if (!Number.isFinite(lat) || !Number.isFinite(lng)) return [];
    return [{ id: String(fields.id), lat, lng, title: String(fields.title ?? '') }];
  });
  return { markers, near: nearOf(body.meta) };
}

export async function fetchVacancy(client: TApiClient, id: string, signal?: AbortSignal): Promise<TVacancy> {
  const doc = readResourceDocument<TVacancyFields>(
    await client.get<TRawDocument>(`${VACANCIES}/${encodeURIComponent(id)}`, { signal }),
  );
  if (!doc.data) throw new Error('empty vacancy document');
  return doc.data;
}

/**
 * `GET /api/v1/vacancies/{id}/people`: whom the vacancy's managers may choose as its contact person
 * (the same list and rule as an internship's, `mayBeOrganizationContact`).
 */
export async function fetchVacancyPeople(
  client: TApiClient,
  id: string,
  signal?: AbortSignal,
): Promise<TPersonChoice[]> {
  return readCollectionDocument<Omit<TPersonChoice, 'id'>>(
    await client.get<TRawDocument>(`${VACANCIES}/${encodeURIComponent(id)}/people`, { signal }),
  ).data;
}

/** "Wijchen" or "Dorpsstraat 1, 6602 AB Wijchen": what a person reads as the address. */
export function vacancyPlace(v: Pick<TVacancyFields, 'street' | 'postcode' | 'city'>): string {
  const town = [v.postcode, v.city].filter(Boolean).join(' ');
  return [v.street, town].filter(Boolean).join(', ');
}

import {
  readCollectionDocument,
  readResourceDocument,
  type TRawDocument,
} from '@stageplein/contracts/client/jsonapi-document';
import type { TApiClient } from '@stageplein/contracts/client/api-client';
import type { TMapMarker } from '@stageplein/design-system/map/map-model.ts';
import type { TPersonChoice } from '../internships/internship-edit-model.ts';

/**
 * The portal's calls to the placements service's vacancies (the wire shapes are in
 * contracts/src/placements; the client hands them over with camelCase keys).
 */
export { VACANCIES_PATH as VACANCIES } from '@stageplein/contracts/placements/vacancy-page';
import { VACANCIES_PATH as VACANCIES } from '@stageplein/contracts/placements/vacancy-page';

export {
  nearOf,
  vacancyPageOf,
  type TFacetOption,
  type TResolvedNear,
  type TVacancy,
  type TVacancyFields,
  type TVacancyPage,
  type TVacancyStatus,
} from '@stageplein/contracts/placements/vacancy-page';
import {
  nearOf,
  vacancyPageOf,
  type TVacancy,
  type TVacancyFields,
  type TVacancyPage,
  type TResolvedNear,
} from '@stageplein/contracts/placements/vacancy-page';

/** The query key of a search (the gateway's served first page is put under it at start). */
export const vacancySearchKey = (params: string) => ['vacancy-search', params] as const;

/** One page of the public search (`GET /api/v1/vacancies`), with `meta.total`. */
export async function searchVacancies(
  client: TApiClient,
  params: URLSearchParams,
  signal?: AbortSignal,
): Promise<TVacancyPage> {
  return vacancyPageOf(
    await client.get<TRawDocument>(`${VACANCIES}?${params.toString()}`, { signal, authenticate: false }),
  );
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

export { vacancyPlace } from '@stageplein/contracts/placements/vacancy-facts';

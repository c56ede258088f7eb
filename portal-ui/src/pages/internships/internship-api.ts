import {
  readCollectionDocument,
  readResourceDocument,
  type TFlatResource,
  type TRawDocument,
} from '@stageplein/contracts/client/jsonapi-document';
import type { TApiClient } from '@stageplein/contracts/client/api-client';
import type { TRoleName } from '@stageplein/contracts/identity/roles';
import type {
  TInternshipAction,
  TInternshipContractType,
  TInternshipField,
  TInternshipStatus,
  TInternshipUpdateInput,
} from '@stageplein/contracts/placements/internships';

/**
 * The portal's calls to the placements service's internships (wire shapes in
 * contracts/src/placements/internships.ts; the client hands them over with camelCase keys).
 */
export const INTERNSHIPS = '/api/v1/internships';

/** What the list and the dashboard show of each internship's relations (spec §7 includes). */
export const LIST_INCLUDES = 'student,organization,vacancy,internship_period';
/** Everything of one internship (all seven of spec §7). */
export const ALL_INCLUDES =
  'student,organization,vacancy,current_phase,internship_period,contact_person,supervisor';

export interface TPerson {
  id: string;
  firstName?: string | null;
  lastName?: string | null;
  email?: string | null;
}

export interface TInternshipFields {
  title: string;
  description: string | null;
  motivation: string | null;
  startDate: string | null;
  endDate: string | null;
  contractType: TInternshipContractType;
  selfFound: boolean;
  organizationName: string | null;
  contactName: string | null;
  contactEmail: string | null;
  contactPhoneNumber: string | null;
  /** A supervisor without an account, by name and address (the links go there). */
  supervisorName: string | null;
  supervisorEmail: string | null;
  /** The school approved the supervisor: only then do links go out. */
  supervisorApproved: boolean;
  hours: number | null;
  hoursSupervisor: number | null;
  updatingHoursAllowed: boolean;
  status: TInternshipStatus;
  statusReason: string | null;
  createdAt: string;
  updatedAt: string;
  student?: TPerson | null;
  organization?: { id: string; name?: string; city?: string | null; website?: string | null } | null;
  vacancy?: { id: string; title?: string } | null;
  currentPhase?: { id: string; name?: string; status?: string } | null;
  internshipPeriod?: { id: string; name?: string; startDate?: string; endDate?: string } | null;
  contactPerson?: TPerson | null;
  supervisor?: TPerson | null;
}

export type TInternship = TFlatResource<TInternshipFields>;

/** One row of the status history (`meta.status_history` of `GET /api/v1/internships/{id}`). */
export interface TStatusChange {
  fromStatus: TInternshipStatus | null;
  toStatus: TInternshipStatus;
  reason: string | null;
  at: string;
}

/** The policy's answer for the caller, sent with the resource (`meta.actions`, `meta.editable_fields`). */
export function actionsOf(internship: TInternship): TInternshipAction[] {
  const actions = (internship.meta as { actions?: unknown } | undefined)?.actions;
  return Array.isArray(actions) ? (actions as TInternshipAction[]) : [];
}

export function editableFieldsOf(internship: TInternship): TInternshipField[] {
  const fields = (internship.meta as { editableFields?: unknown } | undefined)?.editableFields;
  return Array.isArray(fields) ? (fields as TInternshipField[]) : [];
}

export function statusHistoryOf(internship: TInternship): TStatusChange[] {
  const history = (internship.meta as { statusHistory?: unknown } | undefined)?.statusHistory;
  return Array.isArray(history) ? (history as TStatusChange[]) : [];
}

export const personName = (p: TPerson | null | undefined): string =>
  p ? [p.firstName, p.lastName].filter(Boolean).join(' ') || (p.email ?? '') : '';

export interface TInternshipPage {
  internships: TInternship[];
  total: number;
}

export async function listInternships(
  client: TApiClient,
  params: URLSearchParams,
  signal?: AbortSignal,
): Promise<TInternshipPage> {
  const doc = readCollectionDocument<TInternshipFields>(
    await client.get<TRawDocument>(`${INTERNSHIPS}?${params.toString()}`, { signal }),
  );
  const total = Number(doc.meta?.total ?? doc.data.length);
  return { internships: doc.data, total: Number.isFinite(total) ? total : doc.data.length };
}

export async function fetchInternship(
  client: TApiClient,
  id: string,
  signal?: AbortSignal,
): Promise<TInternship> {
  const doc = readResourceDocument<TInternshipFields>(
    await client.get<TRawDocument>(`${INTERNSHIPS}/${encodeURIComponent(id)}?include=${ALL_INCLUDES}`, {
      signal,
    }),
  );
  if (!doc.data) throw new Error('empty internship document');
  // The history comes in the document's meta (`meta.status_history`); it travels with the resource here.
  return { ...doc.data, meta: { ...doc.data.meta, statusHistory: doc.meta?.statusHistory } };
}

/** `POST /api/v1/internships`: the signed-in student applies (motivation only where the tenant asks). */
export async function applyForVacancy(
  client: TApiClient,
  vacancyId: string,
  motivation: string | undefined,
): Promise<TInternship> {
  const attributes = motivation === undefined ? { vacancyId } : { vacancyId, motivation };
  const doc = readResourceDocument<TInternshipFields>(
    await client.post<TRawDocument>(INTERNSHIPS, { data: { type: 'internships', attributes } }),
  );
  if (!doc.data) throw new Error('empty internship document');
  return doc.data;
}

export async function takeAction(
  client: TApiClient,
  id: string,
  action: TInternshipAction,
  reason: string | undefined,
  internshipPeriodId?: string,
): Promise<void> {
  const attributes = { ...(reason ? { reason } : {}), ...(internshipPeriodId ? { internshipPeriodId } : {}) };
  await client.post(`${INTERNSHIPS}/${encodeURIComponent(id)}/${action}`, {
    data: { type: 'internships', id, attributes },
  });
}

/** camelCase attributes (the client turns them to snake_case on the wire). */
export type TInternshipPatch = {
  [K in keyof TInternshipUpdateInput as CamelCase<K>]?: TInternshipUpdateInput[K];
};
type CamelCase<S extends string> = S extends `${infer H}_${infer T}` ? `${H}${Capitalize<CamelCase<T>>}` : S;

export async function updateInternship(
  client: TApiClient,
  id: string,
  attributes: TInternshipPatch,
): Promise<TInternship> {
  const doc = readResourceDocument<TInternshipFields>(
    await client.patch<TRawDocument>(`${INTERNSHIPS}/${encodeURIComponent(id)}`, {
      data: { type: 'internships', id, attributes },
    }),
  );
  if (!doc.data) throw new Error('empty internship document');
  return doc.data;
}

/** `GET /api/v1/internships/{id}/people`: whom the caller may choose as contact person or supervisor. */
export async function fetchInternshipPeople(
  client: TApiClient,
  id: string,
  signal?: AbortSignal,
): Promise<TFlatResource<Omit<TPerson, 'id'> & { roles?: { name: TRoleName; resourceId: string }[] }>[]> {
  return readCollectionDocument<Omit<TPerson, 'id'> & { roles?: { name: TRoleName; resourceId: string }[] }>(
    await client.get<TRawDocument>(`${INTERNSHIPS}/${encodeURIComponent(id)}/people`, { signal }),
  ).data;
}

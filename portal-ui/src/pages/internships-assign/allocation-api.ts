import {
  readCollectionDocument,
  readResourceDocument,
  type TFlatResource,
  type TRawDocument,
} from '@stageplein/contracts/client/jsonapi-document';
import type { TApiClient } from '@stageplein/contracts/client/api-client';

/**
 * The portal's calls to placements' allocation rounds and assignments (the wire shapes are
 * contracts/src/placements/allocation-rounds.ts and allocation-assign.ts; the client hands them over
 * with camelCase keys).
 */
export const ROUNDS = '/api/v1/allocation_rounds';
export const ASSIGNMENTS = '/api/v1/internship_assignments';

export interface TRoundVacancy {
  vacancyId: string;
  title: string;
  organizationName: string | null;
  city: string | null;
  capacity: number;
  /** Places the vacancy has left outside the round; the allocation fills at most these. */
  placesLeft?: number;
}

export type TRound = TFlatResource<{
  name: string;
  schoolId: string;
  internshipPeriodId: string | null;
  deadline: string;
  groupIds: string[];
  levelIds: string[];
  status: 'open' | 'closed' | 'published';
  acceptingPreferences: boolean;
  vacancies: TRoundVacancy[];
  allocatedAt: string | null;
  publishedAt: string | null;
}> & {
  meta?: {
    preferences?: string[] | null;
    outcome?: { vacancyId: string | null; title: string | null; organizationName: string | null } | null;
    eligibleStudents?: number;
    rankedStudents?: number;
  };
};

export type TProposalLine = TFlatResource<{
  studentId: string;
  studentName: string;
  preferences: string[];
  vacancyId: string | null;
  rank: number | null;
  lotteryNumber: number;
  adjusted: boolean;
}>;

export type TStudentOption = TFlatResource<{
  firstName: string | null;
  lastName: string | null;
  email: string | null;
  groupId: string | null;
  groupName: string | null;
  levelId: string | null;
}>;

export interface TOptions {
  groups: { id: string; name: string; levelId: string | null }[];
  levels: { id: string; name: string }[];
  internshipPeriods: { id: string; name: string; startDate: string; endDate: string }[];
}

export type TVacancyOption = TFlatResource<{
  title: string;
  organizationName: string | null;
  city: string | null;
  places: number;
  placesLeft: number;
}>;

const body = (type: string, attributes: unknown, id?: string) => ({
  data: { type, ...(id ? { id } : {}), attributes },
});

export const fetchRounds = async (client: TApiClient) =>
  readCollectionDocument(await client.get<TRawDocument>(ROUNDS)).data as TRound[];

export const createRound = async (client: TApiClient, attributes: unknown) =>
  readResourceDocument(await client.post<TRawDocument>(ROUNDS, body('allocation_round', attributes)))
    .data as TRound;

export const submitPreferences = async (client: TApiClient, id: string, vacancyIds: string[]) =>
  readResourceDocument(
    await client.put<TRawDocument>(
      `${ROUNDS}/${id}/preferences`,
      body('allocation_preference', { vacancyIds }),
    ),
  ).data as TRound;

export const fetchProposal = async (client: TApiClient, id: string) =>
  readCollectionDocument(await client.get<TRawDocument>(`${ROUNDS}/${id}/proposal`)).data as TProposalLine[];

export const runRound = async (client: TApiClient, id: string) =>
  readCollectionDocument(await client.post<TRawDocument>(`${ROUNDS}/${id}/run`)).data as TProposalLine[];

export const publishRound = async (client: TApiClient, id: string) =>
  readResourceDocument(await client.post<TRawDocument>(`${ROUNDS}/${id}/publish`)).data as TRound;

export const adjustLine = async (
  client: TApiClient,
  id: string,
  studentId: string,
  vacancyId: string | null,
) =>
  readResourceDocument(
    await client.patch<TRawDocument>(
      `${ROUNDS}/${id}/proposal/${studentId}`,
      body('allocation_proposal_line', { vacancyId }, studentId),
    ),
  ).data as TProposalLine;

export async function fetchOptions(client: TApiClient): Promise<TOptions> {
  const { data } = readResourceDocument<TOptions>(await client.get<TRawDocument>(`${ASSIGNMENTS}/options`));
  if (!data) throw new Error('The assignment options came back empty');
  return data;
}

export const fetchStudents = async (client: TApiClient, groupId: string, levelId: string) =>
  readCollectionDocument(
    await client.get<TRawDocument>(`${ASSIGNMENTS}/students`, {
      query: {
        ...(groupId ? { 'filter[group_id_in]': groupId } : {}),
        ...(levelId ? { 'filter[level_id_in]': levelId } : {}),
      },
    }),
  ).data as TStudentOption[];

/**
 * What the school may pick (published, visible, a place left), found on the server by the words typed
 * (title, organization, place), newest first (contracts' `ZAssignableVacanciesQuery`).
 */
export const searchVacancies = async (client: TApiClient, search: string, signal?: AbortSignal) =>
  readCollectionDocument(
    await client.get<TRawDocument>(`${ASSIGNMENTS}/vacancies`, {
      query: { 'filter[search]': search.trim(), 'page[size]': 20 },
      signal,
    }),
  ).data as TVacancyOption[];

/** A vacancy's places left now (`GET /api/v1/vacancies/{id}`): the picker's after a refusal for places. */
export const fetchPlacesLeft = async (client: TApiClient, id: string) =>
  (
    readResourceDocument(await client.get<TRawDocument>(`/api/v1/vacancies/${encodeURIComponent(id)}`))
      .data as TFlatResource<{ placesLeft: number }>
  ).placesLeft;

export const assign = async (
  client: TApiClient,
  key: string,
  attributes: {
    internshipPeriodId: string | null;
    assignments: { studentId: string; vacancyId: string }[];
    /** The workplace supervisor of every internship of the batch, without an account (issue #30). */
    supervisorName?: string | null;
    supervisorEmail?: string | null;
  },
) =>
  readResourceDocument(
    await client.post<TRawDocument>(ASSIGNMENTS, body('internship_assignment', attributes), {
      headers: { 'idempotency-key': key },
    }),
  ).data as TFlatResource<{ internshipIds: string[] }>;

export const studentName = (s: Pick<TStudentOption, 'firstName' | 'lastName' | 'email' | 'id'>) =>
  [s.firstName, s.lastName].filter(Boolean).join(' ') || s.email || s.id;

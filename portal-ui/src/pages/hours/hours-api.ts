import { linkRequest } from '../../api/link-request.ts';
import {
  readResourceDocument,
  type TFlatResource,
  type TRawDocument,
} from '@stageplein/contracts/client/jsonapi-document';
import type { TApiClient } from '@stageplein/contracts/client/api-client';
import type { THoursAction, THoursEntryStatus } from '@stageplein/contracts/placements/hours-policy';

/**
 * The portal's calls to hours registration (placements service, contracts/src/placements/hours.ts;
 * the client hands the wire shapes over with camelCase keys).
 */
export const HOURS = '/api/v1/hours';

export interface THoursEntry {
  id: string;
  type: string;
  date: string;
  hours: number;
  description: string;
  status: THoursEntryStatus;
  supervisorNote: string | null;
  decidedAt: string | null;
  /** Who decided from where (the link's address, the client address): the school's view only. */
  decidedBy: string | null;
  decidedFrom: string | null;
  correctedAt: string | null;
  correctionReason: string | null;
}

export interface THoursSheetFields {
  internshipId: string;
  studentName: string;
  organizationName: string | null;
  schoolName: string | null;
  internshipPeriodName: string | null;
  startsOn: string | null;
  endsOn: string | null;
  title: string | null;
  supervisorName: string | null;
  supervisorEmail: string | null;
  /** The school approved the supervisor: links go out only then. */
  supervisorApproved: boolean;
  requiredHours: number | null;
  hoursLogged: number;
  hoursSupervisor: number;
  hoursPending: number;
  hoursRejected: number;
  hoursRemaining: number | null;
  percent: number | null;
  updatingHoursAllowed: boolean;
  signedOffAt: string | null;
  paperHours: number | null;
  paperScanUrl: string | null;
  supervisorLinkSentAt: string | null;
  paperTimesheets: boolean;
  actions: THoursAction[];
  entries: THoursEntry[];
}

export type THoursSheet = TFlatResource<THoursSheetFields>;

const sheetOf = (raw: TRawDocument): THoursSheet => {
  const doc = readResourceDocument<THoursSheetFields>(raw);
  if (!doc.data) throw new Error('empty hours document');
  return { ...doc.data, entries: doc.data.entries ?? [] };
};

const at = (internshipId: string, rest = '') => `${HOURS}/${encodeURIComponent(internshipId)}${rest}`;

export async function fetchHoursSheet(client: TApiClient, internshipId: string, signal?: AbortSignal) {
  return sheetOf(await client.get<TRawDocument>(at(internshipId), { signal }));
}

export async function logHours(
  client: TApiClient,
  internshipId: string,
  entry: { date: string; hours: number; description: string },
) {
  return sheetOf(
    await client.post<TRawDocument>(at(internshipId, '/entries'), {
      data: { type: 'hours_entry', attributes: entry },
    }),
  );
}

export async function deleteHours(client: TApiClient, internshipId: string, entryId: string) {
  return sheetOf(
    await client.delete<TRawDocument>(at(internshipId, `/entries/${encodeURIComponent(entryId)}`)),
  );
}

export async function correctHours(
  client: TApiClient,
  internshipId: string,
  entryId: string,
  correction: { hours?: number; status?: THoursEntryStatus; reason: string },
) {
  return sheetOf(
    await client.post<TRawDocument>(at(internshipId, `/entries/${encodeURIComponent(entryId)}/correct`), {
      data: { type: 'hours_correction', attributes: correction },
    }),
  );
}

export type THoursStep = 'lock' | 'unlock' | 'sign_off' | 'supervisor_link' | 'approve_supervisor';

export async function hoursStep(client: TApiClient, internshipId: string, step: THoursStep) {
  if (step !== 'approve_supervisor')
    return sheetOf(await client.post<TRawDocument>(at(internshipId, `/${step}`)));
  // The approval is the internship's (its links of hours, evaluations and assignments); then the new sheet.
  await client.post<TRawDocument>(
    `/api/v1/internships/${encodeURIComponent(internshipId)}/supervisor_approval`,
  );
  return fetchHoursSheet(client, internshipId);
}

export async function recordPaperTotal(
  client: TApiClient,
  internshipId: string,
  paper: { hours: number; scanUrl: string | null },
) {
  return sheetOf(
    await client.post<TRawDocument>(at(internshipId, '/paper_total'), {
      data: { type: 'hours_paper_total', attributes: paper },
    }),
  );
}

// --- The supervisor's page (no account: the link's token in the header) ----------------------------

export interface THoursConfirmation {
  studentName: string;
  organizationName: string | null;
  requiredHours: number | null;
  hoursSupervisor: number;
  hoursPending: number;
  expiresAt: string;
  entries: Pick<THoursEntry, 'id' | 'date' | 'hours' | 'description' | 'status' | 'supervisorNote'>[];
}

const confirmationOf = (raw: TRawDocument): THoursConfirmation => {
  const doc = readResourceDocument<THoursConfirmation>(raw);
  if (!doc.data) throw new Error('empty confirmation document');
  return doc.data;
};

export async function fetchConfirmation(client: TApiClient, token: string, signal?: AbortSignal) {
  return confirmationOf(
    await client.get<TRawDocument>(`${HOURS}/confirmation`, linkRequest(token, { signal })),
  );
}

export async function sendDecisions(
  client: TApiClient,
  token: string,
  decisions: { entryId: string; decision: 'confirm' | 'reject'; note?: string }[],
) {
  return confirmationOf(
    await client.post<TRawDocument>(`${HOURS}/confirmation`, { decisions }, linkRequest(token)),
  );
}

/** From a paper sheet's QR code: mail the link to the internship's own supervisor address. */
export async function requestSupervisorLink(client: TApiClient, internshipId: string) {
  await client.post(at(internshipId, '/supervisor_link/request'), undefined, { authenticate: false });
}

/** A paper sheet's scan through the content service's upload (PDF or image); its site path. */
export async function uploadScan(client: TApiClient, file: File): Promise<string> {
  const response = await client.request<TRawDocument>('/api/v1/cms/uploads', {
    method: 'POST',
    formData: { upload: { file } },
  });
  const doc = readResourceDocument<{ url: string }>(response.data);
  if (!doc.data?.url) throw new Error('upload without url');
  return doc.data.url;
}

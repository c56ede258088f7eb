import type { TApiClient } from '@stageplein/contracts/client/api-client';
import type {
  TDiscriminationGround,
  TDiscriminationOrganizationCollection,
  TDiscriminationOrganizationResource,
  TDiscriminationReportCollection,
  TDiscriminationReportOutcome,
  TDiscriminationReportResource,
} from '@stageplein/contracts/placements/discrimination-reports';

/** The portal's calls to discrimination reports (placements), in wire shape (raw). */
const BASE = '/api/v1/discrimination_reports';
const RAW = { raw: true } as const;

export const fetchReportsOf = (
  client: TApiClient,
  filter: { internship_id?: string; organization_id?: string },
) => {
  const params = new URLSearchParams(
    Object.entries(filter)
      .filter((e): e is [string, string] => !!e[1])
      .map(([k, v]) => [`filter[${k}]`, v]),
  ).toString();
  return client.get<TDiscriminationReportCollection>(`${BASE}${params ? `?${params}` : ''}`, RAW);
};

export const fileReport = (
  client: TApiClient,
  attributes: { internship_id: string; grounds: TDiscriminationGround[]; description?: string },
) =>
  client.post<{ data: TDiscriminationReportResource }>(
    BASE,
    { data: { type: 'discrimination_report', attributes } },
    RAW,
  );

export const fetchReport = (client: TApiClient, id: string) =>
  client.get<{ data: TDiscriminationReportResource }>(`${BASE}/${id}`, RAW);

export const fetchReportOrganizations = (client: TApiClient) =>
  client.get<TDiscriminationOrganizationCollection>(`${BASE}/organizations`, RAW);

export const setPause = (client: TApiClient, organizationId: string, paused: boolean) => {
  const path = `${BASE}/organizations/${organizationId}/pause`;
  return (
    paused
      ? client.post<{ data: TDiscriminationOrganizationResource }>(path, undefined, RAW)
      : client.delete<{ data: TDiscriminationOrganizationResource }>(path, RAW)
  ).then((d) => d.data);
};

export const recordContact = (client: TApiClient, id: string, note: string) =>
  client.post<{ data: TDiscriminationReportResource }>(
    `${BASE}/${id}/contacts`,
    { data: { type: 'discrimination_report_contact', attributes: { note } } },
    RAW,
  );

export const closeReport = (
  client: TApiClient,
  id: string,
  attributes: { outcome: TDiscriminationReportOutcome; note?: string },
) =>
  client.post<{ data: TDiscriminationReportResource }>(
    `${BASE}/${id}/close`,
    { data: { type: 'discrimination_report_close', attributes } },
    RAW,
  );

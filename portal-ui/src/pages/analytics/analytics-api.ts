import type { TApiClient } from '@stageplein/contracts/client/api-client';
import type {
  TAnalyticsRowsDocument,
  TAnalyticsRowsQuery,
  TOrganizationAnalyticsDocument,
  TSchoolAnalyticsDocument,
} from '@stageplein/contracts/placements/analytics';
import { saveCsv } from '../../api/save-file.ts';

/** The portal's calls to analytics (placements, contracts/src/placements/analytics.ts), in wire shape (raw). */
const BASE = '/api/v1/analytics';

const search = (q: Record<string, string | number | undefined>) => {
  const params = new URLSearchParams(
    Object.entries(q)
      .filter((e): e is [string, string | number] => e[1] !== undefined && e[1] !== '')
      .map(([k, v]) => [k, String(v)]),
  ).toString();
  return params ? `?${params}` : '';
};

export const fetchSchoolAnalytics = (client: TApiClient, q: TAnalyticsRowsQuery, signal?: AbortSignal) =>
  client.get<TSchoolAnalyticsDocument>(`${BASE}/school${search(q)}`, { signal, raw: true });

export const fetchAnalyticsRows = (client: TApiClient, q: TAnalyticsRowsQuery, signal?: AbortSignal) =>
  client.get<TAnalyticsRowsDocument>(`${BASE}/school/internships${search(q)}`, { signal, raw: true });

export const fetchOrganizationAnalytics = (client: TApiClient, signal?: AbortSignal) =>
  client.get<TOrganizationAnalyticsDocument>(`${BASE}/organization`, { signal, raw: true });

/** The CSV as a file the browser saves (the call needs the credentials headers). */
export async function downloadAnalyticsCsv(client: TApiClient, q: TAnalyticsRowsQuery) {
  const response = await client.request<string>(`${BASE}/school/export${search(q)}`, { raw: true });
  saveCsv(response.data, `analyses-${q.metric ?? 'all'}.csv`);
}

import type { TApiClient } from '@stageplein/contracts/client/api-client';
import type {
  TProgressDocument,
  TProgressQuery,
  TProgressTimelineDocument,
} from '@stageplein/contracts/placements/progress';
import { saveCsv } from '../../api/save-file.ts';

/** The portal's calls to progress (placements, contracts/src/placements/progress.ts), in wire shape (raw). */
const PROGRESS = '/api/v1/progress/periods';

const search = (q: TProgressQuery) => {
  const params = new URLSearchParams(
    Object.entries(q)
      .filter((e) => (typeof e[1] === 'string' && e[1] !== '') || typeof e[1] === 'number')
      .map(([k, v]) => [k, String(v)]),
  ).toString();
  return params ? `?${params}` : '';
};

export async function fetchProgress(
  client: TApiClient,
  periodId: string,
  q: TProgressQuery,
  signal?: AbortSignal,
): Promise<TProgressDocument> {
  return client.get<TProgressDocument>(`${PROGRESS}/${encodeURIComponent(periodId)}${search(q)}`, {
    signal,
    raw: true,
  });
}

export async function fetchTimeline(
  client: TApiClient,
  periodId: string,
  internshipId: string,
  signal?: AbortSignal,
): Promise<TProgressTimelineDocument> {
  return client.get<TProgressTimelineDocument>(
    `${PROGRESS}/${encodeURIComponent(periodId)}/internships/${encodeURIComponent(internshipId)}`,
    { signal, raw: true },
  );
}

/** The CSV as a file the browser saves (the call needs the credentials headers). */
export async function downloadProgressCsv(client: TApiClient, periodId: string, q: TProgressQuery) {
  const response = await client.request<string>(
    `${PROGRESS}/${encodeURIComponent(periodId)}/export${search(q)}`,
    { raw: true },
  );
  saveCsv(response.data, `stagevoortgang-${periodId}.csv`);
}

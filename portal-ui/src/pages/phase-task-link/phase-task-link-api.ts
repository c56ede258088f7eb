import type { TApiClient } from '@stageplein/contracts/client/api-client';
import { EXTERNAL_LINK_HEADER } from '@stageplein/contracts/http/headers';
import type { TPhaseTaskLinkDocument } from '@stageplein/contracts/placements/phase-runs';

/** The workplace supervisor's task by their link (`/fasetaak#<token>`): no account, the token as a header. */
const linkRequest = (token: string) => ({
  authenticate: false,
  // The document as sent (its `meta` too), not the client's flattened resource.
  raw: true,
  headers: { [EXTERNAL_LINK_HEADER]: token },
});

export async function fetchLinkedTask(
  client: TApiClient,
  token: string,
  signal?: AbortSignal,
): Promise<TPhaseTaskLinkDocument> {
  return client.get<TPhaseTaskLinkDocument>('/api/v1/phase_task_link', { ...linkRequest(token), signal });
}

export async function completeLinkedTask(
  client: TApiClient,
  token: string,
  taskId: string,
): Promise<TPhaseTaskLinkDocument> {
  return client.post<TPhaseTaskLinkDocument>(
    `/api/v1/phase_tasks/${encodeURIComponent(taskId)}/complete_by_link`,
    undefined,
    linkRequest(token),
  );
}

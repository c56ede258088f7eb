import type { TApiClient } from '@stageplein/contracts/client/api-client';
import type { TPhaseTaskLinkDocument } from '@stageplein/contracts/placements/phase-runs';
import { linkRequest } from '../../api/link-request.ts';

/**
 * The workplace supervisor's task by their link (`/fasetaak#<token>`): no account, the token as a header;
 * `raw`: the document as sent (its `meta` too), not the client's camel-cased keys.
 */
export function fetchLinkedTask(
  client: TApiClient,
  token: string,
  signal?: AbortSignal,
): Promise<TPhaseTaskLinkDocument> {
  return client.get<TPhaseTaskLinkDocument>(
    '/api/v1/phase_task_link',
    linkRequest(token, { raw: true, signal }),
  );
}

export function completeLinkedTask(
  client: TApiClient,
  token: string,
  taskId: string,
): Promise<TPhaseTaskLinkDocument> {
  return client.post<TPhaseTaskLinkDocument>(
    `/api/v1/phase_tasks/${encodeURIComponent(taskId)}/complete_by_link`,
    undefined,
    linkRequest(token, { raw: true }),
  );
}

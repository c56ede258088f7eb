import type { z } from 'zod';
import type { TApiClient } from '@stageplein/contracts/client/api-client';
import {
  SUPERVISOR_ACCOUNT_ROLE,
  type ZSupervisorAccountRequestAttributes,
} from '@stageplein/contracts/placements/supervisor-accounts';
import { linkRequest } from '../../api/link-request.ts';

/** A supervisor's request for an account, as the API sends it (snake_case, contracts' wire). */
export type TAccountRequest = z.infer<typeof ZSupervisorAccountRequestAttributes> & { id: string };

type TRaw = { data: { id: string; attributes: z.infer<typeof ZSupervisorAccountRequestAttributes> } };
const PATH = '/api/v1/supervisor_account_requests';
const flat = (r: TRaw['data']): TAccountRequest => ({ id: r.id, ...r.attributes });

// --- The supervisor, by their link (no account: the token in the header) --------------------------

/** The supervisor's request through the link (null: none yet) and whether the page offers to ask. */
export async function fetchOwnRequest(client: TApiClient, token: string, signal?: AbortSignal) {
  const doc = await client.get<{ data: TRaw['data'] | null; meta: { may_ask: boolean } }>(
    `${PATH}/current`,
    linkRequest(token, { raw: true, signal }),
  );
  return { request: doc.data ? flat(doc.data) : null, mayAsk: doc.meta.may_ask };
}

export async function askForAccount(client: TApiClient, token: string) {
  return flat((await client.post<TRaw>(PATH, undefined, linkRequest(token, { raw: true }))).data);
}

// --- The company's admins ------------------------------------------------------------------------

export async function listWaitingRequests(client: TApiClient, rows: number, signal?: AbortSignal) {
  const doc = await client.get<{ data: TRaw['data'][]; meta?: { total?: number } }>(
    `${PATH}?filter[status]=requested&page[size]=${rows}`,
    { raw: true, signal },
  );
  return { total: Number(doc.meta?.total ?? doc.data.length), requests: doc.data.map(flat) };
}

/** "Jan de Vries" → first name "Jan", last name "de Vries" (identity keeps both). */
export function splitName(name: string | null): { first_name?: string; last_name?: string } {
  const parts = (name ?? '').trim().split(/\s+/).filter(Boolean);
  if (parts.length === 0) return {};
  return {
    first_name: parts[0]!,
    ...(parts.length > 1 ? { last_name: parts.slice(1).join(' ') } : {}),
  };
}

/**
 * One click: identity's invitation (`POST /api/v1/users`: an invited account with the supervisor's
 * role on the organization and the invitation mail; it is theirs once they accept), then the request
 * answered with that account.
 */
export async function inviteSupervisor(client: TApiClient, request: TAccountRequest) {
  const user = await client.post<{ data: { id: string } }>(
    '/api/v1/users',
    {
      data: {
        type: 'users',
        attributes: {
          email: request.email,
          ...splitName(request.name),
          role: SUPERVISOR_ACCOUNT_ROLE,
          organization_id: request.organization_id,
        },
      },
    },
    { raw: true },
  );
  return flat(
    (
      await client.post<TRaw>(
        `${PATH}/${encodeURIComponent(request.id)}/invited`,
        { data: { type: 'supervisor_account_invitation', attributes: { user_id: user.data.id } } },
        { raw: true },
      )
    ).data,
  );
}

export async function declineRequest(client: TApiClient, id: string) {
  return flat(
    (await client.post<TRaw>(`${PATH}/${encodeURIComponent(id)}/declined`, undefined, { raw: true })).data,
  );
}

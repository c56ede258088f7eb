import type { TApiClient, TApiRequest } from '@stageplein/contracts/client/api-client';
import type { TContractSignerView } from '@stageplein/contracts/internship-contracts/contract-signing';
import { linkRequest } from '../../api/link-request.ts';

/**
 * The signing pages' calls to placements' `/api/v1/contract_signers/{id}` (contracts'
 * contract-signing.ts): as the holder of a link (the mailed link's or a QR code's token, sent as
 * `X-Action-Link`, no stored credentials) or, without a token, as the signed-in user. `raw`: the
 * document as sent.
 */
const SIGNERS = '/api/v1/contract_signers';
const enc = encodeURIComponent;

/** Who asks: a link's token, or the session (null). */
export type TSignerAccess = string | null;

const as = (token: TSignerAccess, options: Pick<TApiRequest, 'signal'> = {}): TApiRequest =>
  token ? linkRequest(token, { raw: true, ...options }) : { raw: true, ...options };

interface TViewDocument {
  data: { id: string; attributes: TContractSignerView };
}

export async function fetchSignerView(
  client: TApiClient,
  signerId: string,
  token: TSignerAccess,
  signal?: AbortSignal,
): Promise<TContractSignerView> {
  const doc = await client.get<TViewDocument>(`${SIGNERS}/${enc(signerId)}`, as(token, { signal }));
  return doc.data.attributes;
}

/** The page was opened: the audit trail's `viewed` entry. */
export async function reportOpened(
  client: TApiClient,
  signerId: string,
  token: TSignerAccess,
): Promise<void> {
  await client.post(`${SIGNERS}/${enc(signerId)}/viewed`, undefined, as(token));
}

export async function signContract(
  client: TApiClient,
  signerId: string,
  token: TSignerAccess,
  signature: string,
): Promise<TContractSignerView> {
  const doc = await client.post<TViewDocument>(
    `${SIGNERS}/${enc(signerId)}/sign`,
    { data: { type: 'contract_signature', attributes: { signature, agree: true } } },
    as(token),
  );
  return doc.data.attributes;
}

export interface TQrToken {
  token: string;
  expires_at: string;
}

export async function issueQrToken(
  client: TApiClient,
  signerId: string,
  token: TSignerAccess,
): Promise<TQrToken> {
  const doc = await client.post<{ data: { attributes: TQrToken } }>(
    `${SIGNERS}/${enc(signerId)}/qr_token`,
    undefined,
    as(token),
  );
  return doc.data.attributes;
}

/**
 * The sealed PDF, for a signed-in party or by the download link mailed at the seal to a signer without an
 * account (the server decides who).
 */
export async function downloadContract(
  client: TApiClient,
  contractId: string,
  token: TSignerAccess,
): Promise<Blob> {
  const url = `/api/v1/contracts/${enc(contractId)}/document`;
  return client.get<Blob>(url, token ? { ...linkRequest(token), blob: true } : { blob: true });
}

export const signPath = (contractId: string, signerId: string) =>
  `/contracts/${enc(contractId)}/sign/${enc(signerId)}`;
/** A QR code's address says it is one (`?via=qr`): a spent or expired one is explained as a QR code. */
export const QR_MARK = 'via=qr';
export const qrSignPath = (contractId: string, signerId: string) =>
  `/contracts/${enc(contractId)}/qr-sign/${enc(signerId)}`;

import type { TApiClient } from '@stageplein/contracts/client/api-client';
import type {
  TCompanyField,
  TContractAttributes,
  TContractMeta,
  TContractTemplateVersionAttributes,
  TTemplateSigner,
} from '@stageplein/contracts/internship-contracts/contract-schemas';
import type { TRichTextDocument } from '@stageplein/contracts/content/content';
import { saveBlob } from '../../api/save-file.ts';

/**
 * The portal's calls to placements' contract templates and contracts
 * (contracts/src/internship-contracts/contract-schemas.ts), read `raw`: documents are data in the wire's
 * snake_case, sent back as they came.
 */
const TEMPLATES = '/api/v1/contract_templates';
const VERSIONS = '/api/v1/contract_template_versions';
const CONTRACTS = '/api/v1/contracts';

interface TRaw<A> {
  id: string;
  type: string;
  attributes: A;
  meta?: unknown;
}
const flat = <A>(r: TRaw<A>): A & { id: string } => ({ ...r.attributes, id: r.id });
const enc = encodeURIComponent;

export interface TContractTemplate {
  id: string;
  name: string;
  published_version: number | null;
  published_version_id: string | null;
  draft_version: number | null;
  draft_version_id: string | null;
}
export type TTemplateVersion = TContractTemplateVersionAttributes & { id: string };

export async function listTemplates(client: TApiClient, signal?: AbortSignal): Promise<TContractTemplate[]> {
  const doc = await client.get<{ data: TRaw<TContractTemplate>[] }>(TEMPLATES, { signal, raw: true });
  return doc.data.map(flat);
}

export async function createTemplate(client: TApiClient, name: string): Promise<TContractTemplate> {
  const doc = await client.post<{ data: TRaw<TContractTemplate> }>(
    TEMPLATES,
    { data: { type: 'contract_template', attributes: { name } } },
    { raw: true },
  );
  return flat(doc.data);
}

/** A template with its published version and its draft (either may be missing). */
export interface TTemplateView {
  template: TContractTemplate;
  published: TTemplateVersion | undefined;
  draft: TTemplateVersion | undefined;
}

export async function fetchTemplate(
  client: TApiClient,
  id: string,
  signal?: AbortSignal,
): Promise<TTemplateView> {
  const doc = await client.get<{
    data: TRaw<TContractTemplate>;
    included?: TRaw<TContractTemplateVersionAttributes>[];
  }>(`${TEMPLATES}/${enc(id)}`, { signal, raw: true });
  const template = flat(doc.data);
  const versions = (doc.included ?? []).map(flat);
  return {
    template,
    published: versions.find((v) => v.id === template.published_version_id),
    draft: versions.find((v) => v.id === template.draft_version_id),
  };
}

export interface TVersionContent {
  body_nl: TRichTextDocument;
  body_en: TRichTextDocument;
  company_fields: TCompanyField[];
  signers: TTemplateSigner[];
}

export async function saveVersion(
  client: TApiClient,
  id: string,
  content: TVersionContent,
): Promise<TTemplateVersion> {
  const doc = await client.patch<{ data: TRaw<TContractTemplateVersionAttributes> }>(
    `${VERSIONS}/${enc(id)}`,
    { data: { type: 'contract_template_version', id, attributes: content } },
    { raw: true },
  );
  return flat(doc.data);
}

export async function publishVersion(client: TApiClient, id: string): Promise<TTemplateVersion> {
  const doc = await client.post<{ data: TRaw<TContractTemplateVersionAttributes> }>(
    `${VERSIONS}/${enc(id)}/publish`,
    undefined,
    { raw: true },
  );
  return flat(doc.data);
}

export async function newDraft(client: TApiClient, templateId: string): Promise<void> {
  await client.post(`${TEMPLATES}/${enc(templateId)}/drafts`, undefined, { raw: true });
}

export interface TPreview {
  html_nl: string;
  html_en: string;
}
export async function fetchPreview(
  client: TApiClient,
  versionId: string,
  signal?: AbortSignal,
): Promise<TPreview> {
  const doc = await client.get<{ data: TRaw<TPreview> }>(`${VERSIONS}/${enc(versionId)}/preview`, {
    signal,
    raw: true,
  });
  return doc.data.attributes;
}

// --- Contracts ---------------------------------------------------------------------------------------

export type TContract = TContractAttributes & { id: string };
export type TContractDetail = TContract & {
  html_nl: string;
  html_en: string;
  variables: Record<string, string | null>;
  meta: TContractMeta;
};

export async function listContracts(
  client: TApiClient,
  filter: { internshipId?: string; sealState?: 'failed' } = {},
  signal?: AbortSignal,
): Promise<TContract[]> {
  const params = [
    ...(filter.internshipId ? [`filter[internship_id]=${enc(filter.internshipId)}`] : []),
    ...(filter.sealState ? [`filter[seal_state]=${enc(filter.sealState)}`] : []),
  ];
  const query = params.length ? `?${params.join('&')}` : '';
  const doc = await client.get<{ data: TRaw<TContractAttributes>[] }>(`${CONTRACTS}${query}`, {
    signal,
    raw: true,
  });
  return doc.data.map(flat);
}

const detail = (r: TRaw<TContractDetail>): TContractDetail => ({ ...flat(r), meta: r.meta as TContractMeta });

export async function fetchContract(
  client: TApiClient,
  id: string,
  signal?: AbortSignal,
): Promise<TContractDetail> {
  const doc = await client.get<{ data: TRaw<TContractDetail> }>(`${CONTRACTS}/${enc(id)}`, {
    signal,
    raw: true,
  });
  return detail(doc.data);
}

export async function generateContract(
  client: TApiClient,
  attributes: { internship_id: string; student_birth_date?: string | null },
): Promise<TContractDetail> {
  const doc = await client.post<{ data: TRaw<TContractDetail> }>(
    CONTRACTS,
    { data: { type: 'contract', attributes } },
    { raw: true },
  );
  return detail(doc.data);
}

export async function changeBirthDate(client: TApiClient, id: string, birthDate: string | null) {
  const doc = await client.patch<{ data: TRaw<TContractDetail> }>(
    `${CONTRACTS}/${enc(id)}`,
    { data: { type: 'contract', id, attributes: { student_birth_date: birthDate } } },
    { raw: true },
  );
  return detail(doc.data);
}

export async function contractAction(
  client: TApiClient,
  id: string,
  action: 'release' | 'void' | 'company_fields' | 'retry_seal',
  attributes?: Record<string, unknown>,
): Promise<TContractDetail> {
  const doc = await client.post<{ data: TRaw<TContractDetail> }>(
    `${CONTRACTS}/${enc(id)}/${action}`,
    attributes ? { data: { type: 'contract', attributes } } : undefined,
    { raw: true },
  );
  return detail(doc.data);
}

/**
 * The sealed PDF (offered when `meta.may_download`, contracts' `mayDownloadContract`): fetched with the
 * credentials, then saved by the browser.
 */
export async function downloadContractDocument(client: TApiClient, id: string): Promise<void> {
  const response = await client.request<Blob>(`${CONTRACTS}/${enc(id)}/document`, { blob: true });
  saveBlob(response.data, `contract-${id}.pdf`);
}

/** A signer without an account gets an address (the student's parent, the school's representative). */
export async function setSignerAddress(
  client: TApiClient,
  signerId: string,
  email: string,
  name: string,
): Promise<void> {
  await client.put(
    `/api/v1/contract_signers/${enc(signerId)}/email`,
    { data: { type: 'contract_signer', attributes: { email, name } } },
    { raw: true },
  );
}

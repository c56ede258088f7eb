import type { TApiClient } from '@stageplein/contracts/client/api-client';
import type { TFormDefinition } from '@stageplein/contracts/forms/form-definition';
import {
  FORM_HONEYPOT_FIELD,
  type TCreatableFormPurpose,
  type TFormPurpose,
  type TFormStatus,
  type TPublicSubmissionBody,
} from '@stageplein/contracts/forms/forms-api';
import { formFilePath, type TSubmissionFile } from '@stageplein/contracts/forms/form-files';
import type { TAnswers } from '@stageplein/contracts/forms/submission-schema';
import { saveBlob } from '../../api/save-file.ts';

/**
 * The forms calls of the portal (content service, contracts/forms/forms-api.ts). Read with `raw`:
 * answers and definitions are data whose keys (field ids) must not be camel-cased; they are
 * snake_case already, so the client's snake_case on the way out leaves them as they are.
 */
export const FORMS = '/api/v1/cms/forms';
export const PUBLIC_FORMS = '/api/v1/public/forms';

interface TRawResource<A> {
  id: string;
  type: string;
  attributes: A;
}
interface TRawDoc<D> {
  data: D;
  meta?: Record<string, unknown>;
}

export interface TForm {
  id: string;
  title: { nl: string; en: string };
  status: TFormStatus;
  purpose: TFormPurpose;
  definition: TFormDefinition;
  published_version: number | null;
  published_at: string | null;
  has_unpublished_changes: boolean;
  public_token: string | null;
  submission_count: number;
  created_at: string;
  updated_at: string;
}

export interface TSubmission {
  id: string;
  form_id: string;
  form_version: number;
  answers: TAnswers;
  locale: 'nl' | 'en';
  /** The files its file questions name, by question id. */
  files: Record<string, TSubmissionFile>;
  created_at: string;
}

export interface TPublicForm {
  token: string;
  purpose: TFormPurpose;
  version: number;
  definition: TFormDefinition;
  render_token: string;
}

const flat = <A>(r: TRawResource<A>): A & { id: string } => ({ ...r.attributes, id: r.id });

export async function fetchPublicForm(
  client: TApiClient,
  token: string,
  signal?: AbortSignal,
): Promise<TPublicForm> {
  const doc = await client.get<TRawDoc<TRawResource<Omit<TPublicForm, 'token'>>>>(
    `${PUBLIC_FORMS}/${encodeURIComponent(token)}`,
    { signal, raw: true, authenticate: false },
  );
  return { ...doc.data.attributes, token: doc.data.id };
}

/** A visitor's submission with the render token (time-to-submit) and the honeypot's content. */
export async function submitPublicForm(
  client: TApiClient,
  token: string,
  answers: TAnswers,
  renderToken: string,
  honeypot: string,
): Promise<void> {
  const body: TPublicSubmissionBody = {
    data: {
      type: 'form_submission',
      attributes: {
        answers,
        render_token: renderToken,
        ...(honeypot ? { [FORM_HONEYPOT_FIELD]: honeypot } : {}),
      },
    },
  };
  await client.post(`${PUBLIC_FORMS}/${encodeURIComponent(token)}/submissions`, body, {
    raw: true,
    authenticate: false,
  });
}

/**
 * Uploads a public form's file question's file with the form's render token (`form_file[…]` fields:
 * the token and the question before the file, so the server decides before reading it); the answer
 * is the file's id.
 */
export async function uploadFormFile(
  client: TApiClient,
  token: string,
  renderToken: string,
  fieldId: string,
  file: File,
): Promise<{ id: string }> {
  const doc = await client.post<TRawDoc<{ id: string }>>(
    `${PUBLIC_FORMS}/${encodeURIComponent(token)}/files`,
    undefined,
    {
      formData: { form_file: { render_token: renderToken, field: fieldId, file } },
      raw: true,
      authenticate: false,
    },
  );
  return { id: doc.data.id };
}

/** A submitted file for the form's editors: fetched with the credentials, then saved by the browser. */
export async function downloadFormFile(
  client: TApiClient,
  formId: string,
  file: TSubmissionFile,
): Promise<void> {
  const response = await client.request<Blob>(formFilePath(formId, file.id), { blob: true });
  saveBlob(response.data, file.name);
}

export async function listForms(client: TApiClient, signal?: AbortSignal): Promise<TForm[]> {
  const doc = await client.get<TRawDoc<TRawResource<Omit<TForm, 'id'>>[]>>(`${FORMS}?page[size]=100`, {
    signal,
    raw: true,
  });
  return doc.data.map(flat);
}

export async function fetchForm(client: TApiClient, id: string, signal?: AbortSignal): Promise<TForm> {
  const doc = await client.get<TRawDoc<TRawResource<Omit<TForm, 'id'>>>>(`${FORMS}/${id}`, {
    signal,
    raw: true,
  });
  return flat(doc.data);
}

export async function createForm(
  client: TApiClient,
  definition?: TFormDefinition,
  purpose: TCreatableFormPurpose = 'general',
): Promise<TForm> {
  const doc = await client.post<TRawDoc<TRawResource<Omit<TForm, 'id'>>>>(
    FORMS,
    { data: { type: 'form', attributes: { ...(definition ? { definition } : {}), purpose } } },
    { raw: true },
  );
  return flat(doc.data);
}

export async function saveForm(client: TApiClient, id: string, definition: TFormDefinition): Promise<TForm> {
  const doc = await client.patch<TRawDoc<TRawResource<Omit<TForm, 'id'>>>>(
    `${FORMS}/${id}`,
    { data: { type: 'form', id, attributes: { definition } } },
    { raw: true },
  );
  return flat(doc.data);
}

/** publish, duplicate or archive. */
export async function formAction(
  client: TApiClient,
  id: string,
  action: 'publish' | 'duplicate' | 'archive',
): Promise<TForm> {
  const doc = await client.post<TRawDoc<TRawResource<Omit<TForm, 'id'>>>>(
    `${FORMS}/${id}/${action}`,
    undefined,
    {
      raw: true,
    },
  );
  return flat(doc.data);
}

export async function fetchVersion(
  client: TApiClient,
  id: string,
  version: number,
  signal?: AbortSignal,
): Promise<TFormDefinition> {
  const doc = await client.get<TRawDoc<TRawResource<{ definition: TFormDefinition }>>>(
    `${FORMS}/${id}/versions/${version}`,
    { signal, raw: true },
  );
  return doc.data.attributes.definition;
}

export async function listSubmissions(
  client: TApiClient,
  id: string,
  signal?: AbortSignal,
): Promise<{ submissions: TSubmission[]; total: number | undefined }> {
  const doc = await client.get<TRawDoc<TRawResource<Omit<TSubmission, 'id'>>[]>>(
    `${FORMS}/${id}/submissions?page[size]=100`,
    { signal, raw: true },
  );
  const total = doc.meta?.total;
  return { submissions: doc.data.map(flat), total: typeof total === 'number' ? total : undefined };
}

export async function fetchSubmission(
  client: TApiClient,
  id: string,
  submissionId: string,
  signal?: AbortSignal,
): Promise<TSubmission> {
  const doc = await client.get<TRawDoc<TRawResource<Omit<TSubmission, 'id'>>>>(
    `${FORMS}/${id}/submissions/${submissionId}`,
    { signal, raw: true },
  );
  return flat(doc.data);
}

/** The CSV export as a file the browser saves (the call needs the credentials headers). */
export async function downloadSubmissionsCsv(
  client: TApiClient,
  id: string,
  fileName: string,
): Promise<void> {
  const response = await client.request<string>(`${FORMS}/${id}/submissions/export`, { raw: true });
  const text = typeof response.data === 'string' ? response.data : String(response.data ?? '');
  saveBlob(new Blob([text], { type: 'text/csv;charset=utf-8' }), fileName);
}

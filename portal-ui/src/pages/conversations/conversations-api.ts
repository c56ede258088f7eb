import type { TApiClient } from '@stageplein/contracts/client/api-client';
import type {
  TConversationOptionResource,
  TConversationResource,
  TMessageResource,
} from '@stageplein/contracts/notifications/conversations';
import { saveBlob } from '../../api/save-file.ts';

/**
 * The portal's calls to the conversations of the notifications service
 * (contracts/src/notifications/conversations.ts), read `raw`: the wire's snake_case as it came.
 */
const CONVERSATIONS = '/api/v1/conversations';
const enc = encodeURIComponent;

export type TConversation = TConversationResource['attributes'] & { id: string };
export type TMessage = TMessageResource['attributes'] & { id: string };
export type TOption = TConversationOptionResource['attributes'] & { id: string };

export const CONVERSATIONS_KEY = ['conversations'] as const;
/** Until the service says how often (`meta.poll_seconds`). */
export const FIRST_POLL_MS = 15_000;

type TCollection<R> = { data: R[]; meta: { total: number; poll_seconds?: number } };

/** The person's conversations; the answer carries an ETag the browser revalidates (304 while unchanged). */
export async function fetchConversations(client: TApiClient, signal?: AbortSignal) {
  const doc = await client.get<TCollection<TConversationResource>>(CONVERSATIONS, {
    signal,
    raw: true,
    query: { 'page[size]': 100 },
  });
  return {
    items: doc.data.map((r) => ({ ...r.attributes, id: r.id })),
    total: doc.meta.total,
    pollSeconds: doc.meta.poll_seconds,
  };
}

export async function fetchConversation(client: TApiClient, id: string, signal?: AbortSignal) {
  const doc = await client.get<{ data: TConversationResource }>(`${CONVERSATIONS}/${enc(id)}`, {
    signal,
    raw: true,
  });
  return { ...doc.data.attributes, id: doc.data.id } satisfies TConversation;
}

export async function fetchMessages(client: TApiClient, id: string, signal?: AbortSignal) {
  const doc = await client.get<TCollection<TMessageResource>>(`${CONVERSATIONS}/${enc(id)}/messages`, {
    signal,
    raw: true,
  });
  return {
    items: doc.data.map((r) => ({ ...r.attributes, id: r.id })),
    total: doc.meta.total,
    pollSeconds: doc.meta.poll_seconds,
  };
}

export async function fetchOptions(client: TApiClient, signal?: AbortSignal): Promise<TOption[]> {
  const doc = await client.get<TCollection<TConversationOptionResource>>(`${CONVERSATIONS}/options`, {
    signal,
    raw: true,
  });
  return doc.data.map((r) => ({ ...r.attributes, id: r.id }));
}

export async function openConversation(
  client: TApiClient,
  target: { internship_id: string } | { user_id: string },
): Promise<string> {
  const doc = await client.post<{ data: { id: string } }>(
    CONVERSATIONS,
    { data: { type: 'conversation', attributes: target } },
    { raw: true },
  );
  return doc.data.id;
}

/** A message: JSON:API without files, multipart (spec §7's bracketed keys) with them. */
export async function sendMessage(
  client: TApiClient,
  id: string,
  message: { body: string; internal: boolean; files: File[] },
): Promise<void> {
  const path = `${CONVERSATIONS}/${enc(id)}/messages`;
  if (message.files.length === 0) {
    await client.post(
      path,
      { data: { type: 'message', attributes: { body: message.body, internal: message.internal } } },
      { raw: true },
    );
    return;
  }
  await client.request(path, {
    method: 'POST',
    raw: true,
    formData: { message: { body: message.body, internal: message.internal, attachments: message.files } },
  });
}

export async function markConversationRead(client: TApiClient, id: string): Promise<void> {
  await client.post(`${CONVERSATIONS}/${enc(id)}/read`, undefined, { raw: true });
}

/** An attachment, fetched with the credentials, then saved by the browser under its name. */
export async function downloadAttachment(client: TApiClient, url: string, name: string): Promise<void> {
  const response = await client.request<Blob>(url, { blob: true });
  saveBlob(response.data, name);
}

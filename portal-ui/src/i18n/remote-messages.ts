import { MESSAGE_CACHE_MS, type TLanguage } from '@stageplein/contracts/i18n/index';

/**
 * Spec §7/§8/§9: a per-language messages file (a map of messages) is fetched and cached for 24
 * hours; when it fails to load it is silently ignored. The bundled catalogues are always there, so
 * these are the tenant's text overrides, managed in the CMS (content service). Until that service
 * answers, the file is "not found", which is cached like an empty map, so it is asked for once a day.
 */
export const messagesPath = (lang: TLanguage) => `/api/v1/cms/messages/${lang}`;
export const messageCacheKey = (tenant: string, lang: TLanguage) => `stageplein.messages.${tenant}.${lang}`;

export type TFlatMessages = Record<string, string>;

interface TCacheEntry {
  at: number;
  messages: TFlatMessages;
}

/** Dot-path → text for every string leaf of a nested or flat map; other values are dropped. */
export function flattenMessages(value: unknown, prefix = '', out: TFlatMessages = {}): TFlatMessages {
  if (!value || typeof value !== 'object' || Array.isArray(value)) return out;
  for (const [key, child] of Object.entries(value as Record<string, unknown>)) {
    if (key === '__proto__' || key === 'constructor' || key === 'prototype') continue;
    const path = prefix ? `${prefix}.${key}` : key;
    if (typeof child === 'string') out[path] = child;
    else flattenMessages(child, path, out);
  }
  return out;
}

/** The nested tree i18next takes as a resource bundle. */
export function nestMessages(flat: TFlatMessages): Record<string, unknown> {
  const root: Record<string, unknown> = {};
  for (const [path, text] of Object.entries(flat)) {
    const parts = path.split('.');
    if (parts.some((p) => !p || p === '__proto__' || p === 'constructor' || p === 'prototype')) continue;
    let node = root;
    for (const part of parts.slice(0, -1)) {
      const next = node[part];
      if (typeof next !== 'object' || next === null) node[part] = {};
      node = node[part] as Record<string, unknown>;
    }
    node[parts[parts.length - 1]!] = text;
  }
  return root;
}

/** A fresh cache entry's messages, or undefined (missing, expired, from the future, corrupt). */
export function readMessageCache(raw: string | null | undefined, now: number): TFlatMessages | undefined {
  if (!raw) return undefined;
  try {
    const entry = JSON.parse(raw) as Partial<TCacheEntry>;
    if (typeof entry.at !== 'number' || !entry.messages || typeof entry.messages !== 'object')
      return undefined;
    const age = now - entry.at;
    if (age < 0 || age >= MESSAGE_CACHE_MS) return undefined;
    return flattenMessages(entry.messages);
  } catch {
    return undefined;
  }
}

export function writeMessageCache(messages: TFlatMessages, now: number): string {
  return JSON.stringify({ at: now, messages } satisfies TCacheEntry);
}

export interface TMessageSource {
  lang: TLanguage;
  tenant: string;
  now: () => number;
  storage: Pick<Storage, 'getItem' | 'setItem'> | undefined;
  /** GET the messages file: its status and parsed body; rejects on network failure. */
  fetchMessages: (path: string) => Promise<{ status: number; body: unknown }>;
}

/** The tenant's messages for a language (cached 24 h), or undefined when they could not be loaded. */
export async function loadRemoteMessages(source: TMessageSource): Promise<TFlatMessages | undefined> {
  const key = messageCacheKey(source.tenant, source.lang);
  const cached = readMessageCache(
    safely(() => source.storage?.getItem(key)),
    source.now(),
  );
  if (cached) return cached;
  try {
    const { status, body } = await source.fetchMessages(messagesPath(source.lang));
    let messages: TFlatMessages;
    if (status === 200) messages = flattenMessages(body);
    else if (status === 404) messages = {};
    else return undefined;
    safely(() => source.storage?.setItem(key, writeMessageCache(messages, source.now())));
    return messages;
  } catch {
    return undefined;
  }
}

function safely<T>(fn: () => T): T | undefined {
  try {
    return fn();
  } catch {
    // Storage disabled or full: the cache is an optimisation only.
    return undefined;
  }
}

import { CURRENT_ORGANIZATION_HEADER, LANGUAGE_HEADER, TENANT_HEADER } from '../http/headers.ts';
import { isWrongCenter } from '../errors/error-catalogue.ts';
import { toCamelKeys, toSnakeKeys } from './case-keys.ts';
import {
  credentialHeaders,
  credentialsFromHeaders,
  type TAuthCredentials,
  type TCredentialStore,
} from './credentials.ts';
import { toFormData } from './form-data.ts';
import { withQuery, type TQueryValue } from './query-string.ts';

/** Paths of spec §7 the front ends call by name. */
export const API_PATHS = {
  signIn: '/auth/sign_in',
  signOut: '/auth/sign_out',
  password: '/auth/password',
  passwordless: '/auth/passwordless',
  passwordlessSignIn: '/auth/passwordless/sign_in',
  currentUser: '/api/v1/current_user',
  currentOrganizations: '/api/v1/current_organizations',
  confirm: '/api/v1/confirm',
  signInAsUser: '/api/v1/sign_in_as_user',
  signInOptions: '/api/v1/sign_in_options',
  accountDeletion: '/api/v1/account_deletion',
  accountDeletionConfirm: '/api/v1/account_deletion/confirm',
  cmsMenus: '/api/v1/cms/menus',
  cmsMenuItems: '/api/v1/cms/menu_items',
} as const;

export type THttpMethod = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';

/** One JSON:API error object as the front ends read it (camelCase). */
export interface TApiErrorObject {
  status?: string;
  code?: string;
  title?: string;
  detail?: string;
  source?: { pointer?: string; parameter?: string };
  meta?: Record<string, unknown>;
}

/**
 * A failed call. Spec §7: the body's `errors` field is attached. `status` is undefined when no
 * answer came (network failure, aborted).
 */
export class ApiRequestError extends Error {
  override readonly name = 'ApiRequestError';
  readonly status: number | undefined;
  readonly errors: TApiErrorObject[];
  readonly method: THttpMethod;
  readonly path: string;
  readonly body: unknown;
  /** The call's W3C `traceparent` (its span id lets an error report point at the failed call). */
  readonly traceparent: string | undefined;

  constructor(init: {
    status: number | undefined;
    errors?: TApiErrorObject[];
    method: THttpMethod;
    path: string;
    body?: unknown;
    message?: string;
    cause?: unknown;
    traceparent?: string;
  }) {
    const errors = init.errors ?? [];
    const first = errors[0];
    super(
      init.message ??
        first?.detail ??
        first?.title ??
        (init.status ? `HTTP ${init.status} on ${init.method} ${init.path}` : 'Network error'),
      init.cause === undefined ? undefined : { cause: init.cause },
    );
    this.status = init.status;
    this.errors = errors;
    this.method = init.method;
    this.path = init.path;
    this.body = init.body;
    this.traceparent = init.traceparent;
  }

  /** The catalogue code of the first error (`invalid_credentials`, `wrong_center`…). */
  get code(): string | undefined {
    return this.errors[0]?.code;
  }

  /** Spec §8: a message containing "wrong center" (our API also sends the code `wrong_center`). */
  get wrongCenter(): boolean {
    return this.errors.some(
      (e) => isWrongCenter(e.code) || isWrongCenter(e.detail) || isWrongCenter(e.title),
    );
  }

  /** The first error about one body field (`source.pointer` `/password` → `password`). */
  fieldError(field: string): TApiErrorObject | undefined {
    return this.errors.find((e) => e.source?.pointer?.replace(/^\/(data\/attributes\/)?/, '') === field);
  }
}

export function isApiRequestError(error: unknown): error is ApiRequestError {
  return error instanceof ApiRequestError;
}

export interface TApiRequest {
  method?: THttpMethod;
  query?: Readonly<Record<string, TQueryValue>>;
  /** JSON body; keys are sent in snake_case. */
  body?: unknown;
  /** Multipart body with bracketed snake_case keys (files). */
  formData?: unknown;
  headers?: Record<string, string>;
  signal?: AbortSignal;
  /** Send the stored credentials (default true). */
  authenticate?: boolean;
  /** Credentials to send instead of the stored ones. */
  credentials?: TAuthCredentials;
  /** Keep response keys as sent (message files, whose keys are data). */
  raw?: boolean;
  /** The successful answer's body as a Blob (a file download); failures are read as usual. */
  blob?: boolean;
}

export interface TApiResponse<T> {
  status: number;
  headers: { get(name: string): string | null };
  data: T;
}

type TFetch = (input: string, init: RequestInit) => Promise<Response>;

export interface TApiClientOptions {
  fetch: TFetch;
  credentials: TCredentialStore;
  /** Origin or prefix of the API ('' for the same origin). */
  baseUrl?: string;
  tenant?: () => string | undefined;
  currentOrganizationId?: () => string | null | undefined;
  language?: () => string | undefined;
  createFormData?: () => FormData;
  /** Spec §7: runs after every successful PUT or PATCH (the follow-up refresh routine). */
  onMutated?: (info: { method: THttpMethod; path: string }) => void;
  /** Every failed call, before it is thrown (e.g. 401 on the current user → sign out). */
  onError?: (error: ApiRequestError) => void;
  /** A W3C `traceparent` per call (`createPageTrace().traceparent`), so server spans join the page's trace. */
  traceparent?: () => string | undefined;
}

export interface TApiClient {
  request<T = unknown>(path: string, request?: TApiRequest): Promise<TApiResponse<T>>;
  get<T = unknown>(path: string, request?: Omit<TApiRequest, 'method'>): Promise<T>;
  post<T = unknown>(path: string, body?: unknown, request?: Omit<TApiRequest, 'method' | 'body'>): Promise<T>;
  put<T = unknown>(path: string, body?: unknown, request?: Omit<TApiRequest, 'method' | 'body'>): Promise<T>;
  patch<T = unknown>(
    path: string,
    body?: unknown,
    request?: Omit<TApiRequest, 'method' | 'body'>,
  ): Promise<T>;
  delete<T = unknown>(path: string, request?: Omit<TApiRequest, 'method'>): Promise<T>;
}

const JSON_TYPES = /\bjson\b/i;

async function readBody(response: Response): Promise<unknown> {
  if (response.status === 204 || response.status === 205) return undefined;
  const text = await response.text();
  if (!text) return undefined;
  if (JSON_TYPES.test(response.headers.get('content-type') ?? '')) {
    try {
      return JSON.parse(text);
    } catch {
      return text;
    }
  }
  return text;
}

function errorsOf(body: unknown): TApiErrorObject[] {
  if (body && typeof body === 'object' && Array.isArray((body as { errors?: unknown }).errors)) {
    return toCamelKeys<TApiErrorObject[]>((body as { errors: unknown[] }).errors).filter(
      (e) => e && typeof e === 'object',
    );
  }
  return [];
}

/**
 * The API client of spec §7: tenant header, current-organization header (when one is selected),
 * the token credentials, snake_case out and camelCase in, bracketed form data, credentials from
 * response headers stored, failures raised as `ApiRequestError` with the body's `errors`.
 */
export function createApiClient(options: TApiClientOptions): TApiClient {
  const base = (options.baseUrl ?? '').replace(/\/$/, '');

  async function request<T>(path: string, req: TApiRequest = {}): Promise<TApiResponse<T>> {
    const method = req.method ?? 'GET';
    const headers: Record<string, string> = { accept: 'application/vnd.api+json, application/json' };
    const tenant = options.tenant?.();
    if (tenant) headers[TENANT_HEADER] = tenant;
    const organizationId = options.currentOrganizationId?.();
    if (organizationId) headers[CURRENT_ORGANIZATION_HEADER] = organizationId;
    const language = options.language?.();
    if (language) headers[LANGUAGE_HEADER] = language;
    if (req.authenticate !== false)
      Object.assign(headers, credentialHeaders(req.credentials ?? options.credentials.get()));
    const traceparent = options.traceparent?.();
    if (traceparent) headers.traceparent = traceparent;

    let body: BodyInit | undefined;
    if (req.formData !== undefined) {
      const create = options.createFormData ?? (() => new FormData());
      body = toFormData(req.formData, create);
    } else if (req.body !== undefined) {
      headers['content-type'] = 'application/json';
      body = JSON.stringify(toSnakeKeys(req.body));
    }
    Object.assign(headers, req.headers);

    const url = `${base}${withQuery(path, req.query)}`;
    let response: Response;
    try {
      response = await options.fetch(url, {
        method,
        headers,
        body,
        signal: req.signal,
        credentials: 'same-origin',
      });
    } catch (cause) {
      const error = new ApiRequestError({ status: undefined, method, path, cause, traceparent });
      options.onError?.(error);
      throw error;
    }

    const fresh = credentialsFromHeaders(response.headers);
    if (fresh) options.credentials.set(fresh);

    if (req.blob && response.ok) {
      return { status: response.status, headers: response.headers, data: (await response.blob()) as T };
    }
    const parsed = await readBody(response);
    if (!response.ok) {
      const error = new ApiRequestError({
        status: response.status,
        errors: errorsOf(parsed),
        method,
        path,
        body: parsed,
        traceparent,
      });
      options.onError?.(error);
      throw error;
    }
    if (method === 'PUT' || method === 'PATCH') options.onMutated?.({ method, path });
    const data = (req.raw ? parsed : toCamelKeys(parsed)) as T;
    return { status: response.status, headers: response.headers, data };
  }

  return {
    request,
    get: async (path, req) => (await request(path, { ...req, method: 'GET' })).data as never,
    post: async (path, body, req) => (await request(path, { ...req, body, method: 'POST' })).data as never,
    put: async (path, body, req) => (await request(path, { ...req, body, method: 'PUT' })).data as never,
    patch: async (path, body, req) => (await request(path, { ...req, body, method: 'PATCH' })).data as never,
    delete: async (path, req) => (await request(path, { ...req, method: 'DELETE' })).data as never,
  };
}

/** Spec §8: a 401 on the current-user fetch sends the user to the sign-out route. */
export function isCurrentUserUnauthorized(error: ApiRequestError): boolean {
  return error.status === 401 && error.method === 'GET' && error.path.split('?')[0] === API_PATHS.currentUser;
}

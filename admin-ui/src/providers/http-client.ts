import { HttpError } from 'ra-core';
import {
  ApiRequestError,
  isApiRequestError,
  type TApiClient,
  type TApiErrorObject,
  type THttpMethod,
} from '@stageplein/contracts/client/api-client';
import { camelCase, toCamelKeys } from '@stageplein/contracts/client/case-keys';
import type { TQueryValue } from '@stageplein/contracts/client/query-string';

export interface THttpRequest {
  method?: THttpMethod;
  /** Query parameters; names are sent in snake_case with bracketed groups (`filter[status_eq]`). */
  query?: Readonly<Record<string, TQueryValue>>;
  /** JSON body, sent as given (the data provider already speaks snake_case). */
  body?: unknown;
  /** Multipart body (files): nested values go out with bracketed snake_case keys (`upload[file]`). */
  formData?: unknown;
  /** Extra headers (`accept-language` for a content editor's other language). */
  headers?: Record<string, string>;
  signal?: AbortSignal;
}

export interface THttpResponse {
  status: number;
  headers: { get(name: string): string | null };
  /** The parsed body exactly as the server sent it (snake_case keys). */
  body: unknown;
}

/** What the data and auth providers call; every failure is an `HttpError` carrying the status. */
export type THttpClient = (path: string, request?: THttpRequest) => Promise<THttpResponse>;

/** Field errors in react-admin's submission format: `{ firstName: 'msg', root: { serverError } }`. */
export type TFieldErrors = { [field: string]: string | TFieldErrors };

/** `HttpError.body`: `errors` only when fields are at fault, so react-admin marks exactly those inputs. */
export interface THttpErrorBody {
  status: number;
  /** The JSON:API error objects (camelCase). */
  apiErrors: TApiErrorObject[];
  errors?: TFieldErrors;
}

/** JSON pointer of a body field → the form path (`/data/attributes/first_name` → `firstName`). */
export function fieldPath(pointer: string | undefined): string[] | undefined {
  if (!pointer) return undefined;
  const parts = pointer
    .replace(/^\/data\/attributes(?=\/|$)/, '')
    .split('/')
    .filter(Boolean)
    .map((part) => camelCase(part.replace(/~1/g, '/').replace(/~0/g, '~')));
  // `/data/type`, `/data/id`: about the document, not a field someone can fix.
  if (!parts.length || parts[0] === 'data') return undefined;
  // `{ role: { name } }` bodies: the inner field is the input.
  return parts[0] === 'role' || parts[0] === 'user' || parts[0] === 'attributes' ? parts.slice(1) : parts;
}

export function fieldErrorsOf(errors: readonly TApiErrorObject[]): TFieldErrors | undefined {
  const out: TFieldErrors = {};
  let found = false;
  for (const error of errors) {
    const path = fieldPath(error.source?.pointer);
    if (!path?.length) continue;
    let node = out;
    for (const part of path.slice(0, -1)) {
      const next = node[part];
      node = typeof next === 'object' ? next : (node[part] = {});
    }
    const last = path[path.length - 1]!;
    // The first message per field is the one to fix first.
    if (node[last] === undefined) node[last] = error.detail ?? error.title ?? 'validation.invalid';
    found = true;
  }
  return found ? out : undefined;
}

/**
 * The notification text of a failure: the spec's texts (i18n keys, translated by react-admin's
 * notifier) for 401, 403 and 404 and for failures without a useful message; the server's own,
 * already localized, detail for the rest (a 409 "e-mail in use" says more than a generic text).
 */
export function errorMessage(status: number | undefined, errors: readonly TApiErrorObject[]): string {
  if (status === 401) return 'errors.unauthorized.title';
  if (status === 403 && !errors.some((e) => e.code && e.code !== 'forbidden'))
    return 'errors.forbidden.title';
  if (status === 404) return 'errors.notFound.title';
  const first = errors[0];
  if (status && status < 500 && (first?.detail || first?.title)) return (first.detail ?? first.title)!;
  return 'errors.generic.title';
}

/** An API failure as react-admin's `HttpError`: status, message and (for forms) field errors. */
export function toHttpError(error: ApiRequestError): HttpError {
  const status = error.status ?? 0;
  const body: THttpErrorBody = { status, apiErrors: error.errors };
  const fields = fieldErrorsOf(error.errors);
  if (fields) body.errors = fields;
  return new HttpError(errorMessage(error.status, error.errors), status, body);
}

/** `HttpError` or not, the status of a failure (0 when there was no answer). */
export function statusOf(error: unknown): number {
  const status = (error as { status?: unknown } | null)?.status;
  return typeof status === 'number' ? status : 0;
}

/**
 * The data provider's http client over the shared API client (contracts/client): tenant,
 * current-organization, language and credential headers, credentials from response headers, and
 * failures turned into `HttpError`. Responses stay raw (snake_case) so the data provider reads
 * JSON:API documents exactly as recorded.
 */
export function createHttpClient(api: TApiClient): THttpClient {
  return async (path, request = {}) => {
    try {
      const response = await api.request(path, {
        method: request.method ?? 'GET',
        query: request.query,
        body: request.body,
        formData: request.formData,
        headers: request.headers,
        signal: request.signal,
        raw: true,
      });
      return { status: response.status, headers: response.headers, body: response.data };
    } catch (error) {
      if (isApiRequestError(error)) throw toHttpError(error);
      throw error;
    }
  };
}

/** For tests and fixtures: the `HttpError` the client raises for a recorded error document. */
export function httpErrorFromDocument(
  status: number,
  document: unknown,
  method: THttpMethod,
  path: string,
): HttpError {
  const errors =
    document && typeof document === 'object' && Array.isArray((document as { errors?: unknown }).errors)
      ? toCamelKeys<TApiErrorObject[]>((document as { errors: unknown[] }).errors)
      : [];
  return toHttpError(new ApiRequestError({ status, errors, method, path, body: document }));
}

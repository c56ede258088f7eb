import {
  createApiClient,
  isCurrentUserUnauthorized,
  type ApiRequestError,
  type TApiClient,
} from '@stageplein/contracts/client/api-client';
import type { TObservableCredentials } from './credentials-store.ts';

/** What the portal's code reaches the API through (one instance per page). */
export interface TPortalApi {
  client: TApiClient;
  credentials: TObservableCredentials;
  /** The organization sent in the current-organization header (spec §7). */
  setCurrentOrganizationId(id: string | undefined): void;
  setLanguage(lang: string): void;
  /** Spec §8: a 401 on the current-user fetch goes to the sign-out route. */
  onCurrentUserUnauthorized(handler: () => void): void;
  /** Spec §7: after any PUT or PATCH a refresh routine runs. */
  onMutated(handler: () => void): void;
}

export function createPortalApi(options: {
  tenant: string;
  language: string;
  credentials: TObservableCredentials;
  fetch?: typeof fetch;
  /** A W3C traceparent per call (the page's trace, app/error-reporting.ts). */
  traceparent?: () => string;
}): TPortalApi {
  let organizationId: string | undefined;
  let language = options.language;
  let unauthorized: () => void = () => undefined;
  let mutated: () => void = () => undefined;
  const client = createApiClient({
    fetch: (input, init) => (options.fetch ?? fetch)(input, init),
    credentials: options.credentials,
    tenant: () => options.tenant,
    currentOrganizationId: () => organizationId,
    language: () => language,
    onMutated: () => mutated(),
    traceparent: options.traceparent,
    onError: (error: ApiRequestError) => {
      if (isCurrentUserUnauthorized(error)) unauthorized();
    },
  });
  return {
    client,
    credentials: options.credentials,
    setCurrentOrganizationId: (id) => {
      organizationId = id;
    },
    setLanguage: (lang) => {
      language = lang;
    },
    onCurrentUserUnauthorized: (handler) => {
      unauthorized = handler;
    },
    onMutated: (handler) => {
      mutated = handler;
    },
  };
}

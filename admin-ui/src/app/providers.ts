import type { I18nProvider } from 'ra-core';
import { createApiClient } from '@stageplein/contracts/client/api-client';
import { pageTrace } from './error-reporting.ts';
import { cookieCredentialStore } from '@stageplein/contracts/client/credentials';
import type { TTenant } from '@stageplein/contracts/tenants/tenant.types';
import { API_RESOURCES } from '../providers/api-resources.ts';
import { createAuthProvider } from '../providers/auth-provider.ts';
import { createHttpClient } from '../providers/http-client.ts';
import { jsonApiDataProvider, type TAdminDataProvider } from '../providers/jsonapi-data-provider.ts';
import { createSession, type TSession } from '../providers/session.ts';

function browserStorage(): Storage | undefined {
  try {
    return window.localStorage;
  } catch {
    return undefined;
  }
}

export interface TAdminProviders {
  session: TSession;
  dataProvider: TAdminDataProvider;
  authProvider: ReturnType<typeof createAuthProvider>;
}

/**
 * One API client for the page (contracts/client: the portal's), the session that shares the
 * portal's credential cookies and organization choice, and react-admin's data and auth providers.
 */
export function createAdminProviders(tenant: TTenant, i18nProvider: I18nProvider): TAdminProviders {
  const credentials = cookieCredentialStore({
    read: () => document.cookie,
    write: (assignment) => {
      document.cookie = assignment;
    },
    now: () => Date.now(),
    secure: () => location.protocol === 'https:',
  });
  // The session reads through the same client; the header callback only runs once it exists.
  const late: { session?: TSession } = {};
  const api = createApiClient({
    fetch: (input, init) => fetch(input, init),
    credentials,
    tenant: () => tenant.id,
    currentOrganizationId: () => late.session?.organizationId(),
    language: () => i18nProvider.getLocale(),
    onMutated: () => void late.session?.refresh(),
    traceparent: pageTrace.traceparent,
  });
  const http = createHttpClient(api);
  const session = createSession({ http, credentials, storage: browserStorage, tenant: tenant.id });
  late.session = session;
  return {
    session,
    dataProvider: jsonApiDataProvider({ http, resources: API_RESOURCES }),
    authProvider: createAuthProvider({
      http,
      session,
      credentials,
      origin: () => location.origin,
      currentPath: () => `${location.pathname}${location.search}`,
    }),
  };
}

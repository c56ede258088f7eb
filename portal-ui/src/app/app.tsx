import type { i18n as TI18n } from 'i18next';
import { QueryClientProvider, type QueryClient } from '@tanstack/react-query';
import { useMemo, type ReactNode } from 'react';
import { I18nextProvider, useTranslation } from 'react-i18next';
import { FieldTextsContext } from '@stageplein/design-system/forms/field-texts.ts';
import { RouterProvider } from 'react-router/dom';
import type { TTenant } from '@stageplein/contracts/tenants/tenant.types';
import { ApiContext } from '../api/api-context.ts';
import type { TPortalApi } from '../api/portal-api.ts';
import { ServerNotFoundContext } from '../shell/server-not-found.ts';
import { TenantContext } from '../tenant/tenant-context.ts';
import type { createPortalRouter } from './router.tsx';
import { ScreensContext } from './screens-context.ts';

export interface TAppProps {
  tenant: TTenant;
  i18n: TI18n;
  api: TPortalApi;
  queryClient: QueryClient;
  router: ReturnType<typeof createPortalRouter>;
  /** router.tsx `hasScreen`, for the pages the router loads (screens-context.ts). */
  hasScreen: (path: string) => boolean;
  serverNotFoundPath?: string | undefined;
}

/** The design system's fields say "optioneel" from the portal's catalogue, in the current language. */
function FieldTexts({ children }: { children: ReactNode }) {
  const { t } = useTranslation();
  const texts = useMemo(() => ({ optional: t('portal.forms.optional') }), [t]);
  return <FieldTextsContext.Provider value={texts}>{children}</FieldTextsContext.Provider>;
}

export function App({ tenant, i18n, api, queryClient, router, hasScreen, serverNotFoundPath }: TAppProps) {
  return (
    <TenantContext.Provider value={tenant}>
      <I18nextProvider i18n={i18n}>
        <FieldTexts>
          <ApiContext.Provider value={api}>
            <QueryClientProvider client={queryClient}>
              <ServerNotFoundContext.Provider value={serverNotFoundPath}>
                <ScreensContext.Provider value={hasScreen}>
                  <RouterProvider router={router} />
                </ScreensContext.Provider>
              </ServerNotFoundContext.Provider>
            </QueryClientProvider>
          </ApiContext.Provider>
        </FieldTexts>
      </I18nextProvider>
    </TenantContext.Provider>
  );
}

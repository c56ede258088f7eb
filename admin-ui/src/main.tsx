import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { AdminApp } from './app/admin-app.tsx';
import { createAdminProviders } from './app/providers.ts';
import { installErrorReporting } from './app/error-reporting.ts';
import { createAdminStore, createI18nProvider, detectBrowserLanguage } from './i18n/i18n-provider.ts';
import { detectTenant } from '@stageplein/contracts/client/detect-tenant';
import { loadThemeFonts } from './tenant/fonts.ts';

installErrorReporting();
const tenant = detectTenant(document);
document.documentElement.dataset.tenant = tenant.id;
void loadThemeFonts(tenant.theme);

const rootElement = document.getElementById('root');
if (!rootElement) throw new Error('index.html has no #root');

const i18nProvider = createI18nProvider(detectBrowserLanguage());

createRoot(rootElement).render(
  <StrictMode>
    <AdminApp
      tenant={tenant}
      i18nProvider={i18nProvider}
      store={createAdminStore()}
      providers={createAdminProviders(tenant, i18nProvider)}
    />
  </StrictMode>,
);

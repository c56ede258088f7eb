import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { AdminApp } from './app/AdminApp.tsx';
import { createAdminStore, createI18nProvider, detectBrowserLanguage } from './i18n/i18n-provider.ts';
import { detectTenant } from './tenant/detect-tenant.ts';
import { loadThemeFonts } from './tenant/fonts.ts';

const tenant = detectTenant(document);
document.documentElement.dataset.tenant = tenant.id;
void loadThemeFonts(tenant.theme);

const rootElement = document.getElementById('root');
if (!rootElement) throw new Error('index.html has no #root');

createRoot(rootElement).render(
  <StrictMode>
    <AdminApp
      tenant={tenant}
      i18nProvider={createI18nProvider(detectBrowserLanguage())}
      store={createAdminStore()}
    />
  </StrictMode>,
);

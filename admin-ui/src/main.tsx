import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { AdminApp } from './app/admin-app.tsx';
import { createAdminProviders } from './app/providers.ts';
import { installErrorReporting } from './app/error-reporting.ts';
import { createAdminStore, createI18nProvider, detectBrowserLanguage } from './i18n/i18n-provider.ts';
import { loadAdminMessages } from './i18n/messages.ts';
import { detectTenant } from '@stageplein/contracts/client/detect-tenant';
import { loadThemeFonts } from './tenant/fonts.ts';

installErrorReporting();
const tenant = detectTenant(document);
document.documentElement.dataset.tenant = tenant.id;
void loadThemeFonts(tenant.theme);

const rootElement = document.getElementById('root');
if (!rootElement) throw new Error('index.html has no #root');

const language = detectBrowserLanguage();
// The provider needs the first language's messages at once; English is a chunk of its own (no
// top-level await: it would make Rollup split the modules the lazy screens share out of this chunk).
void loadAdminMessages(language).then(() => {
  const i18nProvider = createI18nProvider(language);
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
});

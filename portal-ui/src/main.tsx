import './app/global.css';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { App } from './app/App.tsx';
import { createPortalRouter } from './app/router.tsx';
import { createI18n, detectBrowserLanguage } from './i18n/i18n.ts';
import { serverNotFoundPath } from './shell/server-not-found.ts';
import { detectTenant } from './tenant/detect-tenant.ts';
import { loadThemeFonts } from './tenant/fonts.ts';
import { applyCssVariables, portalCssVariables } from './tenant/theme-variables.ts';

const tenant = detectTenant(document);
applyCssVariables(document.documentElement, portalCssVariables(tenant.theme));
document.documentElement.dataset.tenant = tenant.id;
void loadThemeFonts(tenant.theme);

const i18n = createI18n(detectBrowserLanguage());

const rootElement = document.getElementById('root');
if (!rootElement) throw new Error('index.html has no #root');
// Read before React replaces the gateway's static 404 content (createRoot, not hydrate).
const notFoundPath = serverNotFoundPath(rootElement, window.location.pathname);

createRoot(rootElement).render(
  <StrictMode>
    <App tenant={tenant} i18n={i18n} router={createPortalRouter()} serverNotFoundPath={notFoundPath} />
  </StrictMode>,
);

// The design system's field frame first: global.css's field variants follow it.
import '@stageplein/design-system/forms/field.css';
import './app/global.css';
import { StrictMode } from 'react';
import { createRoot, hydrateRoot } from 'react-dom/client';
import { toLanguage } from '@stageplein/contracts/i18n/index';
import { createBrowserCredentials } from './api/credentials-store.ts';
import { createPortalApi } from './api/portal-api.ts';
import { createPortalQueryClient } from './api/query-client.ts';
import { App } from './app/app.tsx';
import { installErrorReporting, pageTrace } from './app/error-reporting.ts';
import { createPortalRouter, hasScreen, installIntentPrefetch } from './app/router.tsx';
import { createI18n, detectBrowserLanguage, loadTenantMessages, activateLanguage } from './i18n/i18n.ts';
import {
  applyColorMode,
  readStoredPreference,
  systemPrefersDark,
} from './shell/color-mode/color-mode-context.tsx';
import { forcedColorModeFor, resolveColorMode } from '@stageplein/design-system/tokens/color-mode.ts';
import { startBuildWatch } from './shell/build-watch/build-watch.ts';
import { applyAppMode } from './shell/root.tsx';
import { serverNotFoundPath } from './shell/server-not-found.ts';
import { detectTenant } from '@stageplein/contracts/client/detect-tenant';
import { loadThemeFonts } from './tenant/fonts.ts';
import { CLIENT_PART_DIGEST, PRERENDER_DATA_ID } from '@stageplein/contracts/content/prerender-id';
import { systemPagePath } from '@stageplein/contracts/routes/route-manifest';

installErrorReporting();
const tenant = detectTenant(document);
// Theme, colour mode and app mode before the first paint, so nothing flashes or zooms.
applyColorMode(
  tenant,
  resolveColorMode(readStoredPreference(), {
    forced: forcedColorModeFor(location.pathname),
    systemPrefersDark: systemPrefersDark(),
  }),
);
document.documentElement.dataset.tenant = tenant.id;
applyAppMode(tenant, location.pathname);
void loadThemeFonts(tenant.theme);

const lang = detectBrowserLanguage();
const i18n = createI18n();
const credentials = createBrowserCredentials();
const api = createPortalApi({
  tenant: tenant.id,
  language: lang,
  credentials,
  traceparent: pageTrace.traceparent,
});

const loadMessages = loadTenantMessages(i18n, {
  tenant: tenant.id,
  now: () => Date.now(),
  storage: (() => {
    try {
      return window.localStorage;
    } catch {
      return undefined;
    }
  })(),
  fetchMessages: async (path) => {
    const response = await api.client
      .request(path, { raw: true, authenticate: false })
      .catch((error: unknown) => {
        const status = (error as { status?: number }).status;
        if (status === undefined) throw error;
        return { status, data: undefined };
      });
    return { status: response.status, body: response.data };
  },
});
i18n.on('languageChanged', (lng) => {
  const next = toLanguage(lng);
  if (!next) return;
  api.setLanguage(next);
  loadMessages(next);
});

const rootElement = document.getElementById('root');
if (!rootElement) throw new Error('index.html has no #root');
// Read before React replaces the gateway's static 404 content (createRoot, not hydrate).
const notFoundPath = serverNotFoundPath(rootElement, window.location.pathname);
const router = createPortalRouter(credentials);
startBuildWatch(router);
installIntentPrefetch();

const queryClient = createPortalQueryClient();

/**
 * The gateway served this page's content already (services/gateway/src/cms-prerender.ts): its data goes
 * into the query cache and the app renders once the route's code is loaded, so its first render is the
 * same content and hydrates the served nodes (true) instead of replacing them with new ones — a new node
 * painting larger would be a second, later largest contentful paint (docs/benchmarks.md).
 */
async function whenRouteReady(): Promise<boolean> {
  // Only pages the gateway rendered carry its data; the code that reads it is a chunk of its own.
  if (!document.getElementById(PRERENDER_DATA_ID)) return false;
  const [{ takePrerenderData }, { seedPrerenderData }, bank] = await Promise.all([
    import('@stageplein/contracts/content/prerender'),
    import('./pages/content/content-queries.ts'),
    // The bank's served results (loaded beside the others, not after them: one round trip less).
    location.pathname === systemPagePath('vacancy-search')
      ? import('./pages/stagebank/stagebank-seed.ts')
      : undefined,
  ]);
  const data = takePrerenderData(document, location.pathname, i18n.language);
  if (!data) return false;
  seedPrerenderData(queryClient, data);
  if (data.vacancySearch && bank) await bank.seedVacancySearch(queryClient, i18n, data.vacancySearch);
  if (!router.state.initialized)
    await new Promise<void>((resolve) => {
      const stop = router.subscribe((state) => {
        if (!state.initialized) return;
        stop();
        resolve();
      });
    });
  // A redirect or an error instead of the served page (e.g. signed in on a guest-only path): render anew.
  return router.state.location.pathname === location.pathname && !router.state.errors;
}

/**
 * Hydration's recoverable errors: the served client-only parts are expected; anything else (served text
 * that differs, e.g. a signed-in visitor's buttons) re-renders that part and is only worth a warning.
 */
function onRecoverableError(error: unknown) {
  if ((error as { digest?: string }).digest === CLIENT_PART_DIGEST) return;
  const cause = (error as { cause?: unknown }).cause;
  console.warn(
    `The served page differed; that part was rendered anew: ${String(error)}${cause ? ` (${String(cause)})` : ''}`,
  );
}

function render(root: HTMLElement, hydrate: boolean) {
  const app = (
    <StrictMode>
      <App
        tenant={tenant}
        i18n={i18n}
        api={api}
        queryClient={queryClient}
        router={router}
        hasScreen={hasScreen}
        serverNotFoundPath={notFoundPath}
      />
    </StrictMode>
  );
  if (hydrate) hydrateRoot(root, app, { onRecoverableError });
  else createRoot(root).render(app);
}

// English users wait for the English catalogue (one small chunk); if it fails, the page is Dutch.
// (A promise, not a top-level await: that would make Rollup split the entry into many chunks.)
void activateLanguage(i18n, lang)
  .then(() => {
    loadMessages(toLanguage(i18n.language) ?? 'nl');
    return whenRouteReady();
  })
  .then((hydrate) => render(rootElement, hydrate));

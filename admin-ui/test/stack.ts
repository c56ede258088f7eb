import type { BrowserContext, Page } from 'playwright-core';
import { screenshot } from '../../infra/test/browser.ts';
import {
  DEMO_PASSWORD,
  demo,
  DESKTOP,
  expectAccessible,
  PHONE,
  signIn as portalSignIn,
  startStack,
  type TStack,
} from '../../portal-ui/test/stack.ts';

// The stack (real PostgreSQL, every service, the gateway, Chromium), the demo accounts, axe and the
// sign-in are the portal's e2e helpers: the back office is signed in to on the portal.
export { DEMO_PASSWORD, demo, DESKTOP, expectAccessible, PHONE, startStack, type TStack };

export type TDemo = Parameters<typeof demo>[0];

/** Requests the portal makes to services that do not exist yet. */
const EXPECTED_FAILURES = [/\/api\/v1\/cms\//];

export interface TAdminPage {
  context: BrowserContext;
  page: Page;
  /** Console errors and page errors. */
  problems: string[];
  /** API answers with status >= 400 (method, path, status), to assert on refusals. */
  failures: { method: string; path: string; status: number }[];
  /** Every API call the page made (`GET /api/v1/users?…`). */
  requests: string[];
}

export async function openBrowser(
  stack: TStack,
  options: { viewport?: { width: number; height: number }; locale?: string } = {},
): Promise<TAdminPage> {
  const context = await stack.browser.newContext({
    viewport: options.viewport ?? DESKTOP,
    locale: options.locale ?? 'nl-NL',
    // axe-core is injected as a script, which our CSP rightly forbids.
    bypassCSP: true,
  });
  const page = await context.newPage();
  const problems: string[] = [];
  const failures: TAdminPage['failures'] = [];
  const requests: string[] = [];
  page.on('pageerror', (e) => problems.push(`page error: ${e.message}`));
  page.on('console', (m) => {
    if (m.type() !== 'error') return;
    // Chromium logs every 4xx/5xx answer as "Failed to load resource"; answers are checked below.
    if (/Failed to load resource/.test(m.text())) return;
    problems.push(`console: ${m.text()}`);
  });
  page.on('request', (r) => {
    const url = new URL(r.url());
    if (url.pathname.startsWith('/api/') || url.pathname.startsWith('/auth/')) {
      requests.push(`${r.method()} ${url.pathname}${url.search}`);
    }
  });
  page.on('response', (r) => {
    if (r.status() < 400 || r.request().resourceType() === 'document') return;
    const url = new URL(r.url());
    if (EXPECTED_FAILURES.some((re) => re.test(url.pathname))) return;
    failures.push({ method: r.request().method(), path: `${url.pathname}${url.search}`, status: r.status() });
  });
  return { context, page, problems, failures, requests };
}

/** Screenshot kept in test-artifacts/ (`admin-<name>-<width>.png`). */
export async function shot(page: Page, name: string): Promise<void> {
  await page.evaluate(() => document.fonts.ready);
  await screenshot(page, `admin-${name}-${page.viewportSize()?.width ?? 0}`);
}

/** Signs in on the portal's login page: its credential cookies count in the back office too. */
export async function signIn(page: Page, stack: TStack, tenant: string, who: TDemo): Promise<void> {
  await portalSignIn(page, stack, tenant, demo(who, tenant));
}

/** Opens a back-office path (a full page load, as after a reload) and waits for the screen. */
export async function openAdmin(page: Page, stack: TStack, tenant: string, path: string): Promise<void> {
  await page.goto(stack.url(tenant, path));
  await page.getByTestId('appbar-app-name').waitFor();
  await page.waitForFunction(
    () => !document.querySelector('.RaLoading-root, [role="progressbar"]'),
    undefined,
    {
      timeout: 15_000,
    },
  );
}

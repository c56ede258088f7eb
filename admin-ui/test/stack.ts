import { expect } from 'vitest';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import type { FastifyInstance } from 'fastify';
import type { TPlatform } from '@stageplein/kit/runtime/platform';
import { testPlatform } from '../../infra/test/harness.ts';
import { axeViolations, launchChromium, screenshot } from '../../infra/test/browser.ts';
import { buildGateway } from '../../services/gateway/src/gateway.app.ts';
import { SERVICES } from '../../services/gateway/src/services.ts';
import { UI_DIRS } from '../../services/gateway/src/runtime.ts';

/** Demo accounts of the identity seed (services/identity/src/seeds/seed.ts). */
export const DEMO_PASSWORD = 'stageplein-demo';
export type TDemo = 'admin' | 'student' | 'mentor' | 'bedrijf';
export const demo = (local: TDemo, tenant: string) => `${local}@${tenant}.test`;

export const PHONE = { width: 375, height: 812 };
export const DESKTOP = { width: 1280, height: 900 };

export interface TStack {
  platform: TPlatform;
  app: FastifyInstance;
  browser: Browser;
  port: number;
  url(tenant: string, path?: string): string;
  close(): Promise<void>;
}

/** The whole product on a random port (real PostgreSQL, every service, the gateway) and Chromium. */
export async function startStack(): Promise<TStack> {
  const platform = await testPlatform(SERVICES);
  const app = await buildGateway({
    config: platform.deps.config,
    deps: platform.deps,
    services: SERVICES,
    ui: UI_DIRS,
    logger: false,
  });
  await app.listen({ port: 0, host: '127.0.0.1' });
  const port = (app.server.address() as { port: number }).port;
  const browser = await launchChromium();
  return {
    platform,
    app,
    browser,
    port,
    url: (tenant, path = '/') => `http://${tenant}.localhost:${port}${path}`,
    async close() {
      await browser.close();
      await app.close();
      await platform.close();
    },
  };
}

/** Requests the portal makes to services that do not exist yet. */
const EXPECTED_FAILURES = [/\/api\/v1\/cms\//];

export interface TAdminPage {
  context: BrowserContext;
  page: Page;
  /** Console errors, page errors and failed requests that were not expected. */
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
  page.on('request', (r) => {
    const url = new URL(r.url());
    if (url.pathname.startsWith('/api/') || url.pathname.startsWith('/auth/')) {
      requests.push(`${r.method()} ${url.pathname}${url.search}`);
    }
  });
  page.on('pageerror', (e) => problems.push(`page error: ${e.message}`));
  page.on('console', (m) => {
    if (m.type() !== 'error') return;
    // Chromium logs every 4xx/5xx answer as "Failed to load resource"; answers are checked below.
    if (/Failed to load resource/.test(m.text())) return;
    problems.push(`console: ${m.text()}`);
  });
  page.on('response', (r) => {
    if (r.status() < 400 || r.request().resourceType() === 'document') return;
    const url = new URL(r.url());
    if (EXPECTED_FAILURES.some((re) => re.test(url.pathname))) return;
    failures.push({ method: r.request().method(), path: `${url.pathname}${url.search}`, status: r.status() });
  });
  return { context, page, problems, failures, requests };
}

/** axe-core finds nothing; the label names the screen in the failure message. */
export async function expectAccessible(page: Page, label: string): Promise<void> {
  const violations = await axeViolations(page);
  expect(violations, `${label}: ${JSON.stringify(violations)}`).toEqual([]);
}

/** Screenshot kept in test-artifacts/ (`admin-<name>-<width>.png`). */
export async function shot(page: Page, name: string): Promise<void> {
  await page.evaluate(() => document.fonts.ready);
  await screenshot(page, `admin-${name}-${page.viewportSize()?.width ?? 0}`);
}

/**
 * Signs in on the portal's login page: the credential cookies are shared with the admin on the
 * same origin, which is what the back office relies on.
 */
export async function signIn(page: Page, stack: TStack, tenant: string, who: TDemo): Promise<void> {
  await page.goto(stack.url(tenant, '/inloggen'));
  try {
    await page.getByLabel(/E-mailadres|Email address/).waitFor({ timeout: 15_000 });
  } catch (error) {
    await screenshot(page, 'admin-sign-in-failed');
    throw new Error(
      `The login page did not show its form: ${page.url()}\n${(await page.textContent('body'))?.slice(0, 500)}`,
      {
        cause: error,
      },
    );
  }
  await page.getByLabel(/E-mailadres|Email address/).fill(demo(who, tenant));
  await page.getByLabel(/^Wachtwoord|^Password/).fill(DEMO_PASSWORD);
  await page.getByTestId('login-submit').click();
  await page.waitForURL(/\/dashboard$/);
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

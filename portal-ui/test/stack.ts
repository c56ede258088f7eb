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
export const demo = (local: 'admin' | 'student' | 'mentor' | 'bedrijf', tenant: string) =>
  `${local}@${tenant}.test`;

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

/** Requests the app is expected to make that fail (services that do not exist yet). */
const EXPECTED_FAILURES = [/\/api\/v1\/cms\//];

export interface TPortalPage {
  context: BrowserContext;
  page: Page;
  /** Console errors, page errors and failed requests that were not expected. */
  problems: string[];
}

export async function openPortal(
  stack: TStack,
  options: { viewport?: { width: number; height: number }; locale?: string; expectFailures?: RegExp[] } = {},
): Promise<TPortalPage> {
  const context = await stack.browser.newContext({
    viewport: options.viewport ?? DESKTOP,
    locale: options.locale ?? 'nl-NL',
    // axe-core is injected as a script, which our CSP rightly forbids.
    bypassCSP: true,
  });
  const page = await context.newPage();
  const problems: string[] = [];
  const expected = [...EXPECTED_FAILURES, ...(options.expectFailures ?? [])];
  const isExpected = (url: string) => expected.some((re) => re.test(url));
  page.on('pageerror', (e) => problems.push(`page error: ${e.message}`));
  page.on('console', (m) => {
    if (m.type() !== 'error') return;
    // Chromium logs every 4xx/5xx answer as "Failed to load resource"; answers are checked below.
    if (/Failed to load resource/.test(m.text())) return;
    problems.push(`console: ${m.text()}`);
  });
  page.on('response', (r) => {
    const type = r.request().resourceType();
    if (r.status() >= 400 && type !== 'document' && !isExpected(r.url()))
      problems.push(`${r.status()} ${r.url()}`);
  });
  return { context, page, problems };
}

/** axe-core finds nothing; the label names the screen in the failure message. */
export async function expectAccessible(page: Page, label: string): Promise<void> {
  const violations = await axeViolations(page);
  expect(violations, `${label}: ${JSON.stringify(violations)}`).toEqual([]);
}

/** Screenshot kept in test-artifacts/ (`portal-<name>-<width>.png`). */
export async function shot(page: Page, name: string): Promise<void> {
  await page.evaluate(() => document.fonts.ready);
  await screenshot(page, `portal-${name}-${page.viewportSize()?.width ?? 0}`);
}

/** Signs in through the login form and waits for the dashboard. */
export async function signIn(
  page: Page,
  stack: TStack,
  tenant: string,
  email: string,
  password = DEMO_PASSWORD,
) {
  await page.goto(stack.url(tenant, '/inloggen'));
  await page.getByLabel(/E-mailadres|Email address/).fill(email);
  await page.getByLabel(/^Wachtwoord|^Password/).fill(password);
  await page.getByTestId('login-submit').click();
  await page.waitForURL(/\/dashboard$/);
  await page.getByTestId('dashboard').waitFor();
}

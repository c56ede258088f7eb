import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { expect } from 'vitest';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import type { FastifyInstance } from 'fastify';
import { seedOrganizationId, type TSeedOrganizationKind } from '@stageplein/contracts/domain/seed-ids';
import { FORM_MIN_SECONDS_TO_SUBMIT } from '@stageplein/contracts/forms/forms-api';
import { tenantFromHost } from '@stageplein/contracts/tenants/tenant-registry';
import { issueRenderToken } from '@stageplein/content/forms/form-render-token';
import { runWorker, type TRunningWorker } from '@stageplein/workflows/run-worker';
import { startTemporalDevServer } from '@stageplein/engines/temporal';
import { folderMailsTo } from '@stageplein/identity/mail/mail-folder';
import { axeViolations, launchChromium, screenshot } from './browser.ts';
import { testProduct, type TTestProduct } from './product.ts';
import { freePort } from './processes.ts';

/**
 * The e2e stack both front ends are tested on (portal-ui/test, admin-ui/test): the whole product on a
 * random port (real PostgreSQL, every service, the gateway serving the built apps) and Chromium, plus
 * the helpers every browser test needs (pages that record problems, axe, screenshots, sign-in, API).
 */

/** Demo accounts of the identity seed (services/identity/src/seeds/seed.ts). */
export const DEMO_PASSWORD = 'stageplein-demo';
export type TDemo = 'admin' | 'student' | 'mentor' | 'bedrijf';
export const demo = (local: TDemo, tenant: string) => `${local}@${tenant}.test`;

export const PHONE = { width: 375, height: 812 };
export const DESKTOP = { width: 1280, height: 900 };

export interface TStack {
  /** The product's platform, with the owner's database address and configuration (for set-up). */
  platform: TTestProduct['platform'];
  app: FastifyInstance;
  browser: Browser;
  port: number;
  /** The mail folder (MAIL_DIR): every mail the product sent, as `npm start` writes it to `.data/mail`. */
  mailDir: string;
  url(tenant: string, path?: string): string;
  close(): Promise<void>;
}

/**
 * Starts the stack. `workflows: true` adds a Temporal dev server of its own (free port, throwaway
 * SQLite) and the in-process worker, as `npm start` runs them: only the screens that start
 * workflows (the CSV import) pay for it.
 */
export async function startStack(
  options: {
    workflows?: boolean;
    env?: Record<string, string>;
    /** The server's clock (kit's `deps.now`), e.g. `movableClock()`'s, for what expires in minutes. */
    now?: () => Date;
  } = {},
): Promise<TStack> {
  const stops: (() => Promise<void>)[] = [];
  const close = async () => {
    for (const stop of stops.splice(0).reverse()) await stop().catch(() => undefined);
  };
  try {
    const mailDir = await mkdtemp(path.join(os.tmpdir(), 'stageplein-ui-mail-'));
    stops.push(() => rm(mailDir, { recursive: true, force: true }));
    // As npm start runs: mail written to a folder and the dev mailbox served to platform operators.
    // Every browser of the suite signs in from 127.0.0.1, many times a minute: the per-address limits
    // (tested in infra/stack/test/security) would refuse the suite, not an attacker.
    const env: Record<string, string> = {
      DEV_MAILBOX: 'true',
      RATE_LIMIT_SIGN_IN: '1000',
      RATE_LIMIT_PASSWORD: '1000',
      RATE_LIMIT_CONFIRM: '1000',
      EXTERNAL_LINK_RATE_LIMIT: '1000',
      ...options.env,
      MAIL_DIR: mailDir,
    };
    if (options.workflows) {
      const dir = await mkdtemp(path.join(os.tmpdir(), 'stageplein-ui-temporal-'));
      stops.push(() => rm(dir, { recursive: true, force: true }));
      const temporal = await startTemporalDevServer({
        port: await freePort(),
        dbFile: path.join(dir, 'dev.sqlite'),
        log: () => undefined,
      });
      stops.push(temporal.stop);
      env.TEMPORAL_ADDRESS = temporal.address;
    }
    const { platform, app, close } = await testProduct({ env, now: options.now });
    stops.push(close);
    let worker: TRunningWorker | undefined;
    if (options.workflows) {
      // Organizations' import use cases on the app role, identity through the gateway app in-process.
      worker = await runWorker({ config: platform.deps.config, db: platform.app, app });
      stops.push(() => worker!.stop());
    }
    await app.listen({ port: 0, host: '127.0.0.1' });
    const port = (app.server.address() as { port: number }).port;
    const browser = await launchChromium();
    stops.push(() => browser.close());
    return {
      platform,
      app,
      browser,
      port,
      mailDir,
      url: (tenant, p = '/') => `http://${tenant}.localhost:${port}${p}`,
      close,
    };
  } catch (error) {
    await close();
    throw error;
  }
}

/**
 * A clock for the server (`startStack({ now })`) that runs with real time and that a test moves forward:
 * what expires in minutes (a QR code's token) expires without waiting. The page's own clock is Playwright's
 * (`page.clock`). Activities on the Temporal worker keep real time.
 */
export function movableClock(): { now: () => Date; advance(ms: number): void } {
  let offset = 0;
  return {
    now: () => new Date(Date.now() + offset),
    advance: (ms) => {
      offset += ms;
    },
  };
}

/** Requests the apps are expected to make that fail (services that do not exist yet). */
const EXPECTED_FAILURES = [/\/api\/v1\/cms\//];

export interface TUiPage {
  context: BrowserContext;
  page: Page;
  /** Console errors and page errors; with `failuresAreProblems`, unexpected failed requests too. */
  problems: string[];
  /** API answers with status >= 400 that were not expected (method, path, status). */
  failures: { method: string; path: string; status: number }[];
  /** Every API call the page made (`GET /api/v1/users?…`). */
  requests: string[];
}

/** A fresh browser context and page whose console errors, page errors and failed requests are recorded. */
export async function openPage(
  stack: TStack,
  options: {
    viewport?: { width: number; height: number };
    locale?: string;
    /** Failing requests that are part of the test (beside services that do not exist yet). */
    expectFailures?: RegExp[];
    /** Count failed requests as problems (the portal's tests), or only list them in `failures`. */
    failuresAreProblems?: boolean;
  } = {},
): Promise<TUiPage> {
  const context = await stack.browser.newContext({
    viewport: options.viewport ?? DESKTOP,
    locale: options.locale ?? 'nl-NL',
    // axe-core is injected as a script, which our CSP rightly forbids.
    bypassCSP: true,
  });
  const page = await context.newPage();
  const problems: string[] = [];
  const failures: TUiPage['failures'] = [];
  const requests: string[] = [];
  const expected = [...EXPECTED_FAILURES, ...(options.expectFailures ?? [])];
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
    if (expected.some((re) => re.test(r.url()))) return;
    const url = new URL(r.url());
    failures.push({ method: r.request().method(), path: `${url.pathname}${url.search}`, status: r.status() });
    if (options.failuresAreProblems) problems.push(`${r.status()} ${r.url()}`);
  });
  return { context, page, problems, failures, requests };
}

/**
 * Test-only seam for time-to-submit (docs/decisions/forms.md): the public forms `page` opens come with
 * a render token signed FORM_MIN_SECONDS_TO_SUBMIT earlier than the server served it (re-signed with
 * the stack's own secret, same form, version and tenant), so a test submits as soon as it has filled the
 * form in instead of waiting for the server's clock. The server's check is untouched; that a sooner
 * submission is refused, nl and en, is services/content/test/forms.int.test.ts's.
 */
export async function formsServedEarlier(page: Page, stack: TStack): Promise<void> {
  const secret = stack.platform.deps.config.AUTH_TOKEN_SECRET;
  await page.route(/\/api\/v1\/public\/forms\/[^/?]+(\?.*)?$/, async (route) => {
    const request = route.request();
    if (request.method() !== 'GET') return route.fallback();
    // Asked of the stack's app in-process: Playwright's own fetch cannot resolve `<tenant>.localhost`.
    const url = new URL(request.url());
    const response = await stack.app.inject({
      method: 'GET',
      url: `${url.pathname}${url.search}`,
      // Uncompressed: the answer is read here, then handed to the page.
      headers: { ...(await request.allHeaders()), host: url.host, 'accept-encoding': 'identity' },
    });
    const doc = response.json<{ data?: { attributes?: { render_token?: string } } }>();
    const served = doc.data?.attributes?.render_token;
    const tenant = tenantFromHost(url.host);
    if (response.statusCode === 200 && served && tenant) {
      const [formId, version, issued] = served.split('.');
      const earlier = new Date(Number(issued) - FORM_MIN_SECONDS_TO_SUBMIT * 1000);
      doc.data!.attributes!.render_token = issueRenderToken(
        secret,
        tenant,
        formId!,
        Number(version),
        earlier,
      );
    }
    await route.fulfill({
      status: response.statusCode,
      headers: { 'content-type': String(response.headers['content-type'] ?? 'application/json') },
      body: JSON.stringify(doc),
    });
  });
}

/** axe-core finds nothing; the label names the screen in the failure message. */
export async function expectAccessible(page: Page, label: string): Promise<void> {
  const violations = await axeViolations(page);
  expect(violations, `${label}: ${JSON.stringify(violations)}`).toEqual([]);
}

/**
 * What a drag and drop announces (dnd-kit's live regions: picked up, over which place, dropped): what
 * a screen reader hears, and the sign that dnd-kit took the previous move or key before the next one.
 */
export async function dragAnnouncement(page: Page): Promise<string> {
  return (await page.locator('[id^="DndLiveRegion-"]').allTextContents()).join(' ').trim();
}

/** Screenshot kept in test-artifacts/ (`<name>-<width>.png`), once the fonts are in. */
export async function shot(page: Page, name: string): Promise<void> {
  await page.evaluate(() => document.fonts.ready);
  await screenshot(page, `${name}-${page.viewportSize()?.width ?? 0}`);
}

/** Signs in through the portal's login form and waits for the dashboard. */
export async function signIn(
  page: Page,
  stack: TStack,
  tenant: string,
  email: string,
  password = DEMO_PASSWORD,
): Promise<void> {
  await page.goto(stack.url(tenant, '/inloggen'));
  await page.getByLabel(/E-mailadres|Email address/).fill(email);
  await page.getByLabel(/^Wachtwoord|^Password/).fill(password);
  await page.getByTestId('login-submit').click();
  await page.waitForURL(/\/dashboard$/);
  await page.getByTestId('dashboard').waitFor();
}

/**
 * Signs in the tenant's demo admin acting for its seeded School: they also run the volunteer centre,
 * which the dashboard may have preselected, so its organization select is set to the School when it is
 * not, and the dashboard is the school admin's before this returns.
 */
export async function signInSchoolAdmin(page: Page, stack: TStack, tenant: string): Promise<void> {
  await signIn(page, stack, tenant, demo('admin', tenant));
  const select = page.getByTestId('dashboard-organization-select');
  const schoolId = seedOrganizationId(tenant, 'school');
  if ((await select.count()) > 0 && (await select.inputValue()) !== schoolId) {
    await select.selectOption(schoolId);
    await expect.poll(() => page.getByTestId('dashboard').getAttribute('data-role')).toBe('schoolAdmin');
  }
}

/** The text of the newest mail of `kind` to `to`, from the stack's mail folder (as a newcomer reads it). */
export async function latestMail(stack: TStack, tenant: string, to: string, kind: string): Promise<string> {
  for (let attempt = 0; attempt < 40; attempt++) {
    const mail = (await folderMailsTo(stack.mailDir, tenant, to)).find((m) => m.kind === kind);
    if (mail) return mail.text;
    await new Promise((r) => setTimeout(r, 250));
  }
  throw new Error(`no ${kind} mail to ${to}`);
}

/** The texts of every mail of a kind to an address, newest first (a link sent again is a second mail). */
export async function mailsTo(stack: TStack, tenant: string, to: string, kind: string): Promise<string[]> {
  return (await folderMailsTo(stack.mailDir, tenant, to)).filter((m) => m.kind === kind).map((m) => m.text);
}

/** Calls the API through the gateway as a demo user (set-up and checks beside the browser). */
export interface TApi {
  get<T = Record<string, unknown>>(path: string): Promise<{ status: number; body: T }>;
  send<T = Record<string, unknown>>(
    method: 'POST' | 'PUT' | 'PATCH' | 'DELETE',
    path: string,
    body?: unknown,
  ): Promise<{ status: number; body: T }>;
}

export async function apiAs(
  app: FastifyInstance,
  tenant: string,
  who: TDemo | null,
  organization?: TSeedOrganizationKind,
): Promise<TApi> {
  const host = `${tenant}.localhost`;
  const headers: Record<string, string> = {
    host,
    accept: 'application/vnd.api+json',
    'accept-language': 'nl',
  };
  if (who) {
    const res = await app.inject({
      method: 'POST',
      url: '/auth/sign_in',
      headers: { host, 'content-type': 'application/json' },
      payload: JSON.stringify({ email: demo(who, tenant), password: DEMO_PASSWORD }),
    });
    if (res.statusCode !== 200) throw new Error(`sign-in of ${who} answered ${res.statusCode}`);
    for (const name of ['access-token', 'client', 'uid']) headers[name] = String(res.headers[name]);
  }
  if (organization) headers['x-current-organization-id'] = seedOrganizationId(tenant, organization);
  const call = async (method: string, url: string, body?: unknown) => {
    const res = await app.inject({
      method: method as 'GET',
      url,
      headers: body === undefined ? headers : { ...headers, 'content-type': 'application/json' },
      payload: body === undefined ? undefined : JSON.stringify(body),
    });
    // JSON answers parsed; anything else (a downloaded file) as its text.
    const json = /json/.test(String(res.headers['content-type'] ?? ''));
    return { status: res.statusCode, body: res.body ? (json ? JSON.parse(res.body) : res.body) : undefined };
  };
  return { get: (p) => call('GET', p), send: (method, p, body) => call(method, p, body) };
}

/** The id of a demo user, as the school's admin sees it. */
export async function userId(api: TApi, tenant: string, who: TDemo): Promise<string> {
  const { body } = await api.get<{ data: { id: string; attributes: { email: string } }[] }>(
    `/api/v1/users?page[size]=1000&filter[search]=${encodeURIComponent(demo(who, tenant))}`,
  );
  const found = body.data.find((u) => u.attributes.email === demo(who, tenant));
  if (!found) throw new Error(`${who} not found`);
  return found.id;
}

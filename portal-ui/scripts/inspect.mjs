#!/usr/bin/env node
/**
 * Looks at the built apps in headless Chromium: screenshots at phone and desktop width for a few
 * tenants, axe-core on every page, console errors and failed requests, and a language switch.
 *
 *   npx vite build portal-ui && npx vite build admin-ui
 *   node portal-ui/scripts/inspect.mjs [--app portal|admin|all] [--tenants demo,masplein] [--chromium /usr/bin/chromium]
 *
 * Starts scripts/preview.mjs itself (through tsx) and stops it at the end. Screenshots go to
 * test-artifacts/ui/ (git-ignored). Exits non-zero when axe reports a violation or a page logs an error.
 */
import { spawn } from 'node:child_process';
import { mkdirSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import { chromium } from 'playwright-core';

const here = path.dirname(fileURLToPath(import.meta.url));
const repo = path.resolve(here, '../..');
const out = path.join(repo, 'test-artifacts/ui');
mkdirSync(out, { recursive: true });

const { values: args } = parseArgs({
  options: {
    app: { type: 'string', default: 'all' },
    tenants: { type: 'string', default: 'demo,masplein' },
    port: { type: 'string', default: '4179' },
    chromium: { type: 'string', default: '/usr/bin/chromium' },
  },
});
const base = `http://127.0.0.1:${args.port}`;
const tenants = args.tenants.split(',');
const widths = [375, 1280];
const EXPECTED_404 = new Set(['/does/not/exist', '/geen-pagina']);

const preview = spawn(
  process.execPath,
  [path.join(repo, 'node_modules/tsx/dist/cli.mjs'), path.join(here, 'preview.mjs'), '--port', args.port],
  {
    cwd: repo,
    stdio: ['ignore', 'pipe', 'inherit'],
  },
);
await new Promise((resolve, reject) => {
  preview.stdout.on('data', (d) => String(d).includes('preview:') && resolve());
  preview.on('exit', (code) => reject(new Error(`preview exited with ${code}`)));
});

const browser = await chromium.launch({
  executablePath: args.chromium,
  args: [
    '--no-sandbox',
    '--disable-gpu',
    '--disable-background-networking',
    '--disable-component-update',
    '--disable-sync',
    '--no-first-run',
  ],
});

const problems = [];
const note = (msg) => {
  problems.push(msg);
  console.log(`  ✗ ${msg}`);
};

async function axe(page, label) {
  await page.addScriptTag({ path: path.join(repo, 'node_modules/axe-core/axe.min.js') });
  const result = await page.evaluate(() => window.axe.run(document, { resultTypes: ['violations'] }));
  for (const v of result.violations) {
    note(
      `${label}: axe ${v.id} (${v.impact}): ${v.help} — ${v.nodes
        .map((n) => n.target.join(' '))
        .slice(0, 4)
        .join(' | ')}`,
    );
  }
  return result.violations.length;
}

async function newPage(tenant, width, locale = 'nl-NL') {
  const context = await browser.newContext({ viewport: { width, height: width < 600 ? 812 : 900 }, locale });
  await context.addCookies([{ name: 'tenant', value: tenant, url: base }]);
  const page = await context.newPage();
  page.on('console', (m) => {
    // Chromium logs the intended 404 documents as "Failed to load resource".
    if (EXPECTED_404.has(new URL(m.location().url || base).pathname) && /status of 404/.test(m.text()))
      return;
    if (m.type() === 'error' || m.type() === 'warning')
      note(`${tenant}@${width} console ${m.type()}: ${m.text()}`);
  });
  page.on('pageerror', (e) => note(`${tenant}@${width} page error: ${e.message}`));
  page.on('requestfailed', (r) =>
    note(`${tenant}@${width} request failed: ${r.url()} ${r.failure()?.errorText}`),
  );
  page.on('response', (r) => {
    if (r.status() >= 400 && r.request().resourceType() !== 'document')
      note(`${tenant}@${width} ${r.status()} ${r.url()}`);
  });
  return { context, page };
}

async function shot(page, name) {
  await page.evaluate(() => document.fonts.ready);
  await page.screenshot({ path: path.join(out, `${name}.png`), fullPage: true });
}

async function inspectPortal(tenant, width) {
  const { context, page } = await newPage(tenant, width);
  const tag = `portal-${tenant}-${width}`;
  console.log(tag);

  const home = await page.goto(`${base}/`, { waitUntil: 'networkidle' });
  await page.getByTestId('app-name').waitFor();
  console.log(
    `  / ${home?.status()} title="${await page.title()}" h1="${await page.getByTestId('app-name').textContent()}" slogan="${await page.getByTestId('slogan').textContent()}"`,
  );
  const fonts = await page.evaluate(() =>
    [...document.fonts].filter((f) => f.status === 'loaded').map((f) => f.family),
  );
  console.log(`  fonts loaded: ${[...new Set(fonts)].join(', ') || '(none)'}`);
  await shot(page, `${tag}-home`);
  await axe(page, `${tag} /`);

  // Language switch: no reload, cookie written, <html lang> and title follow.
  await page.evaluate(() => (window.__marker = 1));
  await page.getByTestId('language-toggle').click();
  await page.waitForFunction(() => document.documentElement.lang === 'en');
  const kept = await page.evaluate(() => window.__marker === 1);
  const cookie = (await context.cookies()).find((c) => c.name === 'locale');
  console.log(
    `  toggle → lang=en, no reload=${kept}, cookie=${cookie?.value} sameSite=${cookie?.sameSite} expires in ${Math.round(((cookie?.expires ?? 0) - Date.now() / 1000) / 86400)}d, title="${await page.title()}"`,
  );
  if (!kept) note(`${tag}: language switch reloaded the page`);
  await shot(page, `${tag}-home-en`);
  await page.getByTestId('language-toggle').click();
  await page.waitForFunction(() => document.documentElement.lang === 'nl');

  // Client-side navigation to a placeholder page.
  await page.getByTestId('primary-action').click();
  await page.getByTestId('page-title').waitFor();
  console.log(
    `  → ${new URL(page.url()).pathname} title="${await page.title()}" h1="${await page.getByTestId('page-title').textContent()}"`,
  );
  await axe(page, `${tag} /stagebank`);

  // A client-side navigation to an admin path leaves the portal for the admin app.
  await page.evaluate(() => {
    window.history.pushState({}, '', '/organizations/approve');
    window.dispatchEvent(new PopStateEvent('popstate'));
  });
  await page.locator('[data-testid="placeholder-page"][data-route="/organizations/approve"]').waitFor();
  console.log(`  → admin app at ${new URL(page.url()).pathname}, title="${await page.title()}"`);

  // Server 404 (static content replaced by the app's 404 screen).
  const missing = await page.goto(`${base}/does/not/exist`, { waitUntil: 'networkidle' });
  await page.getByTestId('error-title').waitFor();
  console.log(
    `  /does/not/exist ${missing?.status()} title="${await page.title()}" h1="${await page.getByTestId('error-title').textContent()}"`,
  );
  await shot(page, `${tag}-404`);
  await axe(page, `${tag} 404`);
  await page.getByTestId('back-to-home').click();
  await page.getByTestId('app-name').waitFor();

  // Unknown CMS slug: the server says 404, the client agrees.
  await page.goto(`${base}/geen-pagina`, { waitUntil: 'networkidle' });
  await page.getByTestId('error-title').waitFor();

  // Empty layout page.
  await page.goto(`${base}/forms/abc`, { waitUntil: 'networkidle' });
  await page.getByTestId('page-title').waitFor();
  await axe(page, `${tag} /forms/abc`);

  // English browser without cookie: English UI.
  const en = await newPage(tenant, width, 'en-GB');
  await en.page.goto(`${base}/`, { waitUntil: 'networkidle' });
  await en.page.getByTestId('app-name').waitFor();
  console.log(
    `  en-GB browser: lang=${await en.page.evaluate(() => document.documentElement.lang)} title="${await en.page.title()}"`,
  );
  await en.context.close();

  await context.close();
}

async function inspectAdmin(tenant, width) {
  const { context, page } = await newPage(tenant, width);
  const tag = `admin-${tenant}-${width}`;
  console.log(tag);

  const res = await page.goto(`${base}/organizations/approve`, { waitUntil: 'networkidle' });
  await page.getByTestId('page-title').waitFor();
  console.log(
    `  /organizations/approve ${res?.status()} title="${await page.title()}" h1="${await page.getByTestId('page-title').textContent()}"`,
  );
  await shot(page, `${tag}-page`);
  await axe(page, `${tag} /organizations/approve`);

  // The dashboard is the admin app's own home (reached in-app).
  await page.evaluate(() => {
    window.history.pushState({}, '', '/');
    window.dispatchEvent(new PopStateEvent('popstate'));
  });
  await page.getByTestId('app-name').waitFor();
  console.log(
    `  dashboard title="${await page.title()}" app-name="${await page.getByTestId('app-name').textContent()}" slogan="${await page.getByTestId('slogan').textContent()}"`,
  );
  await shot(page, `${tag}-dashboard`);
  await axe(page, `${tag} dashboard`);

  // react-admin's locale menu: switches without reload and writes the shared cookie.
  await page.evaluate(() => (window.__marker = 1));
  await page.getByRole('button', { name: 'Nederlands' }).click();
  await page.getByRole('menuitem', { name: 'English' }).click();
  await page.waitForFunction(() => document.documentElement.lang === 'en');
  const cookie = (await context.cookies()).find((c) => c.name === 'locale');
  const kept = await page.evaluate(() => window.__marker === 1);
  console.log(`  locale → en, no reload=${kept}, cookie=${cookie?.value}, title="${await page.title()}"`);
  await shot(page, `${tag}-dashboard-en`);
  await axe(page, `${tag} dashboard en`);

  // Unknown admin path inside the admin app.
  await page.evaluate(() => {
    window.history.pushState({}, '', '/users/1/nothing');
    window.dispatchEvent(new PopStateEvent('popstate'));
  });
  await page.getByTestId('error-title').waitFor();
  await axe(page, `${tag} not found`);
  await shot(page, `${tag}-404`);

  // A portal path reached inside the admin app is loaded as the portal.
  await page.evaluate(() => {
    window.history.pushState({}, '', '/stagebank');
    window.dispatchEvent(new PopStateEvent('popstate'));
  });
  await page.locator('.site-header').waitFor();
  await page.getByTestId('page-title').waitFor();
  console.log(`  → portal at ${new URL(page.url()).pathname}, title="${await page.title()}"`);
  await context.close();
}

try {
  for (const tenant of tenants) {
    for (const width of widths) {
      if (args.app !== 'admin') await inspectPortal(tenant, width);
      if (args.app !== 'portal') await inspectAdmin(tenant, width);
    }
  }
} catch (error) {
  note(`aborted: ${error.stack ?? error}`);
} finally {
  await browser.close();
  preview.kill('SIGTERM');
}

console.log(problems.length ? `\n${problems.length} problem(s)` : '\nno problems');
process.exitCode = problems.length ? 1 : 0;

import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser } from 'playwright-core';
import type { FastifyInstance } from 'fastify';
import { TENANTS } from '@stageplein/contracts/tenants/tenant-registry';
import { translate } from '@stageplein/contracts/i18n/index';
import { axeViolations, launchChromium, screenshot } from '@stageplein/testing/browser';
import { testProduct, type TTestProduct } from '@stageplein/testing/product';

let platform: TTestProduct['platform'];
let app: FastifyInstance;
let browser: Browser;
let port: number;

beforeAll(async () => {
  ({ platform, app } = await testProduct());
  await app.listen({ port: 0, host: '127.0.0.1' });
  port = (app.server.address() as { port: number }).port;
  browser = await launchChromium();
});
afterAll(async () => {
  await browser?.close();
  await app?.close();
  await platform?.close();
});

const homeTitle = (lang: 'nl' | 'en') => translate(lang, 'routes.home');

describe.each(['demo', 'raayland'] as const)('the portal for %s', (tenantId) => {
  const tenant = TENANTS[tenantId];

  it('is served with the page title already in the tenant’s format', async () => {
    // fetch() may not set Host; inject() sends exactly what a browser on that host name would.
    const res = await app.inject({ url: '/', headers: { host: `${tenantId}.localhost:${port}` } });
    expect(res.statusCode).toBe(200);
    expect(res.body).toContain(`<title>${homeTitle('nl')} - ${tenant.appName}</title>`);
    expect(res.body).toContain(`<meta name="stageplein-tenant" content="${tenantId}">`);
    expect(String(res.headers['set-cookie'])).toContain(`tenant=${tenantId}`);
  });

  it('shows the app name, slogan and title format in Chromium, in nl and en', async () => {
    // A Dutch browser: language detection is cookie → browser languages → nl.
    const page = await browser.newPage({
      viewport: { width: 375, height: 812 },
      locale: 'nl-NL',
      bypassCSP: true,
    });
    await page.goto(`http://${tenantId}.localhost:${port}/`);
    await expect.poll(() => page.getByTestId('app-name').first().textContent()).toBe(tenant.appName);
    expect(await page.getByTestId('slogan').first().textContent()).toBe(tenant.slogan);
    expect(await page.title()).toBe(`${homeTitle('nl')} - ${tenant.appName}`);
    expect(await page.evaluate(() => document.documentElement.lang)).toBe('nl');
    const primary = await page.evaluate(() =>
      getComputedStyle(document.documentElement).getPropertyValue('--color-primary-500').trim(),
    );
    expect(primary.toLowerCase()).toBe(tenant.theme.colors.primary['500'].toLowerCase());
    await screenshot(page, `portal-${tenantId}-375-nl`);
    expect(await axeViolations(page)).toEqual([]);

    await page.getByTestId('language-toggle').first().click();
    await expect.poll(() => page.title()).toBe(`${homeTitle('en')} - ${tenant.appName}`);
    await page.setViewportSize({ width: 1280, height: 800 });
    await screenshot(page, `portal-${tenantId}-1280-en`);
    await page.close();
  });
});

describe('pages that do not exist', () => {
  it('answer 404 with the spec’s texts, also before any JavaScript runs', async () => {
    const res = await app.inject({
      url: '/dit/bestaat/niet',
      headers: { host: `demo.localhost:${port}`, 'accept-language': 'en' },
    });
    expect(res.statusCode).toBe(404);
    const html = res.body.replaceAll('&#39;', "'");
    expect(html).toContain('Page not found');
    expect(html).toContain(
      "We couldn't find the page you were looking for, please contact a system administrator or try again later.",
    );
    expect(html).toContain(`<title>Page not found - ${TENANTS.demo.appName}</title>`);
  });

  it('show the 404 screen in the portal', async () => {
    const page = await browser.newPage({ locale: 'nl-NL' });
    const response = await page.goto(`http://demo.localhost:${port}/dit/bestaat/niet`);
    expect(response?.status()).toBe(404);
    await expect
      .poll(() => page.getByRole('heading', { level: 1 }).first().textContent())
      .toBe(translate('nl', 'errors.notFound.title'));
    await page.close();
  });
});

describe('build manifest', () => {
  it('serves latest.json uncached', async () => {
    const res = await fetch(`http://127.0.0.1:${port}/latest.json?t=${Date.now()}`);
    expect(res.status).toBe(200);
    expect(res.headers.get('cache-control')).toBe('no-store');
    expect(((await res.json()) as { version: string }).version).toMatch(/^[0-9a-f]{16}$/);
  });
});

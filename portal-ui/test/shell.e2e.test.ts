import { readFileSync } from 'node:fs';
import path from 'node:path';
import { gzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import type { Locator, Page } from 'playwright-core';
import { translate } from '@stageplein/contracts/i18n/index';
import { TENANT_LIST, TENANTS } from '@stageplein/contracts/tenants/tenant-registry';
import { UI_DIRS } from '@stageplein/gateway/ui-dirs';
import {
  demo,
  DESKTOP,
  expectAccessible,
  openPortal,
  PHONE,
  shot,
  signIn,
  startStack,
  type TStack,
} from './stack.ts';
import { appStarted } from './served-page.ts';

let stack: TStack;
beforeAll(async () => {
  // A staging deployment: the test pages (`/test/toaster`, `/test/server-error`) are 404 elsewhere.
  stack = await startStack({ env: { STAGING: 'true' } });
});
afterAll(async () => stack?.close());

const nl = (key: string, vars?: Record<string, string | number>) => translate('nl', key, vars);
const en = (key: string, vars?: Record<string, string | number>) => translate('en', key, vars);

/** Resolves when the element's CSS animations and transitions (its subtree's too) have finished. */
const settled = (locator: Locator) =>
  locator.evaluate((el) => Promise.all(el.getAnimations({ subtree: true }).map((a) => a.finished)));
const focusInDialog = (page: Page) =>
  page.evaluate(() => document.activeElement?.closest('[role="dialog"]') != null);

/** Marks the window, so a full page load (which loses the mark) can be told from client navigation. */
const mark = (page: Page) => page.evaluate(() => ((window as { __mark?: number }).__mark = 1));
const marked = (page: Page) => page.evaluate(() => (window as { __mark?: number }).__mark === 1);

describe('public screens on a phone and a desktop', () => {
  const screens: [string, string, string][] = [
    ['home', '/', 'app-name'],
    ['login', '/inloggen', 'login-form'],
    ['login-1', '/auth/login-1', 'login-form'],
    ['login-school', '/inloggen/school', 'login-form'],
    ['login-student', '/inloggen/leerling', 'login-form'],
    ['login-provider', '/inloggen/stagebieder', 'login-form'],
    ['kennisnet', '/inloggen/kennisnet', 'kennisnet-unavailable'],
    ['kennisnet-error', '/inloggen/kennisnet/error', 'kennisnet-error'],
    ['recover', '/auth/recover', 'recover-form'],
    ['reset-without-token', '/auth/reset', 'reset-missing'],
    ['reset', '/auth/reset?reset_password_token=abc', 'reset-form'],
    ['token', '/auth/token', 'token-form'],
    ['confirm-without-token', '/confirm', 'confirm-missing'],
    ['confirm', '/confirm?confirmation_token=abc', 'confirm-form'],
    ['no-organization', '/auth/no-organization', 'page-title'],
    ['delete-account', '/account/verwijderen', 'delete-account-form'],
    ['delete-account-confirm', '/account/verwijderen?token=abc', 'delete-account-confirm'],
    ['sign-out', '/uitloggen', 'signed-out'],
    ['app', '/app', 'app-page'],
    ['bank', '/stagebank', 'stagebank'],
    ['organization-signup', '/organizations/signup', 'organization-signup-form'],
    ['news', '/nieuws', 'news-list'],
    ['privacy', '/privacyverklaring', 'page-title'],
    ['not-found', '/dit/bestaat/niet', 'error-screen'],
  ];

  for (const viewport of [PHONE, DESKTOP]) {
    it(`are accessible and fit ${viewport.width} px (raayland)`, async () => {
      const { page, problems, context } = await openPortal(stack, { viewport });
      for (const [name, path, testId] of screens) {
        await page.goto(stack.url('raayland', path));
        await page.getByTestId(testId).first().waitFor();
        // Nothing sticks out sideways (a phone must not scroll horizontally).
        const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
        expect(overflow, `${name} overflows by ${overflow}px`).toBeLessThanOrEqual(0);
        expect(await page.title(), name).toMatch(new RegExp(` - ${TENANTS.raayland.appName}$`));
        await shot(page, `raayland-${name}`);
        await expectAccessible(page, name);
      }
      expect(problems).toEqual([]);
      await context.close();
    });
  }

  it('wraps the app name in the header between words, never inside one, on a phone (every tenant)', async () => {
    const { page, problems, context } = await openPortal(stack, { viewport: PHONE });
    /** The words of the header's app name that are split over two lines (a word is one line box). */
    const splitWords = () =>
      page.getByTestId('site-title').evaluate((el) => {
        const split: string[] = [];
        const walker = document.createTreeWalker(el, NodeFilter.SHOW_TEXT);
        for (let node = walker.nextNode(); node; node = walker.nextNode())
          for (const m of (node.textContent ?? '').matchAll(/\S+/g)) {
            const range = document.createRange();
            range.setStart(node, m.index);
            range.setEnd(node, m.index + m[0].length);
            if (new Set([...range.getClientRects()].map((r) => Math.round(r.top))).size > 1) split.push(m[0]);
          }
        return split;
      });
    const title = page.getByTestId('site-title');
    for (const tenant of TENANT_LIST) {
      await page.goto(stack.url(tenant.id, '/'));
      await page.getByTestId('app-name').first().waitFor();
      expect(await title.textContent()).toBe(tenant.appName);
      expect(await splitWords(), `${tenant.id}: a word of "${tenant.appName}" is broken`).toEqual([]);
      if (tenant.id === 'match2gether') await shot(page, 'header-app-name-match2gether');
    }
    // Signed in, the account menu takes room too.
    await signIn(page, stack, 'match2gether', demo('admin', 'match2gether'));
    expect(await splitWords(), 'signed in (match2gether)').toEqual([]);
    // …and on a phone the whole name still shows beside the bell, the account and the language (its code).
    expect(await title.evaluate((el) => el.scrollWidth <= el.clientWidth), 'the name is cut off').toBe(true);
    await shot(page, 'header-app-name-signed-in');
    expect(problems).toEqual([]);
    await context.close();
  });

  it('gives every page the title "{page title} - {app name}"', async () => {
    const { page, context } = await openPortal(stack);
    await page.goto(stack.url('masplein', '/auth/recover'));
    await page.getByTestId('recover-form').waitFor();
    expect(await page.title()).toBe(`${nl('routes.auth.recover')} - Masplein`);
    await page.getByTestId('language-toggle').click();
    await expect.poll(() => page.title()).toBe(`${en('routes.auth.recover')} - Masplein`);
    await context.close();
  });
});

describe('first download', () => {
  it('keeps the start page’s initial JavaScript under 170 kB gzip', async () => {
    const { page, context } = await openPortal(stack, { viewport: PHONE });
    const scripts: string[] = [];
    page.on(
      'response',
      (r) => r.request().resourceType() === 'script' && scripts.push(new URL(r.url()).pathname),
    );
    await page.goto(stack.url('demo', '/'), { waitUntil: 'networkidle' });
    const gzip = scripts.reduce(
      (sum, file) => sum + gzipSync(readFileSync(path.join(UI_DIRS.portal, file)), { level: 6 }).length,
      0,
    );
    expect(scripts.length).toBeGreaterThan(0);
    expect(gzip).toBeLessThan(170_000);
    await context.close();
  });
});

describe('main menu', () => {
  it('shows the main items as tabs and the active sub-item (desktop)', async () => {
    const { page, context, problems } = await openPortal(stack, { viewport: DESKTOP });
    await page.goto(stack.url('demo', '/'));
    const menu = page.getByTestId('main-menu');
    await expect.poll(() => menu.getAttribute('data-ready')).toBe('true');
    expect(await menu.locator('.tabs').first().locator('a').allTextContents()).toEqual([
      'Stagebank',
      'Over ons',
      'Contact',
      'Inloggen',
    ]);
    await menu.getByRole('link', { name: 'Over ons' }).click();
    await page.waitForURL(/\/over-ons$/);
    await menu.getByRole('link', { name: 'Voor scholen' }).click();
    await page.waitForURL(/\/voor-scholen$/);
    const sub = menu.getByTestId('sub-item').filter({ hasText: 'Voor scholen' });
    await expect.poll(() => sub.getAttribute('aria-current')).toBe('page');
    expect(await menu.getByRole('link', { name: 'Over ons' }).getAttribute('class')).toContain('tab--active');
    await shot(page, 'demo-menu-sub-items');
    await expectAccessible(page, 'menu with sub-items');
    expect(problems).toEqual([]);
    await context.close();
  });

  it('opens in the side panel on a phone; overlay click, Enter, Space and Escape close it', async () => {
    const { page, context } = await openPortal(stack, { viewport: PHONE });
    await page.goto(stack.url('demo', '/'));
    const button = page.getByTestId('menu-button');
    const panel = page.getByRole('dialog');

    await button.click();
    await panel.waitFor();
    // The panel slides in (a transform animation): measured mid-slide its box is fractional, and
    // focus moves in when it has opened. Measure, screenshot and check once both have happened.
    await settled(page.getByTestId('side-panel'));
    await expect.poll(() => focusInDialog(page)).toBe(true);
    // w-96 (24rem) unless the phone is narrower: then the overlay keeps a strip free.
    const box = (await panel.boundingBox())!;
    expect(box.width).toBe(PHONE.width - 40);
    await shot(page, 'demo-side-panel');
    await expectAccessible(page, 'side panel');
    await page.keyboard.press('Escape');
    await panel.waitFor({ state: 'detached' });
    expect(await page.evaluate(() => document.activeElement?.getAttribute('data-testid'))).toBe(
      'menu-button',
    );

    await button.click();
    await page.getByTestId('side-panel-overlay').click({ position: { x: PHONE.width - 10, y: 300 } });
    await panel.waitFor({ state: 'detached' });

    for (const key of ['Enter', ' ']) {
      await button.click();
      // The panel takes focus when it opens; only then can the overlay be given it for this key.
      await expect.poll(() => focusInDialog(page)).toBe(true);
      await page.getByTestId('side-panel-overlay').focus();
      await page.keyboard.press(key);
      await panel.waitFor({ state: 'detached' });
    }

    await button.click();
    await panel.getByRole('link', { name: 'Contact' }).click();
    await page.waitForURL(/\/contact$/);
    await panel.waitFor({ state: 'detached' });
    await context.close();
  });
});

describe('language', () => {
  it('switches without a reload, is kept in the locale cookie (365 days, lax) and survives a reload', async () => {
    const { page, context } = await openPortal(stack, { locale: 'nl-NL' });
    await page.goto(stack.url('demo', '/inloggen'));
    await page.getByTestId('login-form').waitFor();
    await mark(page);
    await page.getByTestId('language-toggle').click();
    await page.waitForFunction(() => document.documentElement.lang === 'en');
    expect(await marked(page)).toBe(true);
    expect(await page.getByTestId('page-title').textContent()).toBe(en('routes.login.index'));
    const cookie = (await context.cookies()).find((c) => c.name === 'locale')!;
    expect(cookie.value).toBe('en');
    expect(cookie.sameSite).toBe('Lax');
    expect(Math.round((cookie.expires - Date.now() / 1000) / 86400)).toBe(365);

    await page.reload();
    await page.getByTestId('login-form').waitFor();
    expect(await page.evaluate(() => document.documentElement.lang)).toBe('en');
    expect(await page.title()).toBe(`${en('routes.login.index')} - ${TENANTS.demo.appName}`);
    await context.close();
  });

  it('follows the browser when there is no cookie, else Dutch', async () => {
    for (const [locale, lang] of [
      ['en-GB', 'en'],
      ['de-DE', 'nl'],
    ]) {
      const { page, context } = await openPortal(stack, { locale });
      await page.goto(stack.url('demo', '/'));
      // The gateway serves `/` in Dutch; the app then follows the browser.
      await appStarted(page);
      expect(await page.evaluate(() => document.documentElement.lang)).toBe(lang);
      await context.close();
    }
  });
});

describe('colour mode', () => {
  it('is system, light or dark, kept in local storage, and forced light on signing pages', async () => {
    const { page, context } = await openPortal(stack, { viewport: DESKTOP });
    await page.emulateMedia({ colorScheme: 'light' });
    await page.goto(stack.url('stageplein', '/'));
    await page.getByTestId('app-name').waitFor();
    expect(await page.evaluate(() => document.documentElement.dataset.colorMode)).toBe('light');
    await page.emulateMedia({ colorScheme: 'dark' });
    await expect.poll(() => page.evaluate(() => document.documentElement.dataset.colorMode)).toBe('dark');
    await page.emulateMedia({ colorScheme: 'light' });

    await page.getByTestId('color-mode').selectOption('dark');
    await expect.poll(() => page.evaluate(() => document.documentElement.dataset.colorMode)).toBe('dark');
    expect(await page.evaluate(() => localStorage.getItem('stageplein.color-mode'))).toBe('dark');
    await shot(page, 'stageplein-home-dark');
    await expectAccessible(page, 'home in dark mode');
    await page.goto(stack.url('stageplein', '/inloggen'));
    await page.getByTestId('login-form').waitFor();
    await shot(page, 'stageplein-login-dark');
    await expectAccessible(page, 'login in dark mode');

    // A signing page (here without a link: it says so) is always light, whatever the visitor chose.
    await page.goto(stack.url('stageplein', '/contracts/1/sign/2'));
    await page.getByTestId('contract-sign-page').waitFor();
    expect(await page.evaluate(() => document.documentElement.dataset.colorMode)).toBe('light');
    await page.goto(stack.url('stageplein', '/'));
    await page.getByTestId('app-name').waitFor();
    expect(await page.evaluate(() => document.documentElement.dataset.colorMode)).toBe('dark');
    await context.close();
  });
});

describe('app mode', () => {
  const viewportOf = (page: Page) =>
    page.evaluate(() => document.querySelector('meta[name="viewport"]')?.getAttribute('content'));

  it('disables zoom in the app of a tenant with the app-mode flag, not elsewhere', async () => {
    const { page, context } = await openPortal(stack, { viewport: PHONE });
    await page.goto(stack.url('demo', '/'));
    await page.getByTestId('app-name').waitFor();
    expect(await viewportOf(page)).toBe('width=device-width, initial-scale=1');
    await page.goto(stack.url('demo', '/app'));
    await page.getByTestId('app-page').waitFor();
    expect(await viewportOf(page)).toContain('user-scalable=no');
    await shot(page, 'demo-app');
    // The app session keeps app mode on the other pages.
    await page.goto(stack.url('demo', '/inloggen'));
    await page.getByTestId('login-form').waitFor();
    expect(await viewportOf(page)).toContain('user-scalable=no');
    await context.close();

    const raayland = await openPortal(stack, { viewport: PHONE });
    await raayland.page.goto(stack.url('raayland', '/app'));
    await raayland.page.getByTestId('app-page').waitFor();
    expect(await viewportOf(raayland.page)).toBe('width=device-width, initial-scale=1');
    await raayland.context.close();
  });
});

describe('error screens (spec §8)', () => {
  it('show the 404 screen for unknown paths, with "Back to home"', async () => {
    const { page, context } = await openPortal(stack);
    const response = await page.goto(stack.url('demo', '/dit/bestaat/niet'));
    expect(response?.status()).toBe(404);
    await page.getByTestId('error-screen').waitFor();
    expect(await page.getByTestId('error-title').textContent()).toBe(nl('errors.notFound.title'));
    expect(await page.getByTestId('error-body').textContent()).toBe(nl('errors.notFound.body'));
    await page.getByTestId('back-to-home').click();
    await page.waitForURL(stack.url('demo', '/'));
    await page.getByTestId('app-name').waitFor();
    await context.close();
  });

  it('turn a failing route validation into the fatal "Page Not Found" plus the path', async () => {
    const { page, context } = await openPortal(stack);
    await page.goto(stack.url('demo', '/vacancies/geen-id'));
    await page.getByTestId('error-screen').waitFor();
    expect(await page.getByTestId('error-title').textContent()).toBe(nl('errors.notFound.title'));
    expect(await page.getByTestId('error-detail').textContent()).toBe(
      'Pagina niet gevonden: /vacancies/geen-id',
    );
    await page.getByTestId('language-toggle').click();
    await expect
      .poll(() => page.getByTestId('error-detail').textContent())
      .toBe('Page Not Found: /vacancies/geen-id');
    await context.close();
  });

  it('have the exact nl and en texts for 401, 403, 404, wrong center and other errors', async () => {
    const { page, context } = await openPortal(stack, { viewport: PHONE });
    await signIn(page, stack, 'demo', demo('student', 'demo'));
    const cases: [string, string, string][] = [
      ['?status=401', 'errors.unauthorized.title', 'errors.unauthorized.body'],
      ['?status=403', 'errors.forbidden.title', 'errors.forbidden.body'],
      ['?status=404', 'errors.notFound.title', 'errors.notFound.body'],
      ['?wrong-center', 'errors.wrongCenter.title', 'errors.wrongCenter.body'],
      ['?status=502', 'errors.generic.title', 'errors.generic.body'],
    ];
    for (const lang of ['nl', 'en'] as const) {
      for (const [query, titleKey, bodyKey] of cases) {
        await page.goto(stack.url('demo', `/test/server-error${query}`));
        await page.getByTestId('error-screen').waitFor();
        const title =
          translate(lang, titleKey) +
          (query === '?status=502' ? ` ${translate(lang, 'errors.generic.code', { code: 502 })}` : '');
        expect(await page.getByTestId('error-title').textContent(), `${lang} ${query}`).toBe(title);
        expect(await page.getByTestId('error-body').textContent(), `${lang} ${query}`).toBe(
          translate(lang, bodyKey),
        );
        expect(await page.getByTestId('back-to-home').textContent()).toBe(
          translate(lang, 'errors.backToHome'),
        );
        if (lang === 'nl') {
          await shot(page, `demo-error-${query.replace(/\W+/g, '')}`);
          await expectAccessible(page, `error ${query}`);
        }
      }
      if (lang === 'nl') await page.getByTestId('language-toggle').click();
      await page.waitForFunction(() => document.documentElement.lang === 'en');
    }
    // "(error code: N)" only with a status: the English generic title with 500.
    await page.goto(stack.url('demo', '/test/server-error'));
    expect(await page.getByTestId('error-title').textContent()).toBe(
      'Oops... something went wrong! (error code: 500)',
    );
    // The loading bar took the error colour.
    expect(await page.getByTestId('loading-bar').getAttribute('data-error')).toBe('true');
    await context.close();
  });

  it('show 403 for a page the role may not use', async () => {
    const { page, context } = await openPortal(stack);
    await signIn(page, stack, 'raayland', demo('student', 'raayland'));
    await page.goto(stack.url('raayland', '/instellingen/organisatie'));
    await page.getByTestId('error-screen').waitFor();
    expect(await page.getByTestId('error-title').textContent()).toBe(nl('errors.forbidden.title'));
    await context.close();
  });
});

describe('toasts', () => {
  it('show progress, pause on hover and focus, expire after 5 s, announce by severity', async () => {
    const { page, context } = await openPortal(stack, { viewport: DESKTOP });
    // The toasts run on the page's clock (Date.now, setInterval): the test moves it (Playwright's
    // clock) instead of waiting for the seconds to pass.
    await page.clock.install();
    await signIn(page, stack, 'demo', demo('mentor', 'demo'));
    await page.goto(stack.url('demo', '/test/toaster'));
    await page.getByTestId('toaster-test').waitFor();
    // The welcome toast of the sign-in is gone after the full page load; start clean.
    await expect.poll(() => page.getByTestId('toast').count()).toBe(0);
    // From here the page's time stands still but when the test runs it.
    await page.clock.pauseAt(await page.evaluate(() => Date.now() + 1000));

    await page.getByTestId('toast-success').click();
    const toast = page.getByTestId('toast').first();
    await toast.waitFor();
    // The live region is filled by an effect after the toast's render: a frame later.
    await expect
      .poll(() => page.getByTestId('toast-live-polite').textContent())
      .toContain(`${nl('toast.success')}:`);
    expect(await toast.getAttribute('data-color')).toBe('success');
    // Bottom-right by default.
    const box = (await toast.boundingBox())!;
    expect(box.x + box.width).toBeGreaterThan(DESKTOP.width - 40);
    expect(box.y + box.height).toBeGreaterThan(DESKTOP.height - 40);
    const progress = () =>
      page.getByTestId('toast-progress').first().getAttribute('data-progress').then(Number);
    expect(await progress()).toBe(0);
    // 1 s of its 5.
    await page.clock.runFor(1000);
    await expect.poll(progress).toBeCloseTo(0.2, 2);

    // Hovered, it stands still: 1.2 s later the bar has not moved.
    await toast.hover();
    await expect.poll(() => toast.getAttribute('data-paused')).toBe('true');
    await page.clock.runFor(1200);
    expect(await progress()).toBeCloseTo(0.2, 2);
    expect(await page.getByTestId('toast').count()).toBe(1);

    await page.mouse.move(10, 10);
    await expect.poll(() => toast.getAttribute('data-paused')).toBe('false');
    // Focus pauses too (keyboard users).
    await toast.getByRole('button').focus();
    await expect.poll(() => toast.getAttribute('data-paused')).toBe('true');
    await page.getByTestId('toast-error').focus();
    await expect.poll(() => toast.getAttribute('data-paused')).toBe('false');
    // 4 s of its 5 remain: still there 3.9 s later, gone 0.2 s after that.
    await page.clock.runFor(3900);
    await expect.poll(progress).toBeCloseTo(0.98, 2);
    expect(await page.getByTestId('toast').count()).toBe(1);
    await page.clock.runFor(200);
    await toast.waitFor({ state: 'detached' });

    // Danger is announced assertively, the rest politely.
    await page.getByTestId('toast-error').click();
    await expect
      .poll(() => page.getByTestId('toast-live-assertive').textContent())
      .toContain(`${nl('toast.error')}:`);
    await page.getByTestId('toast-warning').click();
    await expect
      .poll(() => page.getByTestId('toast-live-polite').textContent())
      .toContain(`${nl('toast.warning')}:`);
    // The page's own time again (axe and the screenshot wait on the page's timers).
    await page.clock.resume();
    await shot(page, 'demo-toasts');
    await expectAccessible(page, 'toasts');

    // Positions, and a toast with duration 0 that stays until closed.
    await page.getByTestId('toast-at-top-left').click();
    const topLeft = page.locator('[data-position="top-left"] [data-testid="toast"]');
    const tl = (await topLeft.boundingBox())!;
    expect(tl.x).toBeLessThan(40);
    expect(tl.y).toBeLessThan(40);
    await page.getByTestId('toast-sticky').click();
    const sticky = page.getByTestId('toast').filter({ hasText: nl('portal.test.sticky') });
    await sticky.waitFor();
    expect(await sticky.getByTestId('toast-progress').count()).toBe(0);
    // Past the others' 5 s: they are gone, the sticky one stays.
    await page.clock.runFor(5600);
    await expect.poll(() => page.getByTestId('toast').count()).toBe(1);
    expect(await sticky.count()).toBe(1);
    await sticky.getByRole('button', { name: nl('shell.close') }).click();
    await sticky.waitFor({ state: 'detached' });
    await context.close();
  });
});

describe('loading bar', () => {
  it('appears after 200 ms on a slow navigation, 3 px high, and hides when done; never on a fast one', async () => {
    const { page, context } = await openPortal(stack, { viewport: DESKTOP });
    // The bar's throttle runs on the page's clock: the test moves it (Playwright's clock).
    await page.clock.install();
    await signIn(page, stack, 'demo', demo('admin', 'demo'));
    // Load the settings page's chunk once, so the next visit is a fast navigation.
    await page.getByTestId('account-menu').click();
    await page
      .getByTestId('account-menu-panel')
      .getByRole('link', { name: nl('routes.settings.index'), exact: true })
      .click();
    await page.getByTestId('settings-page').waitFor();
    await page.goBack();
    await page.getByTestId('dashboard').waitFor();
    await page.evaluate(() => {
      const bar = document.querySelector('[data-testid="loading-bar"]')!;
      const w = window as { __barShown?: number };
      w.__barShown = 0;
      new MutationObserver(() => {
        if (bar.getAttribute('data-visible') === 'true') w.__barShown = (w.__barShown ?? 0) + 1;
      }).observe(bar, { attributes: true });
    });
    const shown = () => page.evaluate(() => (window as { __barShown?: number }).__barShown ?? 0);

    // Fast: done within the 200 ms throttle, so the bar never shows. The page's clock stands still
    // while the two navigations finish, then runs past the throttle.
    await page.clock.pauseAt(await page.evaluate(() => Date.now() + 1000));
    await page.goForward();
    await page.getByTestId('settings-page').waitFor();
    await page.goBack();
    await page.getByTestId('dashboard').waitFor();
    await page.clock.runFor(300);
    expect(await shown()).toBe(0);
    await page.clock.resume();

    // Slow: the roles page's chunk is held until the bar shows.
    let release!: () => void;
    const held = new Promise<void>((resolve) => (release = resolve));
    await page.route('**/assets/roles-page-*.js', async (route) => {
      await held;
      await route.continue();
    });
    await page.getByTestId('account-menu').click();
    await page
      .getByTestId('account-menu-panel')
      .getByRole('link', { name: nl('routes.account.roles') })
      .click();
    const bar = page.getByTestId('loading-bar');
    await expect.poll(() => bar.getAttribute('data-visible')).toBe('true');
    expect((await bar.boundingBox())!.height).toBe(3);
    release();
    await page.getByTestId('roles-page').waitFor();
    await expect.poll(() => bar.getAttribute('data-visible')).toBe('false');
    expect(await bar.getAttribute('data-error')).toBe('false');
    await context.close();
  });
});

describe('deployments and failed chunks (spec §4, §8)', () => {
  it('reloads on the next navigation once latest.json shows a new build', async () => {
    const { page, context } = await openPortal(stack);
    await page.goto(stack.url('demo', '/inloggen'));
    await page.getByTestId('login-form').waitFor();
    await mark(page);
    // Same build: navigation stays in the page.
    await page.getByTestId('forgot-password').click();
    await page.getByTestId('recover-form').waitFor();
    expect(await marked(page)).toBe(true);

    await page.route('**/latest.json*', (route) =>
      route.fulfill({ status: 200, contentType: 'application/json', body: '{"version":"0000000000000000"}' }),
    );
    const polled = page.waitForRequest(/latest\.json\?t=\d+/);
    await page.evaluate(() => document.dispatchEvent(new Event('visibilitychange')));
    await polled;
    // The page knows of the new build once it has read the answer, which nothing on it shows: go back
    // and forth until a navigation is a full page load (the first one after that).
    await vi.waitFor(
      async () => {
        if (await page.getByTestId('login-form').isVisible()) {
          await page.getByTestId('forgot-password').click();
          await page.getByTestId('recover-form').waitFor();
        }
        await page.getByRole('link', { name: nl('portal.recover.backToLogin') }).click();
        await page.getByTestId('login-form').waitFor();
        expect(await marked(page)).toBe(false);
      },
      { timeout: 10_000, interval: 50 },
    );
    expect(new URL(page.url()).pathname).toBe('/inloggen');
    await context.close();
  });

  it('tolerates a build manifest that answers 404 or 403', async () => {
    for (const status of [404, 403]) {
      const { page, context, problems } = await openPortal(stack, { expectFailures: [/latest\.json/] });
      await page.route('**/latest.json*', (route) => route.fulfill({ status, body: '' }));
      await page.goto(stack.url('demo', '/inloggen'));
      await page.getByTestId('login-form').waitFor();
      await mark(page);
      await page.evaluate(() => document.dispatchEvent(new Event('visibilitychange')));
      await page.getByTestId('forgot-password').click();
      await page.getByTestId('recover-form').waitFor();
      expect(await marked(page)).toBe(true);
      expect(problems).toEqual([]);
      await context.close();
    }
  });

  it('loads the page in full when its chunk fails, and shows the error screen when that fails again', async () => {
    const { page, context } = await openPortal(stack, { expectFailures: [/recover-page/] });
    await page.goto(stack.url('demo', '/inloggen'));
    await page.getByTestId('login-form').waitFor();
    await mark(page);
    await page.route('**/assets/recover-page-*.js', (route) => route.abort());
    const documents: string[] = [];
    page.on('request', (r) => r.resourceType() === 'document' && documents.push(new URL(r.url()).pathname));
    await page.getByTestId('forgot-password').click();
    await page.getByTestId('error-screen').waitFor();
    // One full load of the target, then the reload guard (10 s) stops a loop.
    expect(documents).toEqual(['/auth/recover']);
    expect(await marked(page)).toBe(false);
    expect(await page.getByTestId('error-title').textContent()).toBe(nl('errors.generic.title'));
    await page.unroute('**/assets/recover-page-*.js');
    await context.close();
  });
});

describe('keyboard only', () => {
  type TTabWindow = Window & { __tabId: (el: Element | null) => string | null };
  /** Names elements in the page as the test sees them: name, test id, or text. */
  const installTabId = (page: Page) =>
    page.context().addInitScript(() => {
      (window as unknown as TTabWindow).__tabId = (el) =>
        el?.getAttribute('name') ?? el?.getAttribute('data-testid') ?? el?.textContent?.trim() ?? null;
    });

  /**
   * The Tab stops inside `root`, in document order: what Tab visits there when no element has a
   * positive tabindex. The walks below are checked against this list step by step, so the test
   * presses exactly as many keys as the page has stops (no "press up to 20 times and hope").
   */
  const tabStops = (page: Page, root: string) =>
    page.evaluate((selector) => {
      const scope = document.querySelector(selector)!;
      return [...scope.querySelectorAll<HTMLElement>('a[href], button, input, select, textarea, [tabindex]')]
        .filter(
          (el) =>
            el.tabIndex >= 0 &&
            !(el as HTMLButtonElement).disabled &&
            el.checkVisibility({ visibilityProperty: true }),
        )
        .map((el) => (window as unknown as TTabWindow).__tabId(el));
    }, root);

  it('signs in, opens the account menu and signs out without a mouse', async () => {
    const { page, context } = await openPortal(stack, { viewport: DESKTOP });
    await installTabId(page);
    await page.goto(stack.url('raayland', '/inloggen'));
    await page.getByTestId('login-form').waitFor();
    const focused = () =>
      page.evaluate(() => (window as unknown as TTabWindow).__tabId(document.activeElement));
    const walk = async (key: 'Tab' | 'Shift+Tab', stops: (string | null)[]) => {
      for (const stop of stops) {
        await page.keyboard.press(key);
        expect(await focused()).toBe(stop);
      }
    };
    // The first Tab stop is the skip link, which jumps to the content.
    await page.keyboard.press('Tab');
    expect(await focused()).toBe(nl('portal.skipToContent'));
    await page.keyboard.press('Enter');
    await expect.poll(() => page.evaluate(() => document.activeElement?.id)).toBe('main');
    const content = await tabStops(page, '#main');
    await walk('Tab', content.slice(0, content.indexOf('email') + 1));
    await page.keyboard.type(demo('mentor', 'raayland'));
    await walk('Tab', ['password']);
    await page.keyboard.type('stageplein-demo');
    await page.keyboard.press('Enter');
    await page.waitForURL(/\/dashboard$/);
    // Wait for the settled page, not for time: the heading has the focus the form left behind, the
    // account menu (a lazy part) is there, the organization is named and the main menu is loaded.
    await page.getByTestId('dashboard').waitFor();
    await expect.poll(focused).toBe('page-title');
    await page.getByTestId('account-menu').waitFor();
    await page.locator('[data-testid="main-menu"][data-ready="true"]').waitFor();
    await page
      .locator('.dashboard__org-name')
      .filter({ hasNotText: /^School$/ })
      .waitFor();

    // The account menu comes before the heading: Shift+Tab walks back through the header to it.
    const header = await tabStops(page, 'header');
    const back = header.slice(header.indexOf('account-menu')).reverse();
    await walk('Shift+Tab', back);
    await page.keyboard.press('Enter');
    await page.getByTestId('account-menu-panel').waitFor();
    await page.keyboard.press('Escape');
    await page.getByTestId('account-menu-panel').waitFor({ state: 'detached' });
    expect(await focused()).toBe('account-menu');
    await page.keyboard.press('Enter');
    await page.getByTestId('account-menu-panel').waitFor();
    const panel = await tabStops(page, '[data-testid="account-menu-panel"]');
    await walk('Tab', panel.slice(0, panel.indexOf('sign-out') + 1));
    await page.keyboard.press('Enter');
    await page.getByTestId('signed-out').waitFor();
    await context.close();
  });
});

describe('navigation', () => {
  it('scrolls smoothly to the top after each navigation', async () => {
    const { page, context } = await openPortal(stack, { viewport: PHONE });
    await page.goto(stack.url('demo', '/inloggen'));
    await page.getByTestId('login-form').waitFor();
    await page.evaluate(() => window.scrollTo(0, document.body.scrollHeight));
    expect(await page.evaluate(() => window.scrollY)).toBeGreaterThan(100);
    await page
      .getByTestId('footer')
      .getByRole('link', { name: nl('routes.privacy') })
      .click();
    await page.waitForURL(/privacyverklaring/);
    await expect.poll(() => page.evaluate(() => window.scrollY)).toBe(0);
    // Focus moves to the new page's heading (after the 100 ms route-change delay).
    await expect.poll(() => page.evaluate(() => document.activeElement?.tagName)).toBe('H1');
    await context.close();
  });

  it('sends signed-out users to /auth/login-1 and back after signing in', async () => {
    const { page, context } = await openPortal(stack);
    await page.goto(stack.url('demo', '/instellingen'));
    await page.waitForURL(/\/auth\/login-1\?redirect=%2Finstellingen$/);
    await page.getByLabel('E-mailadres').fill(demo('student', 'demo'));
    await page.getByLabel(/^Wachtwoord/).fill('stageplein-demo');
    await page.getByTestId('login-submit').click();
    await page.waitForURL(/\/instellingen$/);
    await page.getByTestId('settings-page').waitFor();
    await context.close();
  });
});

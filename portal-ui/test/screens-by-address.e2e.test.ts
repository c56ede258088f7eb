import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { seedOrganizationId, type TSeedOrganizationKind } from '@stageplein/contracts/domain/seed-ids';
import { translate } from '@stageplein/contracts/i18n/index';
import { matchRoute } from '@stageplein/contracts/routes/route-manifest';
import {
  demo,
  DESKTOP,
  expectAccessible,
  openPortal,
  PHONE,
  shot,
  signIn,
  startStack,
  type TDemo,
  type TPortalPage,
  type TStack,
} from './stack.ts';

/**
 * Issue #30 item 5: every screen opens by its address. For each person the test walks the product as
 * they would — from their start page, every link the screens show, two clicks deep — and reloads each
 * screen it reached: the reloaded screen is the one the click showed, never "Pagina niet gevonden", with
 * no failed request. One screen per route of the manifest (its first link), both apps, in Chromium.
 */
const TENANT = 'oldebroek';
const NOT_FOUND = translate('nl', 'errors.notFound.title');

let stack: TStack;
beforeAll(async () => {
  stack = await startStack();
});
afterAll(async () => stack?.close());

/**
 * Links a walk does not follow: signing out (ends the walk), the sign-in flow, the gallery of the design
 * system (`/dev`, `/test/*`: tools, not the product's screens), file downloads and the API.
 */
const SKIPPED = /^\/(uitloggen|auth\/|inloggen|dev\b|test\/|api\/|_admin\/|assets\/)/;

/** The internal links of the page (hidden ones too: a menu that is closed still navigates). */
function linksOf(page: Page): Promise<string[]> {
  return page.evaluate(() => {
    const out = new Set<string>();
    for (const a of document.querySelectorAll<HTMLAnchorElement>('a[href]')) {
      const url = new URL(a.href, location.href);
      if (url.origin !== location.origin || a.target === '_blank' || a.hasAttribute('download')) continue;
      if (a.getAttribute('href')?.startsWith('#')) continue;
      out.add(url.pathname + url.search);
    }
    return [...out];
  });
}

/** The screen has shown what it shows: a heading, no busy shell, no loading text, no back-office spinner. */
async function settled(page: Page): Promise<void> {
  await page.waitForFunction(
    () =>
      // The back office's heading is there at once and filled when its screen is.
      !!(document.querySelector('main h1') ?? document.querySelector('h1'))?.textContent?.trim() &&
      !document.querySelector(
        '[aria-busy="true"], .RaLoading-root, [role="progressbar"], [data-testid="loading-bar"][data-visible="true"]',
      ) &&
      ![...document.querySelectorAll('[role="status"]')].some((s) =>
        /laden…|bezig met laden/i.test(s.textContent ?? ''),
      ),
    undefined,
    { timeout: 20_000 },
  );
}

/** What identifies the screen: its address, document title and first heading. */
function screen(page: Page) {
  return page.evaluate(() => ({
    path: location.pathname,
    title: document.title,
    heading: (document.querySelector('main h1') ?? document.querySelector('h1'))?.textContent?.trim() ?? '',
    error: document.querySelector('[data-testid="error-screen"]')?.textContent?.trim() ?? '',
  }));
}

type TScreen = Awaited<ReturnType<typeof screen>>;

/** Screens a link led to that showed an error screen (printed after the run: links to fix elsewhere). */
const refusals: string[] = [];
afterAll(() => {
  if (refusals.length) console.warn(`Links to an error screen:\n${refusals.join('\n')}`);
});

/**
 * Clicks the first link to `href` on the page (a closed menu's link too): the app's own navigation.
 * Then waits for the new screen to replace the old one (an app keeps the old screen while it loads
 * the new one's code), as far as its title or heading tell.
 */
async function follow(page: Page, href: string): Promise<boolean> {
  const target = new URL(href, page.url());
  const before = await screen(page);
  const link = page.locator(`a[href="${href}"], a[href="${target.href}"]`).first();
  // A link shown only in a passing state of the page (a list still loading, a toast): not followed.
  if (
    !(await link.waitFor({ state: 'attached', timeout: 10_000 }).then(
      () => true,
      () => false,
    ))
  )
    return false;
  await link.dispatchEvent('click');
  await page.waitForURL((url) => url.pathname === target.pathname);
  await page
    .waitForFunction(
      (old) =>
        document.title !== old.title ||
        (document.querySelector('main h1') ?? document.querySelector('h1'))?.textContent?.trim() !==
          old.heading,
      before,
      { timeout: 30_000 },
    )
    // Two screens may share a title and heading: then the settled screen below is what counts.
    .catch(() => undefined);
  return true;
}

/** Navigated, then reloaded: the same screen, no error screen, no failed request. */
async function expectSameAfterReload(session: TPortalPage, label: string): Promise<TScreen> {
  const { page, problems } = session;
  await settled(page);
  const navigated = await screen(page);
  expect(navigated.heading, `${label}: ${navigated.path} by navigation`).not.toBe(NOT_FOUND);
  // A screen that refuses this person (403) by navigation must refuse alike when reloaded; kept as a
  // finding for the report, the reload's parity is this test's.
  if (navigated.error) refusals.push(`${label}: ${navigated.path}: ${navigated.error}`);
  await page.reload();
  await settled(page);
  // An error screen is compared by what it says (its document title may stay the route's).
  const shownAs = async () => {
    const shown = await screen(page);
    return shown.error ? { ...shown, title: '' } : shown;
  };
  await expect
    .poll(shownAs, { message: `${label}: ${navigated.path} reloaded` })
    .toEqual(navigated.error ? { ...navigated, title: '' } : navigated);
  expect(problems, `${label}: ${navigated.path}\n${problems.join('\n')}`).toEqual([]);
  return navigated;
}

/**
 * Breadth first from the start page, `depth` clicks deep, one screen per manifest route: every screen
 * is reached by a click on the page that links to it, then reloaded. Returns the routes reached.
 */
async function walk(session: TPortalPage, label: string, start: string, depth = 2): Promise<string[]> {
  const { page } = session;
  const reached = new Map<string, string>();
  const routeOf = (path: string) => {
    const route = matchRoute(path)?.route;
    return route ? `${route.owner}:${route.path}` : `none:${path}`;
  };
  await page.goto(stack.url(TENANT, start));
  await expectSameAfterReload(session, label);
  reached.set(routeOf(new URL(page.url()).pathname), new URL(page.url()).pathname);
  let frontier = [new URL(page.url()).pathname + new URL(page.url()).search];
  for (let level = 0; level < depth; level++) {
    const next: string[] = [];
    for (const from of frontier) {
      await page.goto(stack.url(TENANT, from));
      await settled(page);
      const links = (await linksOf(page)).filter((href) => !SKIPPED.test(href));
      for (const href of links) {
        const key = routeOf(new URL(href, page.url()).pathname);
        if (reached.has(key)) continue;
        reached.set(key, href);
        if (new URL(page.url()).pathname + new URL(page.url()).search !== from) {
          await page.goto(stack.url(TENANT, from));
          await settled(page);
        }
        if (!(await follow(page, href))) {
          reached.delete(key);
          continue;
        }
        const shown = await expectSameAfterReload(session, `${label} from ${from}`);
        next.push(shown.path + new URL(page.url()).search);
      }
    }
    frontier = next;
  }
  return [...reached.keys()];
}

/** `who` signed in (at a desk; a student or mentor walks on a phone, as they would). */
async function asPerson(who: TDemo | null, organization?: TSeedOrganizationKind): Promise<TPortalPage> {
  const onPhone = who === 'student' || who === 'mentor';
  const session = await openPortal(stack, { viewport: onPhone ? PHONE : DESKTOP });
  if (!who) return session;
  await signIn(session.page, stack, TENANT, demo(who, TENANT));
  if (organization) {
    const select = session.page.getByTestId('dashboard-organization-select');
    await expect.poll(() => select.locator('option').count()).toBeGreaterThan(1);
    await select.selectOption(seedOrganizationId(TENANT, organization));
  }
  return session;
}

describe('every screen reached by navigation opens again by its address', () => {
  it('for a visitor', async () => {
    const session = await asPerson(null);
    const reached = await walk(session, 'visitor', '/');
    expect(reached).toEqual(expect.arrayContaining(['portal:/', 'portal:/stagebank', 'portal:/:slug?']));
    await session.context.close();
  });

  it('for a student', async () => {
    const session = await asPerson('student');
    const reached = await walk(session, 'student', '/dashboard');
    expect(reached).toEqual(expect.arrayContaining(['portal:/dashboard', 'portal:/stagebank']));
    await session.context.close();
  });

  it('for a mentor', async () => {
    const session = await asPerson('mentor');
    const reached = await walk(session, 'mentor', '/dashboard');
    expect(reached).toEqual(expect.arrayContaining(['portal:/dashboard', 'portal:/stagevoortgang']));
    await session.context.close();
  });

  it('for a company, its draft vacancy’s editor included', async () => {
    const session = await asPerson('bedrijf');
    const reached = await walk(session, 'company', '/dashboard');
    expect(reached).toEqual(expect.arrayContaining(['portal:/vacancies']));
    // The reported one: a draft is only the company's to see, so its editor must wait for the session.
    const { page } = session;
    await page.goto(stack.url(TENANT, '/vacancies'));
    const draft = page
      .getByTestId('own-vacancy')
      .filter({ has: page.getByTestId('vacancy-status').getByText('Concept', { exact: true }) })
      .first();
    await draft.getByRole('link').first().click();
    await page.waitForURL(/\/vacancies\/[^/]+\/edit$/);
    await expectSameAfterReload(session, 'company, draft vacancy');
    await shot(page, 'draft-vacancy-reloaded');
    await expectAccessible(page, 'draft vacancy reloaded');
    await session.context.close();
  });

  it('for a school admin, the back office included', async () => {
    const session = await asPerson('admin', 'school');
    const reached = await walk(session, 'school admin', '/dashboard');
    expect(reached).toEqual(expect.arrayContaining(['portal:/dashboard', 'admin:/beheer']));
    await session.context.close();
  });

  it('for a platform operator, the back office included', async () => {
    const session = await asPerson('admin', 'volunteer-center');
    const reached = await walk(session, 'platform operator', '/dashboard');
    expect(reached).toEqual(expect.arrayContaining(['portal:/dashboard', 'admin:/beheer']));
    await session.context.close();
  });
});

describe('/admin', () => {
  it('sends people to the back office at /beheer', async () => {
    const session = await asPerson('admin', 'school');
    const { page } = session;
    await page.goto(stack.url(TENANT, '/admin'));
    await page.waitForURL((url) => url.pathname === '/beheer');
    await page.getByTestId('appbar-app-name').waitFor();
    const res = await stack.app.inject({ url: '/admin/?x=1', headers: { host: `${TENANT}.localhost` } });
    expect([res.statusCode, res.headers.location]).toEqual([302, '/beheer?x=1']);
    await session.context.close();
  });
});

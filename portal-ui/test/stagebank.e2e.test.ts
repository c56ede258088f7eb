import { readFileSync } from 'node:fs';
import path from 'node:path';
import { gzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { UI_DIRS } from '@stageplein/gateway/ui-dirs';
import { axeViolations } from '@stageplein/testing/browser';
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

/**
 * The internship bank and the vacancy screens (issue #14 item 4) in Chromium: an organization admin
 * writes and publishes a vacancy, a visitor opens it, the map and its fallback, the budget of the
 * bank's first download. This machine has no internet: the tile server of the stack
 * (MAP_TILE_URL) is a host the browser cannot reach unless a test serves it a tile itself.
 */
const TILE_HOST = 'http://tiles.stageplein.test';
// A 1×1 PNG: what a tile server would answer, for the test that shows tiles loading.
const PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAQAAAC1HAwCAAAAC0lEQVR42mNk+A8AAQUBAScY42YAAAAASUVORK5CYII=',
  'base64',
);

let stack: TStack;
beforeAll(async () => {
  stack = await startStack({ env: { MAP_TILE_URL: `${TILE_HOST}/{z}/{x}/{y}.png` } });
});
afterAll(async () => stack?.close());

/** axe on a page with the rich-text editor: everything (its toolbar's glyphs are CSS, not names). */
async function expectAccessibleWithEditor(page: Page, label: string) {
  const violations = await axeViolations(page);
  expect(violations, `${label}: ${JSON.stringify(violations)}`).toEqual([]);
}

/** Tiles unreachable (as without internet, fast): the maps show their fallback. */
async function noTiles(page: Page) {
  await page.route(`${TILE_HOST}/**`, (route) => route.abort('internetdisconnected'));
}

/** Writes and publishes a vacancy as the demo company's admin; returns its id. */
async function publishVacancy(page: Page, title: string): Promise<string> {
  await signIn(page, stack, 'demo', demo('bedrijf', 'demo'));
  await page.goto(stack.url('demo', '/vacancies/add'));
  const form = page.getByTestId('vacancy-form');
  await form.waitFor();
  await form.getByLabel(/^Titel/).fill(title);
  const editor = page.getByTestId('vacancy-description-editor').getByRole('textbox');
  await editor.click();
  await page.keyboard.type('Je helpt mee in de keuken en bij de activiteiten.');
  await form.getByLabel(/^Uren per week/).fill('12');
  await page.getByTestId('vacancy-preview-toggle').click();
  await expect.poll(() => page.getByTestId('vacancy-preview-title').textContent()).toBe(title);
  expect(await page.getByTestId('vacancy-preview').textContent()).toContain('Je helpt mee in de keuken');
  await expectAccessibleWithEditor(page, 'vacancy form with preview');
  await page.getByTestId('vacancy-publish').click();
  await page.waitForURL(/\/vacancies\/[0-9a-f-]{36}$/);
  return page.url().split('/').pop()!;
}

describe('a visitor', () => {
  it('searches by place with a radius, sees the matches on the map, opens one; the search is in the URL', async () => {
    const { page, context, problems } = await openPortal(stack, { viewport: DESKTOP });
    await noTiles(page);
    await page.goto(stack.url('demo', '/stagebank'));
    // The gateway's served page already shows the bank: type only once the app has taken it over.
    await appStarted(page);
    await page.getByTestId('search-near').fill('Zeist');
    await page.getByTestId('search-radius').selectOption('10');
    await page.getByTestId('search-submit').click();
    await page.waitForURL(/near=Zeist&km=10/);
    const cards = page.getByTestId('vacancy-card');
    // The earlier results stay on screen while the new search loads: wait for the answer to the place
    // search, whose cards show their distance.
    await expect
      .poll(async () => {
        const texts = await cards.allTextContents();
        return texts.length > 0 && texts.every((text) => / km/.test(text));
      })
      .toBe(true);
    // Every result lies within the radius (its distance is shown on the card).
    for (const text of await cards.allTextContents()) {
      const km = Number(/([\d.,]+) km/.exec(text)?.[1]?.replace(',', '.'));
      expect(km).toBeLessThanOrEqual(10);
    }
    // The map: markers (or clusters) of every match, on the fallback background with its list.
    const map = page.getByTestId('map');
    await map.waitFor();
    await expect.poll(() => map.getAttribute('data-tiles')).toBe('failed');
    await expect.poll(() => page.locator('.map-marker, .map-cluster').count()).toBeGreaterThan(0);
    const listed = page.getByTestId('map-fallback-list').getByRole('link');
    await expect.poll(() => listed.count()).toBeGreaterThan(0);
    expect(Number(await map.getAttribute('data-markers'))).toBeGreaterThanOrEqual(await cards.count());
    await shot(page, 'stagebank-search');
    await expectAccessible(page, 'stagebank with map');

    // Shared: the same URL opens the same search.
    const shared = page.url();
    const other = await openPortal(stack, { viewport: PHONE });
    await noTiles(other.page);
    await other.page.goto(shared);
    await expect.poll(() => other.page.getByTestId('search-near').inputValue()).toBe('Zeist');
    expect(await other.page.getByTestId('search-radius').inputValue()).toBe('10');
    await expect.poll(() => other.page.getByTestId('vacancy-card').count()).toBe(await cards.count());
    expect(await other.page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(
      PHONE.width,
    );
    await expectAccessible(other.page, 'stagebank on a phone');
    await other.context.close();

    const title = (await cards.first().getByRole('link').textContent())!;
    await cards.first().getByRole('link').click();
    await page.waitForURL(/\/vacancies\/[0-9a-f-]{36}$/);
    await expect.poll(() => page.getByTestId('page-title').textContent()).toBe(title);
    await page.getByTestId('vacancy-apply').waitFor();
    expect(problems).toEqual([]);
    await context.close();
  });
});

describe('a visitor filtering by level and tag', () => {
  it('chooses a level: the URL and the results change, to as many as the level’s count', async () => {
    const { page, context, problems } = await openPortal(stack, { viewport: PHONE });
    await page.goto(stack.url('demo', '/stagebank'));
    // The gateway's served page already shows the bank: type only once the app has taken it over.
    await appStarted(page);
    // A phone's filters are behind their button (the results come first).
    await page.getByTestId('filters-toggle').click();
    const level = page.getByLabel('Niveau', { exact: true });
    const tag = page.getByLabel('Tag', { exact: true });
    // The levels and tags of the matches, named by the School's catalogue, with their counts.
    await expect.poll(() => level.locator('option').count()).toBeGreaterThan(1);
    expect(await level.locator('option').first().textContent()).toBe('Alle niveaus');
    expect(await tag.locator('option').first().textContent()).toBe('Alle tags');
    expect(await tag.locator('option').allTextContents()).toContainEqual(
      expect.stringMatching(/^Techniek \(\d+\)$/),
    );
    const count = page.getByTestId('stagebank-count');
    const before = await count.textContent();
    const havo = level.locator('option', { hasText: /^havo \(\d+\)$/ });
    const [, n] = /\((\d+)\)/.exec((await havo.textContent())!)!;
    await level.selectOption({ label: (await havo.textContent())! });
    await page.waitForURL(/[?&]level=[0-9a-f-]{36}/);
    await expect.poll(() => count.textContent()).toBe(`${n} vacatures gevonden`);
    expect(await count.textContent()).not.toBe(before);
    expect(await level.inputValue()).toBe(new URL(page.url()).searchParams.get('level'));
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(PHONE.width);
    await expectAccessible(page, 'stagebank filtered by level');
    // Back to every level.
    await level.selectOption({ label: 'Alle niveaus' });
    await expect.poll(() => count.textContent()).toBe(before);
    expect(new URL(page.url()).searchParams.has('level')).toBe(false);
    expect(problems).toEqual([]);
    await context.close();
  });
});

describe('an organization admin', () => {
  it('writes a vacancy with the rich-text editor, previews and publishes it; a visitor opens it', async () => {
    const { page, context, problems } = await openPortal(stack, { viewport: DESKTOP });
    await noTiles(page);
    const title = `Zorgstage ${Date.now()}`;
    const id = await publishVacancy(page, title);
    await expect.poll(() => page.getByTestId('page-title').textContent()).toBe(title);
    // It is in the bank: found by its title, and among the organization's own vacancies.
    await page.goto(stack.url('demo', `/stagebank?q=${encodeURIComponent(title)}`));
    await expect.poll(() => page.getByTestId('vacancy-card').first().textContent()).toContain(title);
    await page.goto(stack.url('demo', '/vacancies'));
    const own = page.getByTestId('own-vacancy').filter({ hasText: title });
    await expect.poll(() => own.getByTestId('vacancy-status').textContent()).toBe('Gepubliceerd');
    await expectAccessible(page, 'own vacancies');

    // Its contact person: the organization's people (GET /vacancies/{id}/people, the internships' rule).
    await page.goto(stack.url('demo', `/vacancies/${id}/edit`));
    const contact = page.getByTestId('vacancy-form').getByLabel(/^Contactpersoon/);
    await contact.waitFor();
    await expect.poll(() => contact.locator('option').count()).toBeGreaterThan(1);
    expect(await contact.locator('option').first().textContent()).toBe('Niemand gekozen');
    const chosen = await contact.locator('option').nth(1).getAttribute('value');
    await contact.selectOption(chosen!);
    await page.getByTestId('vacancy-save').click();
    await expect.poll(() => page.getByText('Vacature opgeslagen').count()).toBeGreaterThan(0);
    await page.reload();
    await expect
      .poll(() =>
        page
          .getByTestId('vacancy-form')
          .getByLabel(/^Contactpersoon/)
          .inputValue(),
      )
      .toBe(chosen);
    await expectAccessibleWithEditor(page, 'vacancy editor with its contact person');
    expect(problems).toEqual([]);
    await context.close();

    // A visitor (signed out) on a phone: the vacancy, its organization, the map's fallback, sign in to apply.
    const visitor = await openPortal(stack, { viewport: PHONE });
    await noTiles(visitor.page);
    await visitor.page.goto(stack.url('demo', `/vacancies/${id}`));
    await expect.poll(() => visitor.page.getByTestId('page-title').textContent()).toBe(title);
    expect(await visitor.page.getByTestId('vacancy-description').textContent()).toContain('keuken');
    expect(await visitor.page.getByTestId('vacancy-organization').textContent()).toBeTruthy();
    const staticMap = visitor.page.getByTestId('static-map');
    if (await staticMap.count()) {
      await expect.poll(() => staticMap.getAttribute('data-tiles')).toBe('failed');
      await visitor.page.getByTestId('static-map-fallback').waitFor();
    }
    expect(await visitor.page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(
      PHONE.width,
    );
    await shot(visitor.page, 'vacancy-visitor');
    await expectAccessible(visitor.page, 'vacancy page');
    await visitor.page.getByTestId('vacancy-sign-in').click();
    await visitor.page.waitForURL(/\/auth\/login-1\?redirect=%2Fvacancies%2F/);
    expect(visitor.problems).toEqual([]);
    await visitor.context.close();
  });

  it('is refused the vacancy screens when not an admin (a student gets the 403 screen)', async () => {
    const { page, context } = await openPortal(stack, { viewport: DESKTOP, expectFailures: [/./] });
    await signIn(page, stack, 'demo', demo('student', 'demo'));
    await page.goto(stack.url('demo', '/vacancies/add'));
    await page.getByTestId('error-screen').waitFor();
    expect(await page.getByTestId('vacancy-form').count()).toBe(0);
    await context.close();
  });
});

describe('the static map', () => {
  it('shows the tiles when the tile server answers', async () => {
    const { page, context, problems } = await openPortal(stack, { viewport: DESKTOP });
    await noTiles(page);
    const id = await publishVacancy(page, `Tegelstage ${Date.now()}`);
    await page.unroute(`${TILE_HOST}/**`);
    await page.route(`${TILE_HOST}/**`, (route) => route.fulfill({ contentType: 'image/png', body: PNG }));
    await page.goto(stack.url('demo', `/vacancies/${id}`));
    const staticMap = page.getByTestId('static-map');
    await staticMap.waitFor();
    await expect.poll(() => staticMap.getAttribute('data-tiles')).toBe('ok');
    expect(await staticMap.locator('img').count()).toBeGreaterThan(1);
    expect(await staticMap.textContent()).toContain('OpenStreetMap');
    expect(problems).toEqual([]);
    await context.close();
  });

  it('the tile server is the deployment’s setting, in the page and allowed by the CSP', async () => {
    const res = await stack.app.inject({ url: '/stagebank', headers: { host: 'demo.localhost' } });
    expect(res.body).toContain(`<meta name="stageplein-map-tiles" content="${TILE_HOST}/{z}/{x}/{y}.png">`);
    expect(String(res.headers['content-security-policy'])).toMatch(
      /img-src 'self' data: blob: http:\/\/tiles\.stageplein\.test/,
    );
  });
});

describe('the bank’s first download', () => {
  const scriptsOf = (page: Page) => {
    const scripts: string[] = [];
    page.on('response', (r) => {
      if (r.request().resourceType() === 'script') scripts.push(new URL(r.url()).pathname);
    });
    return scripts;
  };
  const gzipOf = (files: string[]) =>
    files.reduce(
      (sum, file) => sum + gzipSync(readFileSync(path.join(UI_DIRS.portal, file)), { level: 6 }).length,
      0,
    );
  const isMapCode = (file: string) => /\/(map-view|map-model)-/.test(file);

  it('keeps /stagebank’s initial JavaScript within 170 kB gzip; the map is a later chunk', async () => {
    const { page, context } = await openPortal(stack, { viewport: PHONE, expectFailures: [/./] });
    await noTiles(page);
    const scripts = scriptsOf(page);
    await page.goto(stack.url('demo', '/stagebank'), { waitUntil: 'networkidle' });
    await page.getByTestId('stagebank').waitFor();
    // A phone shows the list first: no map code at all.
    expect(scripts.filter(isMapCode)).toEqual([]);
    const initial = gzipOf(scripts);
    expect(initial).toBeLessThanOrEqual(170 * 1024);

    // The map, when asked for, comes as its own chunk.
    await page.getByTestId('view-toggle').getByRole('button', { name: 'Kaart' }).click();
    await page.getByTestId('map').waitFor();
    expect(scripts.filter(isMapCode).length).toBeGreaterThan(0);
    expect(new URL(page.url()).searchParams.get('view')).toBe('map');
    await context.close();
  });
});

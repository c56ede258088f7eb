import { readFile } from 'node:fs/promises';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eventually } from '@stageplein/testing/eventually';
import type { TSchoolAnalyticsDocument } from '@stageplein/contracts/placements/analytics';
import {
  demo,
  DESKTOP,
  expectAccessible,
  openPortal,
  PHONE,
  shot,
  apiAs,
  signIn,
  signInSchoolAdmin,
  startStack,
  type TStack,
} from './stack.ts';

/**
 * Analytics (issue #37) in Chromium on the real stack, over the read models the seeds' events fed:
 * the school admin opens `/analytics` from the dashboard tile, drills down from an action number to the
 * students behind it (as many rows as the number says) and from the status chart's table to the
 * internships behind a bar, and opens one; on a phone and on a desktop; axe on both analytics pages.
 */
const TENANT = 'demo';

let stack: TStack;
/** One word wider than the axis leaves a phone (Recharts wraps at spaces only): cut to fit, never clipped. */
const LONG_GROUP = 'Zorgtechnologieopleidingsgroep';
/** The period the seeded self-found place (the demo student's bakery) is counted in. */
let selfFoundPeriod: string;

beforeAll(async () => {
  stack = await startStack();
  // The seeded group 3B gets a long one-word name, and analytics shows it before the tests start.
  const school = await apiAs(stack.app, TENANT, 'admin', 'school');
  const groups = await school.get<{ data: { id: string; type: string; attributes: { name: string } }[] }>(
    '/api/v1/groups?page[size]=100',
  );
  const group = groups.body.data.find((g) => g.attributes.name === '3B')!;
  const renamed = await school.send('PATCH', `/api/v1/groups/${group.id}`, {
    data: { type: group.type, id: group.id, attributes: { name: LONG_GROUP } },
  });
  expect(renamed.status).toBe(200);
  await eventually(async () => {
    const { body } = await school.get<{ data: { attributes: { by_group: { name: string }[] } } }>(
      '/api/v1/analytics/school',
    );
    expect(body.data.attributes.by_group.map((g) => g.name)).toContain(LONG_GROUP);
  });
  // The seeds' self-found internship starts six weeks ahead: whichever period that falls in today.
  const { body: current } = await school.get<TSchoolAnalyticsDocument>('/api/v1/analytics/school');
  for (const { id } of current.meta.options.periods) {
    const { body } = await school.get<TSchoolAnalyticsDocument>(`/api/v1/analytics/school?period_id=${id}`);
    if (body.data.attributes.by_organization.some((o) => o.self_found)) selfFoundPeriod = id;
  }
  expect(selfFoundPeriod).toBeDefined();
});
afterAll(async () => stack?.close());

const number = async (page: Page, metric: string) =>
  Number(await page.getByTestId(`analytics-number-${metric}`).textContent());

/** Every chart's category labels lie inside its drawing (none clipped at the left edge, issue #37.4). */
async function expectAxisLabelsInside(page: Page) {
  // The charts draw once their container has been measured.
  const ticks = page.locator('.recharts-yAxis-tick-labels .recharts-cartesian-axis-tick-value');
  await expect.poll(() => ticks.count()).toBeGreaterThan(0);
  const outside = await page.evaluate(() =>
    [...document.querySelectorAll('.recharts-wrapper svg')].flatMap((svg) => {
      const edge = svg.getBoundingClientRect().left;
      return [...svg.querySelectorAll('.recharts-yAxis-tick-labels .recharts-cartesian-axis-tick-value')]
        .filter((text) => text.getBoundingClientRect().left < edge - 0.5)
        .map((text) => text.textContent);
    }),
  );
  expect(outside).toEqual([]);
}

/**
 * The page's title lies below the sticky header, not under it (its top at or below the header's bottom).
 * Polled: the route change scrolls to the top smoothly.
 */
async function expectTitleClearOfHeader(page: Page) {
  await expect
    .poll(() =>
      page.evaluate(() => {
        const header = document.querySelector('.site-header')!.getBoundingClientRect();
        const title = document.querySelector('#main h1')!.getBoundingClientRect();
        return title.top - header.bottom;
      }),
    )
    .toBeGreaterThanOrEqual(0);
}

async function drillDown(page: Page, label: string) {
  // From the dashboard's tile, as a school admin finds it.
  await page.goto(stack.url(TENANT, '/dashboard'));
  await page.getByTestId('dashboard-tiles').locator('a[href="/analytics"]').click();
  await page.getByTestId('analytics-actions').waitFor();
  await expectTitleClearOfHeader(page);
  // The seeded classmates (Lotte, Daan, Noor) have no internship: never zero.
  const without = await number(page, 'without_placement');
  expect(without).toBeGreaterThanOrEqual(3);
  await expectAccessible(page, `${label}: /analytics`);
  await expectAxisLabelsInside(page);
  await shot(page, `analytics-school-${label}`);
  // The tenant's organizations by type and region (the seeded demo company in Utrecht among them).
  const organizations = page.getByTestId('analytics-chart-organizations');
  await organizations.getByRole('button', { name: 'Toon als tabel' }).click();
  expect(await organizations.locator('thead th').allTextContents()).toContain('Stagebieder');
  expect(await organizations.locator('tbody th').allTextContents()).toContain('Utrecht');
  await organizations.getByRole('button', { name: 'Toon als grafiek' }).click();

  await page.getByRole('button', { name: 'Bekijk: Leerlingen zonder stageplek' }).click();
  const drill = page.getByTestId('analytics-drill');
  await drill.getByTestId('analytics-rows').waitFor();
  expect(await drill.getByTestId('analytics-drill-count').textContent()).toBe(
    without === 1 ? '1 rij' : `${without} rijen`,
  );
  expect(await drill.getByTestId('analytics-row').count()).toBe(Math.min(without, 25));
  expect(await drill.getByTestId('analytics-rows').textContent()).toContain('Lotte');
  expect(new URL(page.url()).searchParams.get('metric')).toBe('without_placement');
  // The rows as a CSV file the browser saves under the metric's name.
  const [csv] = await Promise.all([
    page.waitForEvent('download'),
    drill.getByRole('button', { name: 'Download als CSV' }).click(),
  ]);
  expect(csv.suggestedFilename()).toBe('analyses-without_placement.csv');
  expect(await readFile((await csv.path())!, 'utf8')).toContain('Lotte');
  await expectAccessible(page, `${label}: drill-down`);
  // The clicks above scrolled the window, and a full-page screenshot draws the sticky header where the
  // window is (over the title): from the top, the screenshot shows the page as it lies.
  await page.evaluate(() => window.scrollTo({ top: 0, behavior: 'instant' }));
  await shot(page, `analytics-drill-${label}`);

  // A reload shows the same rows (the drill-down is the address), the title still clear of the header.
  await page.reload();
  await page.getByTestId('analytics-drill').getByTestId('analytics-rows').waitFor();
  await expectTitleClearOfHeader(page);

  // The status chart's table view: each status opens the internships behind its bar.
  const chart = page.getByTestId('analytics-chart-status');
  await chart.getByRole('button', { name: 'Toon als tabel' }).click();
  const first = chart.locator('tbody th button').first();
  const status = (await first.textContent())!.trim();
  const count = Number(await chart.locator('tbody tr').first().locator('td').first().textContent());
  await first.click();
  await expect.poll(() => drill.locator('h2').textContent()).toContain(status);
  await expect
    .poll(() => drill.getByTestId('analytics-drill-count').textContent())
    .toBe(count === 1 ? '1 rij' : `${count} rijen`);
  await expectAccessible(page, `${label}: status table and its internships`);
  const link = drill.getByTestId('analytics-row').first().locator('th a');
  const href = await link.getAttribute('href');
  expect(href).toMatch(/^\/internships\/[0-9a-f-]{36}$/);
  await link.click();
  await page.waitForURL((url) => url.pathname === href);
}

/** A self-found place's row says so, and opens that place's internships (issue #37 audit). */
async function selfFoundPlace(page: Page) {
  await page.goto(stack.url(TENANT, `/analytics?period_id=${selfFoundPeriod}`));
  const chart = page.getByTestId('analytics-chart-organization');
  await chart.getByRole('button', { name: 'Toon als tabel' }).click();
  const place = chart.locator('tbody tr', { hasText: 'Bakkerij Jansen (zelf gevonden)' });
  const count = Number(await place.locator('td').first().textContent());
  expect(count).toBeGreaterThanOrEqual(1);
  await place.locator('th button').click();
  const drill = page.getByTestId('analytics-drill');
  await expect
    .poll(() => drill.locator('h2').textContent())
    .toBe('Achter het getal: Stages bij Bakkerij Jansen (zelf gevonden)');
  await expect
    .poll(() => drill.getByTestId('analytics-drill-count').textContent())
    .toBe(count === 1 ? '1 rij' : `${count} rijen`);
  expect(await drill.getByTestId('analytics-row').allTextContents()).toEqual(
    Array.from({ length: count }, () => expect.stringContaining('Bakkerij Jansen')),
  );
  await expectAccessible(page, 'organization table and a self-found place');
}

describe('analytics', () => {
  it('a school admin drills down on a desktop', async () => {
    const portal = await openPortal(stack, { viewport: DESKTOP });
    const { page } = portal;
    try {
      await signInSchoolAdmin(page, stack, TENANT);
      await drillDown(page, 'desktop');
      await selfFoundPlace(page);
      expect(portal.problems).toEqual([]);
    } finally {
      await portal.context.close();
    }
  });

  it('a school admin drills down on a phone', async () => {
    const portal = await openPortal(stack, { viewport: PHONE });
    const { page } = portal;
    try {
      await signInSchoolAdmin(page, stack, TENANT);
      await drillDown(page, 'phone');
      // Nothing wider than the phone (tables scroll inside their frame).
      await page.goBack();
      await page.getByTestId('analytics-actions').waitFor();
      expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(
        PHONE.width,
      );
      expect(portal.problems).toEqual([]);
    } finally {
      await portal.context.close();
    }
  });

  it("the organization's view in English on a phone, and the school view refused to it", async () => {
    const portal = await openPortal(stack, { viewport: PHONE, locale: 'en-GB' });
    const { page } = portal;
    try {
      await signIn(page, stack, TENANT, demo('bedrijf', TENANT));
      await page.goto(stack.url(TENANT, '/analytics/index-2'));
      await page.getByTestId('analytics-org-totals').waitFor();
      expect(await page.getByTestId('page-title').textContent()).toBe("Your organization's analytics");
      await expectAccessible(page, '/analytics/index-2');
      await shot(page, 'analytics-organization-phone-en');
      await page.goto(stack.url(TENANT, '/analytics'));
      await expect
        .poll(() => page.getByTestId('analytics-school').textContent())
        .toContain('These figures are for admins of an approved school.');
      expect(portal.problems).toEqual([]);
    } finally {
      await portal.context.close();
    }
  });
});

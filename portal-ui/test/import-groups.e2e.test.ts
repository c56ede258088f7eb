import { describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { translate } from '@stageplein/contracts/i18n/index';
import { TENANTS } from '@stageplein/contracts/tenants/tenant-registry';
import { apiAs, demo, DESKTOP, expectAccessible, openPortal, shot, signIn } from './stack.ts';
import { magisterStack } from './magister-stack.ts';

/**
 * `/import_groups` end to end on a desktop: the real stack with a Temporal dev server and the in-process
 * worker, and a local stand-in of a school's Magister (an external system we do not run:
 * @stageplein/testing/magister-stand-in). A school admin previews the classes a CSV or Magister
 * holds (which are new, nothing written), confirms, and follows the import to its end.
 */
const setup = magisterStack({ students: 12, offset: 600 });

const TENANT = 'demo';
const nl = (key: string, vars?: Record<string, string | number>) => translate('nl', key, vars);

/** Two students in a class the school lacks (5E), one in its 3A. */
const CSV = [
  'Voornaam;Achternaam;E-mailadres;Leerlingnummer;Klas;Niveau',
  'Gijs;Groep;gijs.groep@demo.test;LL950001;5E;havo',
  'Hanna;Groep;hanna.groep@demo.test;LL950002;5E;havo',
  'Ida;Groep;ida.groep@demo.test;LL950003;3A;',
].join('\r\n');

/** The preview's classes as the table shows them: name → whether the school has it. */
const previewed = async (page: Page) => {
  const rows = page.getByTestId('groups-table').locator('tbody tr');
  const out: Record<string, string | null> = {};
  for (const row of await rows.all())
    out[(await row.getAttribute('data-group')) ?? ''] = await row.getAttribute('data-exists');
  return out;
};

describe('a school admin on a desktop', () => {
  it('previews the classes of a CSV, confirms, and sees the import complete', async () => {
    // Not connected to Magister yet: the 404 the page reads as "CSV only".
    const { page, context, problems } = await openPortal(setup.stack, {
      viewport: DESKTOP,
      expectFailures: [/\/api\/v1\/imports\/magister\/connection$/],
    });
    await signIn(page, setup.stack, TENANT, demo('admin', TENANT));
    await page.goto(setup.stack.url(TENANT, '/import_groups'));
    await page.getByTestId('groups-form').waitFor();
    expect(await page.title()).toBe(`${nl('routes.imports.groups')} - ${TENANTS.demo.appName}`);
    await expectAccessible(page, 'group import form');

    await page
      .locator('input[type="file"]')
      .setInputFiles({ name: 'klassen.csv', mimeType: 'text/csv', buffer: Buffer.from(CSV) });
    await page.getByTestId('groups-preview').click();
    await page.getByTestId('groups-preview-result').waitFor();
    expect(await previewed(page)).toEqual({ '5E': 'false', '3A': 'true' });
    expect(await page.getByTestId('groups-preview-result').textContent()).toContain(
      nl('portal.imports.groups.summary', { groups: 2, fresh: 1, students: 3 }),
    );
    await shot(page, 'demo-import-groups-preview');
    await expectAccessible(page, 'group import preview');

    await page.getByTestId('groups-confirm').click();
    await page.waitForURL(/\/import_groups\?import=[0-9a-f-]{36}$/);
    const status = page.getByTestId('import-status');
    await expect.poll(() => status.getAttribute('data-status'), { timeout: 90_000 }).toBe('completed');
    const count = (k: string) => status.locator(`[data-count="${k}"]`).textContent();
    expect(await count('created')).toBe('3');
    expect(await page.getByTestId('import-progress').getAttribute('aria-valuenow')).toBe('100');
    await shot(page, 'demo-import-groups-done');
    await expectAccessible(page, 'group import done');

    // The class is there now: a second preview of the same file calls both known.
    await page.goto(setup.stack.url(TENANT, '/import_groups'));
    await page
      .locator('input[type="file"]')
      .setInputFiles({ name: 'klassen.csv', mimeType: 'text/csv', buffer: Buffer.from(CSV) });
    await page.getByTestId('groups-preview').click();
    await page.getByTestId('groups-preview-result').waitFor();
    expect(await previewed(page)).toEqual({ '5E': 'true', '3A': 'true' });
    expect(problems).toEqual([]);
    await context.close();
  });

  it('previews the classes of Magister, confirms, and follows the progress to the end (mentors linked)', async () => {
    const api = await apiAs(setup.stack.app, TENANT, 'admin', 'school');
    const put = await api.send('PUT', '/api/v1/imports/magister/connection', {
      data: {
        type: 'magister_connection',
        attributes: {
          base_url: setup.magister.url,
          client_id: setup.magister.clientId,
          client_secret: setup.magister.clientSecret,
          nightly: false,
        },
      },
    });
    expect(put.status).toBe(200);
    const { page, context, problems } = await openPortal(setup.stack, { viewport: DESKTOP });
    await signIn(page, setup.stack, TENANT, demo('admin', TENANT));
    await page.goto(setup.stack.url(TENANT, '/import_groups'));
    await page.getByLabel(nl('portal.imports.groups.fromMagister'), { exact: true }).check();
    await page.getByTestId('groups-preview').click();
    await page.getByTestId('groups-preview-result').waitFor();
    expect(await previewed(page)).toEqual({ '1A': 'false', '2B': 'false', '3C': 'false', '4D': 'false' });
    await expectAccessible(page, 'group import preview from Magister');

    // Magister asks us to wait 3 s first (429 + Retry-After): the import is seen running, then done.
    setup.magister.faults.push({ status: 429, retryAfter: '3' });
    await page.getByTestId('groups-confirm').click();
    await page.waitForURL(/\/import_groups\?import=[0-9a-f-]{36}$/);
    const status = page.getByTestId('import-status');
    await expect.poll(() => status.getAttribute('data-status'), { timeout: 30_000 }).toBe('running');
    await page.getByTestId('import-progress').waitFor();
    await shot(page, 'demo-import-groups-running');
    await expectAccessible(page, 'group import running');
    await expect.poll(() => status.getAttribute('data-status'), { timeout: 90_000 }).toBe('completed');
    const count = (k: string) => status.locator(`[data-count="${k}"]`).textContent();
    expect(await count('created')).toBe('12');
    // The four class mentors, new accounts, each linked with the three students of their class.
    expect(await count('mentors-named')).toBe('4');
    expect(await count('mentors-created')).toBe('4');
    expect(await count('mentors-links_added')).toBe('12');
    expect(await page.getByTestId('import-counts').textContent()).toContain(
      nl('portal.imports.mentorCounts.links_added'),
    );
    await shot(page, 'demo-import-groups-magister-done');
    await expectAccessible(page, 'group import from Magister done');
    expect(problems).toEqual([]);
    await context.close();
  });
});

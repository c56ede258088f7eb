import { describe, expect, it } from 'vitest';
import { translate } from '@stageplein/contracts/i18n/index';
import { TENANTS } from '@stageplein/contracts/tenants/tenant-registry';
import { magisterRoster } from '@stageplein/testing/magister-stand-in';
import { demo, DESKTOP, expectAccessible, openPortal, PHONE, shot, signIn } from './stack.ts';
import { magisterStack } from './magister-stack.ts';

/**
 * `/importeren/magister` end to end: the real stack with a Temporal dev server and the in-process worker,
 * and a local stand-in of a school's Magister (an external system we do not run; it serves the roster
 * interface's shape: @stageplein/testing/magister-stand-in). Chromium, a school admin connecting,
 * importing, following the progress and reading what changed.
 */
const setup = magisterStack({ students: 24, offset: 700 });

const TENANT = 'demo';
const nl = (key: string, vars?: Record<string, string | number>) => translate('nl', key, vars);
const en = (key: string, vars?: Record<string, string | number>) => translate('en', key, vars);

describe('a school admin', () => {
  it('connects Magister, imports with progress, then sees what changed: new, changed, left the school', async () => {
    // Before it is connected the school has no connection: the 404 the page reads as "not yet".
    const { page, context, problems } = await openPortal(setup.stack, {
      viewport: DESKTOP,
      expectFailures: [/\/api\/v1\/imports\/magister\/connection$/],
    });
    await signIn(page, setup.stack, TENANT, demo('admin', TENANT));
    await page.goto(setup.stack.url(TENANT, '/importeren/magister'));
    await page.getByTestId('magister-connection').waitFor();
    expect(await page.title()).toBe(`${nl('routes.imports.magister')} - ${TENANTS.demo.appName}`);
    await expectAccessible(page, 'magister connection form');

    await page.getByLabel(new RegExp(`^${nl('portal.imports.magister.baseUrl')}`)).fill(setup.magister.url);
    await page
      .getByLabel(new RegExp(`^${nl('portal.imports.magister.clientId')}`))
      .fill(setup.magister.clientId);
    await page
      .getByLabel(new RegExp(`^${nl('portal.imports.magister.clientSecret')}`))
      .fill(setup.magister.clientSecret);
    await page.getByTestId('magister-save').click();
    await page.getByTestId('magister-saved').waitFor();
    // The secret is not shown again; the field says one is stored.
    const secret = page.getByLabel(new RegExp(`^${nl('portal.imports.magister.clientSecret')}`));
    expect(await secret.inputValue()).toBe('');
    await page.getByText(nl('portal.imports.magister.secretKept')).waitFor();
    await shot(page, 'demo-magister-connected');

    // Magister asks us to wait 3 s first (429 + Retry-After): the import is seen running, then done.
    setup.magister.faults.push({ status: 429, retryAfter: '3' });
    await page.getByTestId('magister-import').click();
    await page.waitForURL(/\/importeren\/magister\?import=[0-9a-f-]{36}$/);
    const status = page.getByTestId('import-status');
    await expect.poll(() => status.getAttribute('data-status'), { timeout: 30_000 }).toBe('running');
    await page.getByTestId('import-progress').waitFor();
    await expectAccessible(page, 'magister import running');
    await shot(page, 'demo-magister-running');
    await expect.poll(() => status.getAttribute('data-status'), { timeout: 90_000 }).toBe('completed');
    const count = (k: string) => status.locator(`[data-count="${k}"]`).textContent();
    expect(await count('created')).toBe('24');
    expect(await count('left')).toBe('0');
    const changes = page.getByTestId('import-changes').locator('tbody tr');
    await expect.poll(() => changes.count()).toBe(24);
    expect(await changes.first().textContent()).toContain(nl('portal.imports.changes.created'));

    // At the school: two left, one changed name, one new.
    const roster = magisterRoster(24, { offset: 700, domain: 'magister.test' });
    roster.students.splice(4, 2);
    roster.students[0] = { ...roster.students[0]!, roepnaam: 'Fenna' };
    roster.students.push(magisterRoster(1, { offset: 800, domain: 'magister.test' }).students[0]!);
    Object.assign(setup.magister, roster);
    const first = page.url();
    await page.getByTestId('magister-import').click();
    await page.waitForURL((url) => url.toString() !== first && /\?import=/.test(url.toString()));
    await expect.poll(() => status.getAttribute('data-status'), { timeout: 90_000 }).toBe('completed');
    // All four at once, with the import's address: a failure shows the whole outcome, not its first number.
    const outcome = async () =>
      Object.fromEntries(
        await Promise.all(['created', 'updated', 'left', 'unchanged'].map(async (k) => [k, await count(k)])),
      );
    expect({ import: page.url(), ...(await outcome()) }).toEqual({
      import: page.url(),
      created: '1',
      updated: '1',
      left: '2',
      unchanged: '21',
    });
    await expect.poll(() => changes.count()).toBe(4);
    const byChange = async (change: string) =>
      page.getByTestId('import-changes').locator(`tbody tr[data-change="${change}"]`).allTextContents();
    expect(await byChange('left')).toEqual([
      expect.stringContaining('leerling704@magister.test'),
      expect.stringContaining('leerling705@magister.test'),
    ]);
    expect((await byChange('left'))[0]).toContain(nl('portal.imports.changes.left'));
    expect(await byChange('updated')).toEqual([expect.stringContaining('Fenna')]);
    expect(await byChange('created')).toEqual([expect.stringContaining('leerling800@magister.test')]);
    await shot(page, 'demo-magister-changes');
    await expectAccessible(page, 'magister changes report');
    expect(problems).toEqual([]);
    await context.close();
  });

  it('reads the same report in English on a phone', async () => {
    const { page, context, problems } = await openPortal(setup.stack, { viewport: PHONE, locale: 'en' });
    await signIn(page, setup.stack, TENANT, demo('admin', TENANT));
    await page.goto(setup.stack.url(TENANT, '/importeren/magister'));
    await page.getByTestId('magister-connection').waitFor();
    await page.getByText(en('portal.imports.magister.secretKept')).waitFor();
    await page.getByTestId('magister-import').click();
    const status = page.getByTestId('import-status');
    await expect.poll(() => status.getAttribute('data-status'), { timeout: 90_000 }).toBe('completed');
    // Nothing changed since: said so.
    await page.getByTestId('import-no-changes').waitFor();
    expect(await page.getByTestId('import-no-changes').textContent()).toBe(en('portal.imports.noChanges'));
    expect(
      await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth),
    ).toBeLessThanOrEqual(0);
    await shot(page, 'demo-magister-unchanged-en');
    await expectAccessible(page, 'magister unchanged (en, phone)');
    expect(problems).toEqual([]);
    await context.close();
  });
});

import { readFile } from 'node:fs/promises';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { translate } from '@stageplein/contracts/i18n/index';
import { TENANTS } from '@stageplein/contracts/tenants/tenant-registry';
import {
  DEV_DEMO_STUDENT_NUMBER,
  devMagisterClient,
  seedDevMagisterConnections,
  startDevMagister,
  type TMagisterStandIn,
} from '@stageplein/testing/magister-stand-in';
import {
  apiAs,
  DESKTOP,
  expectAccessible,
  openPortal,
  PHONE,
  shot,
  signInSchoolAdmin,
  startStack,
  type TStack,
} from './stack.ts';

/**
 * `/terugschrijven` end to end (issue #36 item 4): the real stack with a Temporal dev server and the
 * in-process worker, and `npm start`'s Magister stand-in with its seeded connection and the demo student's
 * student number (infra/stack/src/dev-magister.ts; Magister is an external system we do not run). A school
 * admin in Chromium on a desktop finds it on the dashboard, previews the period's completed internship,
 * sends it to Magister (refused while Magister does not know the student, then sent, then sent before)
 * and makes the import file. Another tenant's school, without a Magister connection, on a phone in
 * English: the file is its only way, said before anything is chosen, and no request fails.
 */
const TENANT = 'demo';
let stack: TStack;
let magister: TMagisterStandIn;
beforeAll(async () => {
  magister = await startDevMagister([TENANT], 0);
  stack = await startStack({ workflows: true, env: { MAGISTER_HOSTS: '127.0.0.1' } });
  await seedDevMagisterConnections(stack.platform.ownerUrl, {
    url: magister.url,
    tenants: [TENANT],
    authSecret: stack.platform.config.AUTH_TOKEN_SECRET,
  });
});
afterAll(async () => {
  await stack?.close();
  await magister?.close();
});

const nl = (key: string, vars?: Record<string, string | number>) => translate('nl', key, vars);
const en = (key: string, vars?: Record<string, string | number>) => translate('en', key, vars);

describe('a school admin', () => {
  it('previews, sends to Magister with a report per internship, and downloads the import file', async () => {
    // The seeded completed internship of the demo student and its period.
    const admin = await apiAs(stack.app, TENANT, 'admin', 'school');
    const { body } = await admin.get<{
      data: {
        id: string;
        attributes: { organization_name: string };
        relationships: { internship_period: { data: { id: string } } };
      }[];
    }>('/api/v1/internships?filter[status_eq]=completed');
    expect(body.data).toHaveLength(1);
    const internship = body.data[0]!;
    const periodId = internship.relationships.internship_period.data.id;

    const { page, context, problems } = await openPortal(stack, { viewport: DESKTOP });
    await signInSchoolAdmin(page, stack, TENANT);
    await page.locator('[data-tile="writeBack"]').click();
    await page.waitForURL(/\/terugschrijven$/);
    await page.getByTestId('write-back-page').waitFor();
    expect(await page.title()).toBe(`${nl('routes.imports.writeBack')} - ${TENANTS.demo.appName}`);

    // No period chosen: said so at the field.
    await page.getByTestId('write-back-preview').click();
    await page.getByText(nl('portal.writeBack.periodRequired')).waitFor();
    await page.getByLabel(new RegExp(`^${nl('portal.writeBack.period')}`)).selectOption(periodId);
    await page.getByTestId('write-back-preview').click();
    const previewRow = page.getByTestId('write-back-table').locator(`tr[data-internship="${internship.id}"]`);
    await previewRow.waitFor();
    expect(await page.getByTestId('write-back-table').locator('tbody tr').count()).toBe(1);
    expect(await previewRow.textContent()).toContain('Sam Student');
    expect(await previewRow.textContent()).toContain(internship.attributes.organization_name);
    expect(await previewRow.textContent()).toContain(nl('portal.writeBack.notSent'));
    // The school's Magister is connected: Magister is the first choice.
    await expect.poll(() => page.getByLabel(nl('portal.writeBack.toMagister')).isChecked()).toBe(true);
    await expectAccessible(page, 'write-back preview');
    await shot(page, 'write-back-preview');

    let report = page.getByTestId('write-back-run');
    const send = async () => {
      const before = page.url();
      await page.getByTestId('write-back-send').click();
      await page.waitForURL((url) => url.toString() !== before && /\?run=[0-9a-f-]{36}$/.test(url.search));
      // The new run's report, not the previous one still shown while the page moves on.
      report = page.locator(
        `[data-testid="write-back-run"][data-run="${new URL(page.url()).searchParams.get('run')}"]`,
      );
      await expect.poll(() => report.getAttribute('data-status'), { timeout: 90_000 }).toBe('done');
      return report.locator(`[data-internship="${internship.id}"]`);
    };
    const count = (k: string) => report.locator(`[data-count="${k}"]`).textContent();

    // Magister does not know the student (not on its roster yet): refused, with the reason.
    const school = magister.schools.get(devMagisterClient(TENANT).clientId)!;
    const roster = school.students;
    school.students = roster.filter((s) => s.stamnummer !== DEV_DEMO_STUDENT_NUMBER);
    let item = await send();
    expect(await item.getAttribute('data-state')).toBe('refused');
    expect(await item.textContent()).toContain(nl('portal.writeBack.reasons.student_unknown'));
    expect(await count('refused')).toBe('1');
    expect(await page.getByTestId('write-back-status').textContent()).toContain(
      nl('portal.writeBack.progress', { done: 1, total: 1 }),
    );
    expect(magister.writes).toBe(0);
    await expectAccessible(page, 'write-back refused');
    await shot(page, 'write-back-refused');

    // On the roster again: sent, with the preview's hours, and the preview says when.
    school.students = roster;
    item = await send();
    expect(await item.getAttribute('data-state')).toBe('sent');
    expect(await count('sent')).toBe('1');
    expect(magister.writes).toBe(1);
    expect(magister.internships.get(`${DEV_DEMO_STUDENT_NUMBER}/${internship.id}`)).toMatchObject({
      bedrijf: internship.attributes.organization_name,
    });
    await expect.poll(() => previewRow.textContent()).toContain(new Date().toLocaleDateString('nl-NL'));
    await shot(page, 'write-back-sent');

    // Never twice: the next run says it was sent before and writes nothing.
    item = await send();
    expect(await item.getAttribute('data-state')).toBe('already_sent');
    expect(await item.textContent()).toContain(nl('portal.writeBack.states.already_sent'));
    expect(magister.writes).toBe(1);

    // The import file instead: every internship of the period with its student number.
    await page.getByLabel(nl('portal.writeBack.toFile')).check();
    expect(await page.getByTestId('write-back-send').textContent()).toBe(nl('portal.writeBack.makeFile'));
    item = await send();
    expect(await item.getAttribute('data-state')).toBe('exported');
    const [download] = await Promise.all([
      page.waitForEvent('download'),
      page.getByTestId('write-back-download').click(),
    ]);
    expect(download.suggestedFilename()).toMatch(/^terugschrijven-[0-9a-f-]{36}\.csv$/);
    const bytes = await readFile((await download.path())!);
    // UTF-8 with its byte order mark (what Excel needs to read it as such), `;`-separated.
    expect([...bytes.subarray(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
    const lines = bytes.subarray(3).toString('utf8').trim().split('\r\n');
    expect(lines[0]).toBe(
      'Stamnummer;Naam;Bedrijf;Begindatum;Einddatum;Uren gerealiseerd;Uren vereist;Cijfer',
    );
    expect(lines.slice(1)).toEqual([
      expect.stringMatching(new RegExp(`^${DEV_DEMO_STUDENT_NUMBER};Sam Student;`)),
    ]);
    expect(magister.writes).toBe(1);
    await expectAccessible(page, 'write-back file');
    await shot(page, 'write-back-file');
    expect(problems).toEqual([]);
    await context.close();
  });
});

describe('a school admin whose school has no Magister connection', () => {
  it('on a phone, in English: is told the file is the way, and makes it', async () => {
    const other = 'oldebroek';
    const admin = await apiAs(stack.app, other, 'admin', 'school');
    const connection = await admin.get<{ data: unknown }>('/api/v1/imports/magister/connection');
    // No connection is a state, not a failure: 200 with data null (a 404 would be logged by the page).
    expect(connection.status).toBe(200);
    expect(connection.body.data).toBeNull();
    const { body } = await admin.get<{
      data: { id: string; relationships: { internship_period: { data: { id: string } } } }[];
    }>('/api/v1/internships?filter[status_eq]=completed');
    expect(body.data).toHaveLength(1);
    const internship = body.data[0]!;

    const { page, context, problems } = await openPortal(stack, { viewport: PHONE, locale: 'en-GB' });
    await signInSchoolAdmin(page, stack, other);
    await page.locator('[data-tile="writeBack"]').click();
    await page.waitForURL(/\/terugschrijven$/);
    await page.getByTestId('write-back-page').waitFor();
    expect(await page.getByTestId('page-title').textContent()).toBe(en('routes.imports.writeBack'));
    const notice = page.getByTestId('write-back-no-magister');
    await notice.waitFor();
    expect(await notice.textContent()).toContain(en('portal.writeBack.noMagister'));
    await expectAccessible(page, 'write-back without Magister');

    await page
      .getByLabel(new RegExp(`^${en('portal.writeBack.period')}`))
      .selectOption(internship.relationships.internship_period.data.id);
    await page.getByTestId('write-back-preview').click();
    const row = page.getByTestId('write-back-table').locator(`tr[data-internship="${internship.id}"]`);
    await row.waitFor();
    expect(await row.textContent()).toContain(en('portal.writeBack.notSent'));
    // No choice to make: no Magister option, the button makes the file.
    expect(await page.getByLabel(en('portal.writeBack.toMagister')).count()).toBe(0);
    expect(await page.getByTestId('write-back-send').textContent()).toBe(en('portal.writeBack.makeFile'));
    const noOverflow = () => page.evaluate(() => document.documentElement.scrollWidth);
    expect(await noOverflow()).toBeLessThanOrEqual(PHONE.width);
    await expectAccessible(page, 'write-back preview on a phone');
    await shot(page, 'write-back-file-only-en');

    await page.getByTestId('write-back-send').click();
    await page.waitForURL((url) => /\?run=[0-9a-f-]{36}$/.test(url.search));
    const report = page.getByTestId('write-back-run');
    await expect.poll(() => report.getAttribute('data-status'), { timeout: 90_000 }).toBe('done');
    // The seeded student has no student number at this school (no roster import): left out, and why.
    const item = report.locator(`[data-internship="${internship.id}"]`);
    expect(await item.getAttribute('data-state')).toBe('refused');
    expect(await item.textContent()).toContain(en('portal.writeBack.reasons.no_student_number'));
    expect(await page.getByTestId('write-back-status').textContent()).toContain(
      en('portal.writeBack.statuses.done'),
    );
    const [download] = await Promise.all([
      page.waitForEvent('download'),
      page.getByTestId('write-back-download').click(),
    ]);
    const bytes = await readFile((await download.path())!);
    expect(bytes.subarray(3).toString('utf8').trim().split('\r\n')).toEqual([
      'Stamnummer;Naam;Bedrijf;Begindatum;Einddatum;Uren gerealiseerd;Uren vereist;Cijfer',
    ]);
    expect(await noOverflow()).toBeLessThanOrEqual(PHONE.width);
    await expectAccessible(page, 'write-back report on a phone');
    await shot(page, 'write-back-report-en');
    expect(problems).toEqual([]);
    await context.close();
  });
});

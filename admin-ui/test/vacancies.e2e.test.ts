import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  DESKTOP,
  expectAccessible,
  openAdmin,
  openBrowser,
  signIn,
  startStack,
  type TAdminPage,
  type TStack,
} from './stack.ts';

/** The back office's vacancies (docs/decisions/placements.md) in Chromium on the demo tenant's seeds. */
const TENANT = 'demo';
/** A published vacancy of the seeded Provider (services/placements/src/vacancies/vacancies.seed.ts). */
const PUBLISHED = 'Activiteitenbegeleider in het zorgcentrum';
const REASON = 'Bevat een telefoonnummer in de titel';
let stack: TStack;
const sessions: TAdminPage[] = [];
beforeAll(async () => {
  stack = await startStack();
});
afterAll(async () => {
  await Promise.all(sessions.map((s) => s.context.close()));
  await stack?.close();
});

describe('vacancies in the back office', () => {
  it('a school admin hides a published vacancy with a reason and shows it again', async () => {
    const school = await openBrowser(stack, { viewport: DESKTOP });
    sessions.push(school);
    const { page } = school;
    await signIn(page, stack, TENANT, 'admin');
    await openAdmin(page, stack, TENANT, '/admin/vacancies');
    await page.getByRole('link', { name: PUBLISHED }).waitFor();
    await expectAccessible(page, 'vacancies (moderator)');
    // A moderator sees every organization's vacancies, drafts too (filter[status_in]).
    await page.getByRole('combobox', { name: /^Status/ }).click();
    await page.getByRole('option', { name: 'Concept', exact: true }).click();
    await page.keyboard.press('Escape');
    await page.getByRole('link', { name: 'Helpen bij het repaircafé' }).waitFor();
    await page.getByRole('link', { name: PUBLISHED }).waitFor({ state: 'detached' });
    await page.getByRole('combobox', { name: /^Status/ }).click();
    await page.getByRole('option', { name: 'Concept', exact: true }).click();
    await page.getByRole('option', { name: 'Gepubliceerd', exact: true }).click();
    await page.keyboard.press('Escape');

    await page.getByRole('link', { name: PUBLISHED }).click();
    await page.waitForURL(/\/admin\/vacancies\/[^/]+$/);
    await page.getByTestId('vacancy-description').waitFor();
    // Not theirs to edit, publish or close: only moderation.
    expect(await page.getByTestId('vacancy-edit').count()).toBe(0);
    expect(await page.getByTestId('vacancy-close').count()).toBe(0);
    await expectAccessible(page, 'vacancy (moderator)');

    await page.getByTestId('vacancy-hide').click();
    const dialog = page.getByRole('dialog');
    await dialog.getByLabel(/^Reden van verbergen/).waitFor();
    // Once faded in: mid-transition, the half-transparent buttons fail the contrast check.
    await page.waitForFunction(() =>
      [...document.querySelectorAll('.MuiDialog-container')].every(
        (e) => getComputedStyle(e).opacity === '1',
      ),
    );
    await expectAccessible(page, 'hide dialog');
    // The reason is required: confirming without one keeps the dialog open and says so.
    await dialog.getByRole('button', { name: 'Bevestigen' }).click();
    await dialog.getByText('Verplicht').waitFor();
    await dialog.getByLabel(/^Reden van verbergen/).fill(REASON);
    await dialog.getByRole('button', { name: 'Bevestigen' }).click();
    await page.getByTestId('vacancy-hidden-notice').filter({ hasText: REASON }).waitFor();
    await page.getByTestId('vacancy-hidden').waitFor();

    await page.getByTestId('vacancy-unhide').click();
    await page.getByRole('dialog').getByRole('button', { name: 'Bevestigen' }).click();
    await page.getByTestId('vacancy-hide').waitFor();
    expect(await page.getByTestId('vacancy-hidden-notice').count()).toBe(0);
    expect(school.problems, school.problems.join('\n')).toEqual([]);
    expect(school.failures).toEqual([]);
  });

  it('a company admin sees their own vacancies, drafts too, and cannot hide', async () => {
    const company = await openBrowser(stack, { viewport: DESKTOP });
    sessions.push(company);
    const { page } = company;
    await signIn(page, stack, TENANT, 'bedrijf');
    await openAdmin(page, stack, TENANT, '/admin/vacancies');
    await page.getByRole('link', { name: PUBLISHED }).waitFor();
    await page.getByRole('link', { name: 'Stage technische dienst' }).waitFor();
    // The NonProfit's vacancies are not theirs.
    expect(await page.getByText('Gastvrouw of gastheer in het buurthuis').count()).toBe(0);
    await expectAccessible(page, 'vacancies (company)');

    await page.getByRole('link', { name: PUBLISHED }).click();
    await page.waitForURL(/\/admin\/vacancies\/[^/]+$/);
    await page.getByTestId('vacancy-close').waitFor();
    await page.getByTestId('vacancy-archive').waitFor();
    expect(await page.getByTestId('vacancy-hide').count()).toBe(0);
    expect(await page.getByTestId('vacancy-unhide').count()).toBe(0);

    await page.getByTestId('vacancy-edit').click();
    await page.waitForURL(/\/admin\/vacancies\/[^/]+\/edit$/);
    await page.getByLabel(/^Titel/).waitFor();
    await page.getByTestId('rich-text-description').locator('[contenteditable="true"]').waitFor();
    await expectAccessible(page, 'vacancy edit (company)');

    // Its contact person: the organization's people the server offers (the internships' rule).
    await page.getByLabel(/^Contactpersoon/).click();
    const people = page.getByRole('listbox').getByRole('option');
    await expect.poll(() => people.count()).toBeGreaterThan(1);
    expect(await people.first().textContent()).toBe('Niemand gekozen');
    const person = (await people.nth(1).textContent())!;
    await people.nth(1).click();
    await expect.poll(() => page.getByLabel(/^Contactpersoon/).textContent()).toContain(person);

    // Its image (issue #14): the seeded vacancy shows a stock image; the admin picks another one.
    const picker = page.getByTestId('vacancy-image-picker');
    const choices = picker.getByTestId('vacancy-image-choice');
    await expect.poll(() => choices.count()).toBeGreaterThan(2);
    expect(await picker.getByRole('radio', { checked: true }).count()).toBe(1);
    const other = choices.nth(1);
    await other.getByRole('radio').check();
    await page.getByRole('button', { name: 'Opslaan' }).click();
    await page.waitForURL(/\/admin\/vacancies\/[^/]+$/);
    const image = page.getByTestId('vacancy-image');
    await image.waitFor();
    expect(await image.getAttribute('src')).toMatch(/^\/api\/v1\/cms\/files\/[0-9a-f]{64}$/);
    expect(await image.getAttribute('alt')).toBeTruthy();
    await expectAccessible(page, 'vacancy with its image (company)');
    expect(company.problems, company.problems.join('\n')).toEqual([]);
  });
});

import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { translate } from '@stageplein/contracts/i18n/index';
import { selectionKey, writeSelection } from '@stageplein/contracts/client/organization-selection';
import { DEMO_CLASSMATES, seedOrganizationId } from '@stageplein/contracts/domain/seed-ids';
import { folderMailsTo } from '@stageplein/identity/mail/mail-folder';
import {
  apiAs,
  demo,
  expectAccessible,
  openPortal,
  PHONE,
  shot,
  signIn,
  startStack,
  type TStack,
} from './stack.ts';

/**
 * Issue #16 items 4 and 5 in Chromium: on `demo` a student submits a self-found internship on a phone,
 * the school approves it and the organization the student entered waits in the back office's approval
 * queue; then the school's admin sends a bulk message to that student, which reaches the mailbox and
 * shows as sent.
 */
let stack: TStack;
beforeAll(async () => {
  stack = await startStack();
});
afterAll(async () => stack?.close());

const TENANT = 'demo';
const nl = (key: string, vars?: Record<string, string | number>) => translate('nl', key, vars);
const ORGANIZATION = 'Dierenasiel Het Baken';
const TITLE = 'Stage dierenverzorging';
const field = (page: Page, name: string) => page.locator(`[name="${name}"]`);

/** Makes the demo admin act for the tenant's seeded School (the portal's stored choice of organization). */
async function actForSchool(page: Page) {
  const api = await apiAs(stack.app, TENANT, 'admin');
  const me = await api.get<{ data: { id: string } }>('/api/v1/current_user');
  const selection = writeSelection({
    userId: me.body.data.id,
    organizationId: seedOrganizationId(TENANT, 'school'),
  });
  await page.evaluate(
    ([key, value]) => localStorage.setItem(key!, value!),
    [selectionKey(TENANT), selection],
  );
}

async function fitsThePhone(page: Page, label: string) {
  const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
  expect(overflow, `${label} overflows by ${overflow}px`).toBeLessThanOrEqual(0);
}

describe('self-found internships and bulk messages', () => {
  it('a student submits a self-found internship; the school approves; the organization waits for approval', async () => {
    const { page, problems } = await openPortal(stack, { viewport: PHONE });
    await signIn(page, stack, TENANT, demo('student', TENANT));
    await page.goto(stack.url(TENANT, '/zelfgevonden'));
    await page.getByTestId('self-found-form').waitFor();
    expect(await page.getByTestId('page-title').textContent()).toBe(nl('routes.selfFound'));

    // Checked on blur (spec §5) and on submit, with the API's rules.
    await field(page, 'organizationPostcode').fill('12');
    await field(page, 'organizationPostcode').blur();
    await page.getByText(nl('validation.postcode')).waitFor();
    await page.getByTestId('self-found-submit').click();
    await expect.poll(() => page.getByTestId('field-error').count()).toBeGreaterThanOrEqual(8);
    await expectAccessible(page, 'self-found form with errors');
    await fitsThePhone(page, 'self-found form');

    await field(page, 'title').fill(TITLE);
    await field(page, 'description').fill('Dieren verzorgen en bezoekers ontvangen.');
    await field(page, 'startDate').fill('2027-02-01');
    await field(page, 'endDate').fill('2027-06-30');
    await field(page, 'organizationName').fill(ORGANIZATION);
    await field(page, 'organizationAddress').fill('Kerkstraat 1');
    await field(page, 'organizationPostcode').fill('3511 AA');
    await field(page, 'organizationCity').fill('Utrecht');
    await field(page, 'organizationWebsite').fill('https://www.hetbaken.test');
    await field(page, 'contactName').fill('Anna van der Berg');
    await field(page, 'contactEmail').fill('anna@hetbaken.test');
    await field(page, 'contactPhone').fill('030-1234567');
    await shot(page, 'self-found');
    await page.getByTestId('self-found-submit').click();
    const item = page.getByTestId('self-found-item').filter({ hasText: TITLE });
    await item.waitFor();
    expect(await item.getByTestId('self-found-status').textContent()).toBe('Wacht op je school');
    await expectAccessible(page, 'self-found list');

    // The school approves (the internship screens' button calls this transition).
    const school = await apiAs(stack.app, TENANT, 'admin', 'school');
    const list = await school.get<{ data: { id: string; attributes: { title: string } }[] }>(
      '/api/v1/internships?filter[self_found_eq]=true&filter[status_eq]=submitted&page[size]=100',
    );
    const internship = list.body.data.find((i) => i.attributes.title === TITLE)!;
    const approved = await school.send('POST', `/api/v1/internships/${internship.id}/approve`, {
      data: { type: 'internship', attributes: {} },
    });
    expect(approved.status).toBe(200);

    // Organizations signed it up as pending: it waits in the back office's approval queue.
    await expect
      .poll(
        async () =>
          (
            await school.get<{
              data: { attributes: { organization_id: string | null; organization_state: string } };
            }>(`/api/v1/internships/${internship.id}/self_found`)
          ).body.data.attributes.organization_state,
        { timeout: 20_000 },
      )
      .toBe('created');
    const admin = await openPortal(stack);
    await signIn(admin.page, stack, TENANT, demo('admin', TENANT));
    await admin.page.goto(stack.url(TENANT, '/beheer'));
    await admin.page.getByTestId('pending-approvals').click();
    await admin.page.waitForURL(/\/organizations\/approve$/);
    await admin.page.getByText(ORGANIZATION).waitFor();
    await admin.page.getByText('anna@hetbaken.test').waitFor();

    // The student sees the school's decision.
    await page.reload();
    await expect
      .poll(() => item.getByTestId('self-found-status').textContent(), { timeout: 10_000 })
      .toBe('Goedgekeurd door school');
    expect(problems).toEqual([]);
  });

  it('a school admin sends a bulk message that reaches the student’s mailbox and shows as sent', async () => {
    const { page, problems } = await openPortal(stack);
    await signIn(page, stack, TENANT, demo('admin', TENANT));
    await actForSchool(page);
    // The school admin finds the screen where they follow their students' internships.
    await page.goto(stack.url(TENANT, '/internships'));
    await page.getByTestId('bulk-messages-link').click();
    await page.getByTestId('bulk-message-form').waitFor();
    expect(await page.getByTestId('page-title').textContent()).toBe(nl('routes.internships.bulkMessages'));
    await page.getByTestId('bulk-internship').first().waitFor();
    await expectAccessible(page, 'bulk messages');

    // What is shown is what gets chosen: the search filters as the admin types (no Enter), and
    // "choose all shown" takes exactly the rows shown (it once took the unfiltered list, issue #30).
    const search = page.getByRole('searchbox', { name: /^Zoeken/ });
    await search.fill('niemand-heet-zo');
    await page.getByText('Geen stages gevonden.').waitFor();
    expect(await page.getByTestId('bulk-select-all').isDisabled()).toBe(true);
    expect(await page.getByTestId('bulk-selected-count').textContent()).toBe('0 stages gekozen');
    expect(await page.getByTestId('bulk-internship').count()).toBe(0);
    await search.fill('');
    await expect.poll(() => page.getByTestId('bulk-select-all').isEnabled()).toBe(true);
    const everyRow = await page.getByTestId('bulk-internship').allTextContents();
    // Words that narrow the list to some of its rows: an organization's name (every row here is the
    // demo student's, so their name would leave the list as it was and prove nothing).
    const holding = (words: string) => everyRow.filter((r) => r.toLowerCase().includes(words.toLowerCase()));
    const word = everyRow
      .map((r) => r.split(' · '))
      .filter((parts) => parts.length === 3)
      .map((parts) => parts[1]!)
      .find((org) => holding(org).length < everyRow.length);
    expect(word, everyRow.join('\n')).toBeTruthy();
    // Typed without Enter and "choose all shown" pressed at once: it waits for the list to answer
    // the words, then takes only those rows.
    await search.fill(word!);
    await page.getByTestId('bulk-select-all').click();
    const shown = await page.getByTestId('bulk-internship').allTextContents();
    expect(shown.length).toBeGreaterThan(0);
    expect(shown.length).toBeLessThan(everyRow.length);
    for (const text of shown) expect(text.toLowerCase()).toContain(word!.toLowerCase());
    expect(await page.getByTestId('bulk-selected-count').textContent()).toBe(
      shown.length === 1 ? '1 stage gekozen' : `${shown.length} stages gekozen`,
    );
    expect(await page.getByTestId('bulk-internship').locator('input:checked').count()).toBe(shown.length);
    // Another search keeps the chosen ones in view.
    await search.fill('niemand-heet-zo');
    await page.getByText('Geen stages gevonden.').waitFor();
    expect(await page.getByTestId('bulk-also-chosen-internship').count()).toBe(shown.length);
    // Students without an internship can be chosen too (by group, level or period).
    await page.getByTestId('bulk-students-section').waitFor();
    await expectAccessible(page, 'bulk messages: chosen and students');
    await page.reload();
    await page.getByTestId('bulk-internship').first().waitFor();

    // Filters like the internships list: a status narrows the list at once.
    const all = await page.getByTestId('bulk-internship').count();
    await page.getByLabel(/^Status/).selectOption('submitted');
    await expect.poll(() => page.getByTestId('bulk-internship').count()).toBeLessThan(all);
    for (const text of await page.getByTestId('bulk-internship').allTextContents())
      expect(text).toContain('Ingediend');
    await page.getByLabel(/^Status/).selectOption('');
    await expect.poll(() => page.getByTestId('bulk-internship').count()).toBe(all);

    // The seeded student's internships: choose one of them.
    await page.getByTestId('bulk-internship').first().locator('input[type="checkbox"]').check();
    expect(await page.getByTestId('bulk-selected-count').textContent()).toBe('1 stage gekozen');
    const subject = `Inleverdatum verslag ${Date.now()}`;
    await page.getByLabel(/^Onderwerp/).fill(subject);
    await page
      .getByRole('textbox', { name: /^Bericht/ })
      .fill('Lever je verslag vóór 1 juni in.\n\nGroeten van de stagecoördinator.');
    await page.getByTestId('bulk-message-send').click();
    // A confirmation names how many people the message reaches before anything is sent.
    await page.getByTestId('bulk-confirm').waitFor();
    expect(await page.getByTestId('bulk-confirm-count').textContent()).toBe(
      'Dit bericht gaat naar 1 ontvanger.',
    );
    await expectAccessible(page, 'bulk messages: confirmation');
    await shot(page, 'bulk-messages-confirm');
    await page.getByTestId('bulk-confirm-send').click();

    const rows = page.getByTestId('bulk-delivery');
    await rows.first().waitFor();
    await expect
      .poll(() => page.getByTestId('bulk-delivery-status').first().textContent(), { timeout: 20_000 })
      .toBe('Verstuurd');
    // The message's counts in the list follow too.
    await expect
      .poll(() => page.getByTestId('bulk-message').filter({ hasText: subject }).textContent(), {
        timeout: 10_000,
      })
      .toContain('1 verstuurd · 0 onderweg · 0 mislukt');
    await expectAccessible(page, 'bulk message sent');
    await shot(page, 'bulk-messages');
    // Phone friendly: nothing wider than the screen (the recipients' table scrolls in its own frame).
    await page.setViewportSize(PHONE);
    await fitsThePhone(page, 'bulk messages');
    await expectAccessible(page, 'bulk messages on a phone');
    await shot(page, 'bulk-messages');

    // The mail itself, as the dev mailbox keeps it.
    const recipient = (await rows.first().locator('.field__hint').textContent())!.trim();
    await expect
      .poll(
        async () =>
          (await folderMailsTo(stack.mailDir, TENANT, recipient)).some((m) => m.subject === subject),
        {
          timeout: 10_000,
        },
      )
      .toBe(true);
    const operator = await apiAs(stack.app, TENANT, 'admin', 'volunteer-center');
    const mailbox = await operator.get<{ data: { attributes: { subject: string; to: string } }[] }>(
      `/api/v1/dev/mailbox?to=${encodeURIComponent(recipient)}`,
    );
    expect(mailbox.status).toBe(200);
    expect(
      mailbox.body.data.some((m) => m.attributes.subject === subject && m.attributes.to === recipient),
    ).toBe(true);
    expect(problems).toEqual([]);
  });

  it('a school writes to its students without an internship, by group and level: exactly those shown', async () => {
    const { page, problems } = await openPortal(stack, { viewport: PHONE });
    await signIn(page, stack, TENANT, demo('admin', TENANT));
    await actForSchool(page);
    await page.goto(stack.url(TENANT, '/internships/bulk_messages'));
    const section = page.getByTestId('bulk-students-section');
    await section.waitFor();
    // The seeded classmates (contracts' DEMO_CLASSMATES) have no internship; the demo student has.
    const nameOf = (c: (typeof DEMO_CLASSMATES)[number]) => `${c.firstName} ${c.lastName}`;
    const shown = () => section.getByTestId('bulk-student').allTextContents();
    await expect
      .poll(async () => (await shown()).sort())
      .toEqual(DEMO_CLASSMATES.map((c) => `${nameOf(c)} · ${c.group}`).sort());
    // By group: 3A's classmates only.
    const inGroup = DEMO_CLASSMATES.filter((c) => c.group === '3A');
    expect(inGroup.length).toBeGreaterThan(1);
    await section.getByLabel(/^Klas/).selectOption({ label: '3A' });
    await expect
      .poll(async () => (await shown()).sort())
      .toEqual(inGroup.map((c) => `${nameOf(c)} · 3A`).sort());
    // By level: 3B is havo (organizations' seeds), so only its classmate.
    await section.getByLabel(/^Klas/).selectOption({ label: 'Alle klassen' });
    await section.getByLabel(/^Niveau/).selectOption({ label: 'havo' });
    await expect
      .poll(shown)
      .toEqual(DEMO_CLASSMATES.filter((c) => c.group === '3B').map((c) => `${nameOf(c)} · 3B`));
    await section.getByLabel(/^Niveau/).selectOption({ label: 'Alle niveaus' });
    await section.getByLabel(/^Klas/).selectOption({ label: '3A' });
    await expect.poll(async () => (await shown()).length).toBe(inGroup.length);
    await expect.poll(() => section.getByTestId('bulk-select-all-students').isEnabled()).toBe(true);
    await section.getByTestId('bulk-select-all-students').click();
    expect(await section.getByTestId('bulk-students-count').textContent()).toBe(
      `${inGroup.length} leerlingen gekozen`,
    );
    await expectAccessible(page, 'bulk messages: students without an internship');
    await fitsThePhone(page, 'bulk messages: students without an internship');
    await shot(page, 'bulk-messages-students');

    const subject = `Nog geen stageplek ${Date.now()}`;
    await page.getByLabel(/^Onderwerp/).fill(subject);
    await page.getByRole('textbox', { name: /^Bericht/ }).fill('Kom morgen langs bij de stagecoördinator.');
    await page.getByTestId('bulk-message-send').click();
    // The confirmation names the number of recipients: the students shown and chosen, no one else.
    await page.getByTestId('bulk-confirm').waitFor();
    expect(await page.getByTestId('bulk-confirm-count').textContent()).toBe(
      `Dit bericht gaat naar ${inGroup.length} ontvangers.`,
    );
    expect(await page.getByTestId('bulk-confirm').textContent()).toContain(
      `${inGroup.length} leerlingen zonder stage`,
    );
    await expectAccessible(page, 'bulk messages: confirmation for students');
    await shot(page, 'bulk-messages-students-confirm');
    await page.getByTestId('bulk-confirm-send').click();

    // The recipients are exactly those shown: their addresses in the message, a mail each.
    const message = page.getByTestId('bulk-message').filter({ hasText: subject });
    await message.getByTestId('bulk-delivery').first().waitFor();
    const expected = inGroup.map((c) => `${c.local}@${TENANT}.test`).sort();
    await expect
      .poll(async () =>
        (await message.getByTestId('bulk-delivery').locator('.field__hint').allTextContents())
          .map((e) => e.trim())
          .sort(),
      )
      .toEqual(expected);
    for (const to of expected)
      await expect
        .poll(
          async () => (await folderMailsTo(stack.mailDir, TENANT, to)).some((m) => m.subject === subject),
          {
            timeout: 20_000,
          },
        )
        .toBe(true);
    for (const other of [
      ...DEMO_CLASSMATES.filter((c) => c.group !== '3A').map((c) => `${c.local}@${TENANT}.test`),
      demo('student', TENANT),
    ])
      expect((await folderMailsTo(stack.mailDir, TENANT, other)).some((m) => m.subject === subject)).toBe(
        false,
      );
    expect(problems).toEqual([]);
  });
});

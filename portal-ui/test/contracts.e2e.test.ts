import type { Locator, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SEED_NAMESPACE, uuidV5 } from '@stageplein/contracts/domain/seed-ids';
import {
  apiAs,
  demo,
  DESKTOP,
  expectAccessible,
  openPortal,
  PHONE,
  shot,
  signIn,
  signInSchoolAdmin,
  startStack,
  type TStack,
} from './stack.ts';

/**
 * Contract templates and contracts in Chromium (issue #34 items 1-3 and the read screens,
 * docs/decisions/internship-contracts.md): on `demo` a school admin opens the seeded template from the
 * dashboard, starts a new draft, writes a variable into the text with the rich-text editor (an unknown
 * one is refused in the page by contracts' validator before anything is sent), publishes, generates a
 * contract for a seeded internship from its page and finds it in /contracts and its read view; a phone
 * reads the list. axe-clean throughout; screenshots for a look.
 */
const TENANT = 'demo';
const RUN = Date.now().toString(36);
const PHRASE = `Afspraak ${RUN}`;
/** The demo student's second seeded internship (applied, no contract seeded): internships.seed.ts. */
const INTERNSHIP = uuidV5(`${TENANT}:internship:1`, SEED_NAMESPACE);
/** The demo student's completed internship (index 3): its seeded draft, a minor on the first day (2009-06-30). */
const DRAFT_INTERNSHIP = uuidV5(`${TENANT}:internship:3`, SEED_NAMESPACE);

let stack: TStack;
beforeAll(async () => {
  stack = await startStack();
});
afterAll(async () => stack?.close());

/**
 * The saved draft's preview did not show (seen under load in CI on 647ebf18 and once here, cause not yet
 * found: the section never appeared within 30 s of the save): fail with what the page showed instead,
 * the API calls it made and its problems, and keep a screenshot.
 */
async function noPreview(page: Page, error: unknown, problems: string[], requests: string[]): Promise<never> {
  await shot(page, 'contract-template-no-preview');
  const shown = await page
    .locator('main')
    .textContent({ timeout: 2_000 })
    .catch(() => page.locator('body').textContent({ timeout: 2_000 }));
  throw new Error(
    [
      `no preview after saving (${error instanceof Error ? error.message.split('\n')[0] : String(error)})`,
      `the page at ${page.url()} shows: ${shown?.replace(/\s+/g, ' ').slice(0, 1_500)}`,
      `its last API calls: ${requests.slice(-8).join(', ')}`,
      `problems: ${problems.join(' | ') || 'none'}`,
    ].join('\n'),
    { cause: error },
  );
}

/**
 * Puts the caret at the end of the editor's text and waits until the editor has it there. A click
 * followed at once by Control+End was not enough: on a loaded machine the editor applied the click's
 * caret after the key, and the Backspaces that should remove the unknown variable cut the text where
 * the click had landed (seen in CI: the phrase typed mid-paragraph, the variable kept, the save refused).
 */
async function caretToEnd(page: Page, box: Locator) {
  await box.click();
  await expect
    .poll(async () => {
      await page.keyboard.press('Control+End');
      return box.evaluate((el) => {
        const selection = el.ownerDocument.getSelection();
        if (!selection?.focusNode || !el.contains(selection.focusNode)) return false;
        const rest = el.ownerDocument.createRange();
        rest.selectNodeContents(el);
        rest.setStart(selection.focusNode, selection.focusOffset);
        return rest.toString() === '';
      });
    })
    .toBe(true);
}

describe('a school admin’s contract template and a contract generated from it', () => {
  it('edits the template with a variable, publishes, generates a contract and sees it in /contracts', async () => {
    const { page, context, problems, requests } = await openPortal(stack, { viewport: DESKTOP });
    try {
      await signInSchoolAdmin(page, stack, TENANT);
      await page.locator('[data-tile="templates"]').click();
      await page.waitForURL(/\/contract_templates$/);
      const row = page.getByTestId('contract-template-row').filter({ hasText: 'Praktijkovereenkomst' });
      await expect.poll(() => row.textContent()).toContain('Versie 1 gepubliceerd');
      await expectAccessible(page, 'contract templates');
      await shot(page, 'contract-templates');

      // The published version is read-only: a new draft to change it.
      await row.getByRole('link').click();
      await page.getByTestId('contract-template-published').waitFor();
      await page.getByTestId('contract-template-new-draft').click();
      const body = page.getByTestId('contract-template-body-nl').getByRole('textbox');
      await body.waitFor();

      // An unknown variable: the page refuses with the catalogue's text and sends nothing.
      await caretToEnd(page, body);
      const bad = ' {{student.schoenmaat}}';
      await page.keyboard.type(bad);
      let sent = 0;
      page.on('request', (r) => {
        if (r.method() === 'PATCH' && r.url().includes('/contract_template_versions/')) sent += 1;
      });
      await page.getByTestId('contract-template-save').click();
      await expect
        .poll(() => page.getByTestId('contract-template-issues').textContent())
        .toContain('“student.schoenmaat” is geen variabele van een contract');
      expect(sent).toBe(0);
      await caretToEnd(page, body);
      for (let i = 0; i < bad.length; i += 1) await page.keyboard.press('Backspace');
      await expect.poll(() => body.textContent()).not.toContain('schoenmaat');

      // A known one, then save (the preview fills a sample internship) and publish.
      await page.keyboard.press('Enter');
      await page.keyboard.type(`${PHRASE}: {{internship.title}} bij {{organization.name}}.`);
      await page.getByTestId('contract-template-save').click();
      const preview = page.getByTestId('contract-template-preview');
      await expect
        .poll(() => preview.textContent())
        .toContain(`${PHRASE}: Stage bakkerij bij Bakkerij Het Zoete Brood.`)
        .catch((error: unknown) => noPreview(page, error, problems, requests));
      expect(sent).toBe(1);
      await expectAccessible(page, 'contract template editor');
      await shot(page, 'contract-template-editor');
      await page.getByTestId('contract-template-publish').click();
      await expect
        .poll(() => page.getByTestId('contract-template-published').textContent())
        .toContain('Versie 2 is gepubliceerd');

      // A contract for a seeded internship, from its page (the newest published version).
      await page.goto(stack.url(TENANT, `/internships/${INTERNSHIP}`));
      const block = page.getByTestId('internship-contract');
      await expect.poll(() => block.textContent()).toContain('Er is nog geen contract voor deze stage.');
      await block.getByTestId('internship-contract-birth-date').fill('2008-03-01');
      await block.getByTestId('internship-contract-generate').click();
      await expect.poll(() => block.getByTestId('contract-status').textContent()).toBe('Concept');
      await expectAccessible(page, 'internship with its contract');
      await block.getByTestId('internship-contract-link').click();

      await page.getByTestId('contract-page').waitFor();
      await expect.poll(() => page.getByTestId('contract-text').textContent()).toContain(`${PHRASE}: `);
      const text = (await page.getByTestId('contract-text').textContent()) ?? '';
      expect(text).not.toContain('{{');
      expect(await page.getByTestId('contract-status').textContent()).toBe('Concept');
      // demo: the company signs first; an adult on the start date, so no parent or guardian.
      expect(
        await page
          .getByTestId('contract-signer')
          .evaluateAll((els) => els.map((e) => e.getAttribute('data-role'))),
      ).toEqual(expect.arrayContaining(['company', 'student']));
      expect(await page.locator('[data-testid="contract-signer"][data-role="parent_guardian"]').count()).toBe(
        0,
      );
      await expectAccessible(page, 'contract');
      await shot(page, 'contract');

      await page.goto(stack.url(TENANT, '/contracts'));
      const mine = page.getByTestId('contract-row').filter({ hasText: 'Concept' });
      await expect.poll(() => mine.count()).toBeGreaterThan(0);
      // The seeded ones too, with who acts next.
      await expect.poll(() => page.getByTestId('contract-list').textContent()).toContain('Ter ondertekening');
      await expectAccessible(page, 'contracts');
      await shot(page, 'contracts');
      expect(problems).toEqual([]);
    } finally {
      await context.close();
    }
  });

  it('the school admin clears, enters and changes the student’s birth date on a draft; sending without one is refused in nl and en', async () => {
    const school = await apiAs(stack.app, TENANT, 'admin', 'school');
    const drafts = await school.get<{ data: { id: string }[] }>(
      `/api/v1/contracts?filter[internship_id]=${DRAFT_INTERNSHIP}&filter[status]=draft`,
    );
    const id = drafts.body.data[0]!.id;
    const signerRoles = (page: Page) =>
      page.getByTestId('contract-signer').evaluateAll((els) => els.map((e) => e.getAttribute('data-role')));
    const admin = await openPortal(stack, { viewport: DESKTOP });
    const english = await openPortal(stack, { viewport: DESKTOP, locale: 'en' });
    try {
      const { page } = admin;
      await signInSchoolAdmin(page, stack, TENANT);
      await page.goto(stack.url(TENANT, `/contracts/${id}`));
      const date = page.getByTestId('contract-birth-date');
      await date.waitFor();
      expect(await date.inputValue()).toBe('2009-06-30');
      // A minor on the first day: the parent or guardian signs.
      expect(await signerRoles(page)).toContain('parent_guardian');

      // Cleared: kept as a draft, the parent kept while the date is unknown; sending is refused, said plainly.
      await date.fill('');
      await page.getByTestId('contract-save-birth-date').click();
      await expect.poll(() => page.getByTestId('toast').first().textContent()).toContain('Opgeslagen.');
      expect(await signerRoles(page)).toContain('parent_guardian');
      await page.getByTestId('contract-release').click();
      const refused = page.getByTestId('contract-admin-error');
      await expect
        .poll(() => refused.textContent())
        .toBe('Vul de geboortedatum van de student in: die bepaalt of een ouder of voogd moet ondertekenen.');
      expect(await page.getByTestId('contract-status').textContent()).toBe('Concept');
      await expectAccessible(page, 'draft contract, sending refused without a birth date');
      await shot(page, 'contract-birth-date-missing');

      // The same refusal in English.
      await signInSchoolAdmin(english.page, stack, TENANT);
      await english.page.goto(stack.url(TENANT, `/contracts/${id}`));
      await english.page.getByTestId('contract-release').click();
      await expect
        .poll(() => english.page.getByTestId('contract-admin-error').textContent())
        .toBe("Enter the student's birth date: it decides whether a parent or guardian must sign.");
      await expectAccessible(english.page, 'draft contract in English, sending refused');

      // An adult's date: saved, the refusal gone, no parent or guardian any more; sent.
      await date.fill('2004-02-29');
      await page.getByTestId('contract-save-birth-date').click();
      await expect.poll(() => signerRoles(page)).not.toContain('parent_guardian');
      expect(await refused.count()).toBe(0);
      // Changed again, to a minor's: the parent or guardian is back.
      await date.fill('2010-11-05');
      await page.getByTestId('contract-save-birth-date').click();
      await expect.poll(() => signerRoles(page)).toContain('parent_guardian');
      await page.reload();
      await date.waitFor();
      expect(await date.inputValue()).toBe('2010-11-05');
      await page.getByTestId('contract-release').click();
      await expect.poll(() => page.getByTestId('contract-status').textContent()).not.toBe('Concept');
      // Sent, the date is the draft's no more: no field to change it.
      expect(await date.count()).toBe(0);
      // The refused sends, and nothing else.
      const refusedSend = `422 ${stack.url(TENANT, `/api/v1/contracts/${id}/release`)}`;
      expect(admin.problems).toEqual([refusedSend]);
      expect(english.problems).toEqual([refusedSend]);
    } finally {
      await admin.context.close();
      await english.context.close();
    }
  });

  it('a student reads their contracts on a phone; the English texts', async () => {
    const { page, context, problems } = await openPortal(stack, { viewport: PHONE, locale: 'en' });
    try {
      await signIn(page, stack, TENANT, demo('student', TENANT));
      await page.goto(stack.url(TENANT, '/contracts'));
      await expect.poll(() => page.getByTestId('contract-list').textContent()).toContain('Out for signing');
      const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
      expect(overflow).toBeLessThanOrEqual(0);
      await expectAccessible(page, 'contracts on a phone');
      await shot(page, 'contracts-phone');
      expect(problems).toEqual([]);
    } finally {
      await context.close();
    }
  });
});

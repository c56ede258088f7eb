import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { translate } from '@stageplein/contracts/i18n/index';
import {
  demo,
  dragAnnouncement,
  expectAccessible,
  formsServedEarlier,
  openPortal,
  PHONE,
  shot,
  signIn,
  startStack,
  type TStack,
} from './stack.ts';

/**
 * Forms in Chromium at phone width (issue #18 items 2 and 3, docs/decisions/form-screens.md): a
 * school admin builds a form with a condition in the builder, publishes it; a visitor fills it in on
 * the public address (a hidden required question does not block, a visible one does, messages in
 * Dutch); the submission shows in the builder. axe on the builder and the public form.
 */
const TENANT = 'raayland';
const REQUIRED = translate('nl', 'validation.required');
let stack: TStack;
beforeAll(async () => {
  // Staging: the test pages (/test/formbuilder, /test/stagedoos_fields) are 404 elsewhere.
  stack = await startStack({ env: { STAGING: 'true' } });
});
afterAll(async () => stack?.close());

/** Opens the editor of question `index` (0-based) and returns its panel. */
async function openQuestion(page: Page, index: number) {
  const field = page.getByTestId('builder-field').nth(index);
  await field.getByTestId('edit-field').click();
  return field.getByTestId('field-editor');
}

async function addQuestion(page: Page, type: string) {
  await page.getByTestId('add-field-type').selectOption(type);
  await page.getByTestId('add-field').click();
}

describe('a form an admin builds and a visitor fills in', () => {
  const title = `Vragenformulier ${Date.now().toString(36)}`;
  let publicUrl = '';
  let formPath = '';

  it('builds a form with a condition, orders it by keyboard and publishes it', async () => {
    const { page, problems, context } = await openPortal(stack, { viewport: PHONE });
    try {
      await signIn(page, stack, TENANT, demo('admin', TENANT));
      await page.goto(stack.url(TENANT, '/form_builder/new'));
      await page.getByTestId('new-form-title').fill(title);
      // A School's admin builds its own public forms only (contracts' `creatableFormPurposes`).
      expect(
        await page.locator('form select option').evaluateAll((os) => os.map((o) => o.getAttribute('value'))),
      ).toEqual(['general']);
      await shot(page, 'form-builder-new-school');
      await page.getByTestId('create-form').click();
      await page.waitForURL(/\/form_builder\/[^/]+\/edit$/);
      formPath = new URL(page.url()).pathname.replace(/\/edit$/, '');

      // Question 1: the name, required. The blank form's question is a short text.
      let panel = await openQuestion(page, 0);
      await panel.getByTestId('field-label-nl').fill('Je naam');
      await panel.getByTestId('field-required').check();
      await page.getByTestId('builder-field').nth(0).getByTestId('edit-field').click();

      // Question 2: yes/no.
      await addQuestion(page, 'yes_no');
      panel = page.getByTestId('builder-field').nth(1).getByTestId('field-editor');
      await panel.getByTestId('field-label-nl').fill('Heb je een vraag?');
      await page.getByTestId('builder-field').nth(1).getByTestId('edit-field').click();

      // Question 3: required, shown only when question 2 is "yes".
      await addQuestion(page, 'long_text');
      panel = page.getByTestId('builder-field').nth(2).getByTestId('field-editor');
      await panel.getByTestId('field-label-nl').fill('Wat is je vraag?');
      await panel.getByTestId('field-required').check();
      await panel.getByTestId('condition-field').selectOption({ label: 'Heb je een vraag?' });
      await expect.poll(() => panel.getByTestId('condition-value').inputValue()).toBe('true');
      await page.getByTestId('builder-field').nth(2).getByTestId('edit-field').click();

      // An info text, added last and moved to the top with the keyboard (dnd-kit's keyboard sensor).
      await addQuestion(page, 'info_text');
      panel = page.getByTestId('builder-field').nth(3).getByTestId('field-editor');
      await panel.getByTestId('field-text-nl').fill('We antwoorden binnen een week.');
      await page.getByTestId('builder-field').nth(3).getByTestId('edit-field').click();
      // Each key waits for what a screen reader hears after the previous one (dnd-kit's live region).
      const handle = page.getByTestId('builder-field').nth(3).getByTestId('field-handle');
      await handle.focus();
      await page.keyboard.press('Space');
      await expect.poll(() => dragAnnouncement(page)).toMatch(/opgepakt\.$|op plaats 4\.$/);
      for (const position of [3, 2, 1]) {
        await page.keyboard.press('ArrowUp');
        await expect.poll(() => dragAnnouncement(page)).toMatch(new RegExp(`op plaats ${position}\\.$`));
      }
      await page.keyboard.press('Space');
      await expect
        .poll(() =>
          page.getByTestId('builder-field').evaluateAll((els) => els.map((e) => e.getAttribute('data-id'))),
        )
        .toEqual(['info_1', 'question_1', 'question_2', 'question_3']);

      // The builder's live preview applies the condition.
      const preview = page.getByTestId('builder-preview');
      await expect.poll(() => preview.getByText('Wat is je vraag?').count()).toBe(0);
      await preview.getByTestId('question-question_2').getByLabel('Ja').check();
      await expect.poll(() => preview.getByText('Wat is je vraag?').count()).toBe(1);

      await expectAccessible(page, 'form builder');
      await shot(page, 'form-builder');

      await page.getByTestId('save-publish-form').click();
      await page
        .getByText(/Versie 1 is gepubliceerd|Het formulier klopt nog niet/)
        .first()
        .waitFor();
      expect(await page.getByTestId('builder-problems').count()).toBe(0);
      await page.goto(stack.url(TENANT, formPath));
      await expect.poll(() => page.getByTestId('form-status').textContent()).toMatch(/Gepubliceerd/);
      publicUrl = (await page.getByTestId('public-link').getAttribute('href')) ?? '';
      expect(publicUrl).toMatch(/^\/forms\/[\w-]+$/);
      expect(problems).toEqual([]);
    } finally {
      await context.close();
    }
  });

  it('lets a visitor send it: the hidden required question does not block, the visible one does', async () => {
    expect(publicUrl).not.toBe('');
    const { page, problems, context } = await openPortal(stack, { viewport: PHONE });
    try {
      // Served FORM_MIN_SECONDS_TO_SUBMIT ago (the stack's seam): the test need not wait to send it.
      await formsServedEarlier(page, stack);
      await page.goto(stack.url(TENANT, publicUrl));
      const form = page.getByTestId('form-renderer');
      await form.waitFor();
      await expect.poll(() => page.title()).toContain(title);
      await expect.poll(() => page.locator('.header, header').count()).toBe(0);
      await expectAccessible(page, 'public form');

      // Blur on an empty required question: its message in Dutch, linked to the input.
      const name = form.getByLabel(/^Je naam/);
      await name.focus();
      await name.blur();
      const nameQuestion = form.getByTestId('question-question_1');
      await expect.poll(() => nameQuestion.getByTestId('field-error').textContent()).toBe(REQUIRED);
      const describedBy = (await name.getAttribute('aria-describedby')) ?? '';
      const errorId = await nameQuestion.getByTestId('field-error').getAttribute('id');
      expect(describedBy.split(' ')).toContain(errorId);

      // Submit with the name missing: focus goes to it.
      await page.getByTestId('form-submit').click();
      await expect.poll(() => name.evaluate((el) => el === document.activeElement)).toBe(true);
      await name.fill('Sam de Vries');
      await expect.poll(() => nameQuestion.getByTestId('field-error').count()).toBe(0);

      // "Yes" shows the required question; sending now is refused with its message.
      await form.getByTestId('question-question_2').getByLabel('Ja').check();
      const question = form.getByLabel(/^Wat is je vraag\?/);
      await question.waitFor();
      await page.getByTestId('form-submit').click();
      await expect
        .poll(() => form.getByTestId('question-question_3').getByTestId('field-error').textContent())
        .toBe(REQUIRED);
      await expect.poll(() => question.evaluate((el) => el === document.activeElement)).toBe(true);
      await expectAccessible(page, 'public form with errors');
      await shot(page, 'public-form-errors');

      // "No" hides it again: the hidden required question no longer blocks.
      await form.getByTestId('question-question_2').getByLabel('Nee').check();
      await expect.poll(() => question.count()).toBe(0);
      await page.getByTestId('form-submit').click();
      await page.getByTestId('form-thanks').or(page.getByTestId('form-alert')).first().waitFor();
      expect(await page.getByTestId('form-alert').allTextContents()).toEqual([]);
      await page.getByTestId('form-thanks').waitFor();
      await shot(page, 'public-form-thanks');
      expect(problems).toEqual([]);
    } finally {
      await context.close();
    }
  });

  it('shows the submission in the builder', async () => {
    const { page, problems, context } = await openPortal(stack, { viewport: PHONE });
    try {
      await signIn(page, stack, TENANT, demo('admin', TENANT));
      await page.goto(stack.url(TENANT, formPath));
      const row = page.getByTestId('submission-row').first();
      await row.waitFor();
      expect(await row.textContent()).toContain('Sam de Vries');
      await row.getByRole('link').click();
      const answers = page.getByTestId('submission-answers');
      await answers.waitFor();
      const text = await answers.textContent();
      expect(text).toContain('Sam de Vries');
      expect(text).toContain('Nee');
      expect(text).not.toContain('Wat is je vraag?');
      await expectAccessible(page, 'submission');

      // The back office lists the form at /content/forms; its page there shows the versions and
      // the submissions and links into the builder.
      await page.goto(stack.url(TENANT, '/content/forms'));
      const link = page.getByRole('link').filter({ hasText: title });
      await link.waitFor();
      await link.click();
      await page.waitForURL((url) => /^\/content\/forms\/[^/]+$/.test(url.pathname));
      await page.getByTestId('form-show').waitFor();
      await expect.poll(() => page.getByTestId('form-version-row').count()).toBe(1);
      expect(await page.getByTestId('form-submission-count').textContent()).toBe('1');
      await expectAccessible(page, 'back office form');
      await page.getByTestId('form-open-builder').click();
      await page.waitForURL((url) => url.pathname === formPath);
      await page.getByTestId('form-show-page').waitFor();
      expect(problems).toEqual([]);
    } finally {
      await context.close();
    }
  });
});

describe('the contact form', () => {
  it('/contactformulier shows the seeded contact form and sends it', async () => {
    const { page, problems, context } = await openPortal(stack, { viewport: PHONE });
    try {
      await signIn(page, stack, TENANT, demo('student', TENANT));
      await formsServedEarlier(page, stack);
      await page.goto(stack.url(TENANT, '/contactformulier'));
      const form = page.getByTestId('form-renderer');
      await form.waitFor();
      await expect.poll(() => page.getByTestId('page-title').textContent()).toBe('Contact');
      // The honeypot is out of reach: no label a person sees, not in the tab order.
      const honeypot = page.locator('input[name="homepage"]');
      expect(await honeypot.getAttribute('tabindex')).toBe('-1');
      expect(await honeypot.isVisible()).toBe(true); // rendered, but off-screen
      expect((await honeypot.boundingBox())!.x).toBeLessThan(0);
      await form.getByLabel(/^Naam/).fill('Sam de Vries');
      await form.getByLabel(/^E-mailadres/).fill('sam@example.nl');
      await form.getByLabel(/^Onderwerp/).selectOption('internship');
      await form.getByLabel(/^Bericht/).fill('Kort');
      await form.getByLabel(/^Bericht/).blur();
      await expect
        .poll(() => form.getByTestId('question-message').getByTestId('field-error').textContent())
        .toBe(translate('nl', 'validation.minLength', { min: 10 }));
      await form.getByLabel(/^Bericht/).fill('Hoe vind ik een stage in de zorg?');
      await expectAccessible(page, 'contact form');
      await page.getByTestId('form-submit').click();
      await page.getByTestId('form-thanks').waitFor();
      expect(await page.getByTestId('form-thanks').textContent()).toContain('Bedankt voor je bericht');
      expect(problems).toEqual([]);
    } finally {
      await context.close();
    }
  });
});

describe('the forms test pages', () => {
  it('/test/stagedoos_fields renders every field type with conditions and a signature', async () => {
    const { page, problems, context } = await openPortal(stack, { viewport: PHONE });
    try {
      await signIn(page, stack, TENANT, demo('admin', TENANT));
      await page.goto(stack.url(TENANT, '/test/stagedoos_fields'));
      const form = page.getByTestId('form-renderer');
      await form.waitFor();
      await form.getByLabel(/^Naam/).fill('Sam');
      await form.getByLabel(/^E-mailadres/).fill('sam@example.nl');
      await page.getByTestId('form-submit').click();
      // Page 2: "Other" shows its follow-up question; "yes" the closing section with the signature.
      await form.getByTestId('question-kind').waitFor();
      await form.getByTestId('question-kind').getByLabel('Anders').check();
      await form.getByLabel(/^Welke soort\?/).fill('Zorg');
      await form.getByTestId('question-again').getByLabel('Ja').check();
      await form.getByLabel(/^Aantal uren/).fill('12,5');
      await form.getByLabel(/^Aantal uren/).blur();
      await expect
        .poll(() => form.getByTestId('question-hours').getByTestId('field-error').textContent())
        .toBe(translate('nl', 'validation.integer'));
      await form.getByLabel(/^Aantal uren/).fill('12');
      await page.getByTestId('form-submit').click();
      await expect
        .poll(() => form.getByTestId('question-signature').getByTestId('field-error').textContent())
        .toBe(REQUIRED);
      const pad = page.getByTestId('signature-signature');
      // Nothing drawn: Undo and Clear are disabled and look it (not like the enabled buttons), axe-clean.
      const undo = page.getByTestId('signature-signature-undo');
      const clear = page.getByTestId('signature-signature-clear');
      const look = (button: typeof undo) =>
        button.evaluate((b) => {
          const style = getComputedStyle(b);
          return { ground: style.backgroundColor, text: style.color, cursor: style.cursor };
        });
      expect([await undo.isDisabled(), await clear.isDisabled()]).toEqual([true, true]);
      const disabledLook = await look(undo);
      expect(await look(clear)).toEqual(disabledLook);
      expect(disabledLook.cursor).toBe('not-allowed');
      await expectAccessible(page, 'signature pad, nothing drawn');
      await pad.scrollIntoViewIfNeeded();
      await shot(page, 'signature-pad-nothing-drawn');
      const box = (await pad.boundingBox())!;
      await page.mouse.move(box.x + 20, box.y + 40);
      await page.mouse.down();
      for (let i = 1; i <= 10; i++) await page.mouse.move(box.x + 20 + i * 20, box.y + 40 + (i % 2) * 30);
      await page.mouse.up();
      await expect
        .poll(() => form.getByTestId('question-signature').getByTestId('field-error').count())
        .toBe(0);
      expect([await undo.isDisabled(), await clear.isDisabled()]).toEqual([false, false]);
      // Enabled once drawn, in the neutral buttons' look: another ground and text colour than disabled.
      const enabledLook = await look(undo);
      expect(enabledLook.ground).not.toBe(disabledLook.ground);
      expect(enabledLook.text).not.toBe(disabledLook.text);
      expect(enabledLook.cursor).not.toBe('not-allowed');
      // A turned phone: the pad narrows and the drawing is redrawn from its points, still there.
      const inked = () =>
        pad.evaluate((canvas: HTMLCanvasElement) => {
          const { data } = canvas.getContext('2d')!.getImageData(0, 0, canvas.width, canvas.height);
          let ink = 0;
          for (let i = 3; i < data.length; i += 4) if (data[i]! > 0) ink++;
          return ink;
        });
      const before = await inked();
      const viewport = page.viewportSize()!;
      await page.setViewportSize({ width: Math.round(viewport.width * 0.6), height: viewport.height });
      await expect.poll(async () => (await pad.boundingBox())!.width).toBeLessThan(box.width);
      await expect.poll(inked).toBeGreaterThan(before * 0.3);
      expect(await form.getByText('Handtekening gezet.').count()).toBe(1);
      await page.setViewportSize(viewport);
      await expectAccessible(page, 'fields test page');
      await page.getByTestId('form-submit').click();
      const sent = await page.getByTestId('demo-answers').textContent();
      expect(JSON.parse(sent ?? '{}')).toMatchObject({
        kind: 'other',
        kind_other: 'Zorg',
        hours: 12,
        again: true,
      });
      expect(sent).toContain('data:image/png;base64');
      expect(problems).toEqual([]);
    } finally {
      await context.close();
    }
  });

  it('/test/formbuilder shows the editor beside the renderer', async () => {
    const { page, problems, context } = await openPortal(stack, { viewport: PHONE });
    try {
      await signIn(page, stack, TENANT, demo('admin', TENANT));
      await page.goto(stack.url(TENANT, '/test/formbuilder'));
      await page.getByTestId('form-editor').waitFor();
      await page.getByTestId('builder-preview').waitFor();
      await expectAccessible(page, 'form builder test page');
      expect(problems).toEqual([]);
    } finally {
      await context.close();
    }
  });
});

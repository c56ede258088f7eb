import { readFile } from 'node:fs/promises';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
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
 * The builder's drag and drop across sections, and files on public forms, in Chromium at phone width (docs/decisions/forms.md "Files on public forms"):
 * an admin builds a form with a file question that takes PDFs only, a visitor uploads a file (a refused
 * one first, with the server's Dutch message) and sends the form, and the admin sees the file on the
 * submission and downloads it. axe on the public form and the submission.
 */
const TENANT = 'raayland';
const PDF = Buffer.from('%PDF-1.4\n1 0 obj << /Type /Catalog >>\nendobj\ntrailer << /Root 1 0 R >>\n%%EOF\n');
let stack: TStack;
beforeAll(async () => {
  stack = await startStack();
});
afterAll(async () => stack?.close());

describe('a visitor sends a file with a public form', () => {
  const title = `Aanmelding met cv ${Date.now().toString(36)}`;
  let publicUrl = '';
  let formPath = '';

  it('an admin builds a form with a file question that takes PDFs only', async () => {
    const { page, problems, context } = await openPortal(stack, { viewport: PHONE });
    try {
      await signIn(page, stack, TENANT, demo('admin', TENANT));
      await page.goto(stack.url(TENANT, '/form_builder/new'));
      await page.getByTestId('new-form-title').fill(title);
      await page.getByTestId('create-form').click();
      await page.waitForURL(/\/form_builder\/[^/]+\/edit$/);
      formPath = new URL(page.url()).pathname.replace(/\/edit$/, '');

      const field = (i: number) => page.getByTestId('builder-field').nth(i);
      await field(0).getByTestId('edit-field').click();
      await field(0).getByTestId('field-editor').getByTestId('field-label-nl').fill('Je naam');
      await field(0).getByTestId('edit-field').click();

      await page.getByTestId('add-field-type').selectOption('file_upload');
      await page.getByTestId('add-field').click();
      const panel = field(1).getByTestId('field-editor');
      await panel.getByTestId('field-label-nl').fill('Je cv');
      await panel.getByTestId('field-required').check();
      await panel.getByTestId('file-accept-image').uncheck();
      await expectAccessible(page, 'form builder with a file question');
      await field(1).getByTestId('edit-field').click();

      await page.getByTestId('save-publish-form').click();
      await page
        .getByText(/Versie 1 is gepubliceerd/)
        .first()
        .waitFor();
      await page.goto(stack.url(TENANT, formPath));
      publicUrl = (await page.getByTestId('public-link').getAttribute('href')) ?? '';
      expect(publicUrl).toMatch(/^\/forms\/[\w-]+$/);
      expect(problems).toEqual([]);
    } finally {
      await context.close();
    }
  });

  it('the visitor uploads the file (a refused one first) and sends the form', async () => {
    expect(publicUrl).not.toBe('');
    const { page, problems, context } = await openPortal(stack, {
      viewport: PHONE,
      // The refused upload below is part of the test.
      expectFailures: [/\/api\/v1\/public\/forms\/[^/]+\/files$/],
    });
    try {
      // Served FORM_MIN_SECONDS_TO_SUBMIT ago (the stack's seam): the test need not wait to send it.
      await formsServedEarlier(page, stack);
      await page.goto(stack.url(TENANT, publicUrl));
      const form = page.getByTestId('form-renderer');
      await form.waitFor();
      await form.getByLabel('Je naam').fill('Sam de Vries');
      const input = form.locator('input[type="file"]');
      expect(await input.getAttribute('accept')).toBe('application/pdf');

      // Called .pdf but a PNG by its bytes: the browser's check passes, the server refuses it in Dutch.
      const png = Buffer.from(
        'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==',
        'base64',
      );
      await input.setInputFiles({ name: 'nep.pdf', mimeType: 'application/pdf', buffer: png });
      const error = page.getByTestId('file-error-question_2');
      await expect
        .poll(() => error.textContent())
        .toContain('Bij deze vraag kun je alleen dit uploaden: PDF');

      // The browser's own check: an image is not what this question takes.
      await input.setInputFiles({ name: 'foto.png', mimeType: 'image/png', buffer: png });
      await expect.poll(() => error.textContent()).toBe('Kies een bestand van het type: PDF.');

      await input.setInputFiles({ name: 'Mijn cv.pdf', mimeType: 'application/pdf', buffer: PDF });
      await expect
        .poll(() => page.getByTestId('file-status-question_2').textContent())
        .toBe('Geüpload: Mijn cv.pdf');
      expect(await error.count()).toBe(0);
      await expectAccessible(page, 'public form with a file');
      await shot(page, 'public-form-file');

      await page.getByTestId('form-submit').click();
      await page.getByTestId('form-thanks').or(page.getByTestId('form-alert')).first().waitFor();
      expect(await page.getByTestId('form-alert').allTextContents()).toEqual([]);
      await page.getByTestId('form-thanks').waitFor();
      expect(problems).toEqual([]);
    } finally {
      await context.close();
    }
  });

  it('the admin sees the file on the submission and downloads it', async () => {
    const { page, problems, context } = await openPortal(stack, { viewport: PHONE });
    try {
      await signIn(page, stack, TENANT, demo('admin', TENANT));
      await page.goto(stack.url(TENANT, formPath));
      const row = page.getByTestId('submission-row').first();
      await row.waitFor();
      await row.getByRole('link').click();
      const answers = page.getByTestId('submission-answers');
      await answers.waitFor();
      const button = answers.getByRole('button', { name: /Mijn cv\.pdf downloaden/ });
      await button.waitFor();
      await expectAccessible(page, 'submission with a file');
      await shot(page, 'form-submission-file');
      const [download] = await Promise.all([page.waitForEvent('download'), button.click()]);
      expect(download.suggestedFilename()).toBe('Mijn cv.pdf');
      const saved = await download.path();
      expect((await readFile(saved)).equals(PDF)).toBe(true);
      expect(problems).toEqual([]);
    } finally {
      await context.close();
    }
  });
});

describe('the builder moves a question to another section', () => {
  it('by dragging it with the pointer, and another one with the keyboard', async () => {
    const { page, problems, context } = await openPortal(stack, { viewport: PHONE });
    try {
      await signIn(page, stack, TENANT, demo('admin', TENANT));
      await page.goto(stack.url(TENANT, '/form_builder/new'));
      await page.getByTestId('new-form-title').fill(`Onderdelen ${Date.now().toString(36)}`);
      await page.getByTestId('create-form').click();
      await page.waitForURL(/\/form_builder\/[^/]+\/edit$/);
      await page.getByTestId('add-field').click();
      await page.getByRole('button', { name: 'Onderdeel toevoegen' }).click();
      const first = page.getByTestId('section-section_1');
      const second = page.getByTestId('section-section_2');
      await second.waitFor();
      const idsIn = (section: typeof first) =>
        section.getByTestId('builder-field').evaluateAll((els) => els.map((e) => e.getAttribute('data-id')));
      expect(await idsIn(first)).toEqual(['question_1', 'question_2']);
      expect(await idsIn(second)).toEqual([]);

      // Pointer: question 1's handle onto the empty second section.
      const handle = first.getByTestId('builder-field').first().getByTestId('field-handle');
      await handle.scrollIntoViewIfNeeded();
      const from = (await handle.boundingBox())!;
      const target = (await second.getByTestId('builder-fields').boundingBox())!;
      await page.mouse.move(from.x + from.width / 2, from.y + from.height / 2);
      await page.mouse.down();
      await page.mouse.move(from.x + from.width / 2, from.y + from.height / 2 + 10, { steps: 3 });
      await page.mouse.move(target.x + target.width / 2, target.y + target.height / 2, { steps: 12 });
      await page.mouse.up();
      await expect.poll(() => idsIn(second)).toEqual(['question_1']);
      expect(await idsIn(first)).toEqual(['question_2']);

      // Keyboard: question 2 down into the second section (space, arrow down, space).
      const keyHandle = first.getByTestId('builder-field').first().getByTestId('field-handle');
      await keyHandle.focus();
      await page.keyboard.press('Space');
      // Each key waits for what a screen reader hears after the previous one (dnd-kit's live region).
      await expect.poll(() => dragAnnouncement(page)).toMatch(/opgepakt\.$|in onderdeel 1\.$/);
      // dnd-kit's keyboard sensor starts listening one task after the pick-up (a setTimeout), so under
      // load the first arrow can land before it listens: a person presses again, and so does the test.
      await expect
        .poll(
          async () => {
            const heard = await dragAnnouncement(page);
            if (!/in onderdeel 2\.$/.test(heard)) await page.keyboard.press('ArrowDown');
            return heard;
          },
          { interval: 500, timeout: 15_000 },
        )
        .toMatch(/in onderdeel 2\.$/);
      await page.keyboard.press('Space');
      await expect.poll(() => idsIn(second)).toContain('question_2');
      expect(await idsIn(first)).toEqual([]);
      await expectAccessible(page, 'form builder with two sections');
      await shot(page, 'form-builder-sections');
      expect(problems).toEqual([]);
    } finally {
      await context.close();
    }
  });
});

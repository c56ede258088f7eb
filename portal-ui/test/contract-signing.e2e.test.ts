import { readFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import { dirname } from 'node:path';
import { getDocument } from 'pdfjs-dist/legacy/build/pdf.mjs';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SEED_NAMESPACE, uuidV5 } from '@stageplein/contracts/domain/seed-ids';
import {
  apiAs,
  demo,
  DESKTOP,
  expectAccessible,
  openMailedLink,
  openPortal,
  PHONE,
  shot,
  signIn,
  startStack,
  type TApi,
  type TStack,
} from './stack.ts';

/**
 * Signing a contract in Chromium on `demo` (issue #34 item 4; companySignsFirst, company fields, QR
 * first, school representatives) with the contract-signing workflow on its own Temporal dev server: the
 * seeded contract waiting for the company's fields. The student's copy of the page says whom it waits
 * for, never a signing screen; the company, on a phone, fills its fields and signs on the sign page (the
 * drawing survives turning the phone); the student, on a desktop, opens the QR code from the contract's
 * page and a second browser (the phone, signed out) signs with its one-time token while the desktop
 * follows without a reload; the school's representative signs from the mailed link; the contract seals
 * and its PDF downloads (bytes and extracted text checked). axe-clean; screenshots at phone size.
 */
const TENANT = 'demo';
/** The demo student's accepted internship (internships.seed.ts index 2): its contract waits for the company. */
const INTERNSHIP = uuidV5(`${TENANT}:internship:2`, SEED_NAMESPACE);
const REPRESENTATIVE = 'vertegenwoordiger@demo-college.example';

interface TSignerRef {
  id: string;
  role: string;
}
let stack: TStack;
let school: TApi;
let contract: { id: string; student: string; organization: string; school: string; signers: TSignerRef[] };
const signerOf = (role: string) => contract.signers.find((s) => s.role === role)!.id;

beforeAll(async () => {
  stack = await startStack({ workflows: true });
  school = await apiAs(stack.app, TENANT, 'admin', 'school');
  const list = await school.get<{ data: { id: string }[] }>(
    `/api/v1/contracts?filter[internship_id]=${INTERNSHIP}&filter[status]=company_fields`,
  );
  const id = list.body.data[0]!.id;
  const one = await school.get<{
    data: {
      attributes: {
        student_name: string;
        organization_name: string;
        variables: Record<string, string | null>;
        signers: TSignerRef[];
      };
    };
  }>(`/api/v1/contracts/${id}`);
  const a = one.body.data.attributes;
  contract = {
    id,
    student: a.variables['student.name'] ?? a.student_name,
    // The parties as the frozen contract names them (its variables), as the PDF prints them.
    organization: a.variables['organization.name'] ?? a.organization_name,
    school: a.variables['school.name'] ?? '',
    signers: a.signers,
  };
  expect(contract.signers.map((s) => s.role)).toEqual(['company', 'student', 'school_representative']);
  // The school gives its representative's address (no account): their link is mailed when their turn comes.
  const set = await school.send(
    'PUT',
    `/api/v1/contract_signers/${signerOf('school_representative')}/email`,
    {
      data: { type: 'contract_signer', attributes: { email: REPRESENTATIVE, name: 'Rianne Vos' } },
    },
  );
  expect(set.status).toBe(204);
});
afterAll(async () => stack?.close());

/** The demo student's completed internship (index 3): its first contract was voided with a reason. */
const VOIDED_INTERNSHIP = uuidV5(`${TENANT}:internship:3`, SEED_NAMESPACE);

/** Draws a signature on the pad with the mouse (pointer events, as a finger would). */
async function draw(page: Page) {
  const pad = page.getByTestId('signature-contract');
  await pad.scrollIntoViewIfNeeded();
  const box = (await pad.boundingBox())!;
  const y = box.y + box.height / 2;
  await page.mouse.move(box.x + 30, y);
  await page.mouse.down();
  for (let i = 1; i <= 12; i++)
    await page.mouse.move(box.x + 30 + i * 18, y + (i % 2 ? -25 : 25), { steps: 3 });
  await page.mouse.up();
  await expect.poll(() => page.locator('.signature__state').textContent()).toBe('Handtekening gezet.');
}

/** How many of the pad's pixels carry ink, and how wide the inked part is (in the canvas's pixels). */
const ink = (page: Page) =>
  page.getByTestId('signature-contract').evaluate((c) => {
    const canvas = c as HTMLCanvasElement;
    const data = canvas.getContext('2d')!.getImageData(0, 0, canvas.width, canvas.height).data;
    let n = 0;
    let left = canvas.width;
    let right = 0;
    for (let i = 3; i < data.length; i += 4)
      if (data[i]! > 0) {
        n++;
        const x = ((i - 3) / 4) % canvas.width;
        left = Math.min(left, x);
        right = Math.max(right, x);
      }
    return { n, width: n ? right - left : 0 };
  });

async function pdfText(bytes: Buffer): Promise<string> {
  const doc = await getDocument({
    data: new Uint8Array(bytes),
    standardFontDataUrl: `${dirname(createRequire(import.meta.url).resolve('pdfjs-dist/package.json'))}/standard_fonts/`,
  }).promise;
  const pages: string[] = [];
  for (let n = 1; n <= doc.numPages; n++) {
    const content = await (await doc.getPage(n)).getTextContent();
    pages.push(content.items.map((item) => ('str' in item ? item.str : '')).join(' '));
  }
  return pages.join('\n').replace(/\s+/g, ' ');
}

describe('signing a contract: the company on a phone, the student by QR code, sealed', () => {
  it('a later signer’s page waits; the company fills its fields and signs on a phone', async () => {
    // The student opens their own signing page before the company signed: whom they wait for, nothing to sign.
    const student = await openPortal(stack, { viewport: PHONE });
    try {
      await signIn(student.page, stack, TENANT, demo('student', TENANT));
      await student.page.goto(stack.url(TENANT, `/contracts/${contract.id}/sign/${signerOf('student')}`));
      const waiting = student.page.getByTestId('contract-sign-waiting');
      await expect
        .poll(() => waiting.textContent())
        .toContain('Het stagebedrijf vult eerst zijn gegevens in');
      expect(await student.page.getByTestId('contract-sign-submit').count()).toBe(0);
      expect(await student.page.getByTestId('page-title').textContent()).toBe('Stagecontract ondertekenen');
      await expectAccessible(student.page, 'sign page, waiting');
      await shot(student.page, 'contract-sign-waiting');
      expect(student.problems).toEqual([]);
    } finally {
      await student.context.close();
    }

    const { page, context, problems } = await openPortal(stack, { viewport: PHONE });
    try {
      await signIn(page, stack, TENANT, demo('bedrijf', TENANT));
      await page.goto(stack.url(TENANT, `/contracts/${contract.id}/sign/${signerOf('company')}`));
      // The company's fields first, on the signing page.
      const fields = page.getByTestId('contract-company');
      await fields.waitFor();
      await expectAccessible(page, 'sign page, company fields');
      await shot(page, 'contract-sign-company-fields');
      await page.getByTestId('contract-field-werktijden').fill('ma-vr 9:00-17:00');
      await page.getByTestId('contract-field-vergoeding').fill('300');
      await page.getByTestId('contract-company-send').click();

      // Out for signing: the workflow opens the company's turn, the page follows by itself.
      const text = page.getByTestId('contract-sign-text');
      await text.waitFor({ timeout: 30_000 });
      expect(await text.textContent()).toContain('ma-vr 9:00-17:00');
      expect(await page.getByTestId('contract-sign-qr-offer').count()).toBe(0);
      await expectAccessible(page, 'sign page, your turn');
      await shot(page, 'contract-sign-company');

      // Nothing drawn, not agreed: the page says what is missing and sends nothing.
      await page.getByTestId('contract-sign-submit').click();
      expect(await page.getByTestId('field-error').allTextContents()).toEqual([
        'Zet eerst je handtekening.',
        'Vink aan dat je akkoord gaat.',
      ]);
      await draw(page);
      const before = await ink(page);
      expect(before.n).toBeGreaterThan(50);
      // The phone turns: the drawing is redrawn at the new size, and back as it was (not shrunk).
      await page.setViewportSize({ width: PHONE.height, height: PHONE.width });
      await expect
        .poll(() => page.getByTestId('signature-contract').evaluate((c) => c.clientWidth))
        .toBeGreaterThan(600);
      await expect.poll(async () => (await ink(page)).n).toBeGreaterThan(50);
      await page.setViewportSize(PHONE);
      await expect
        .poll(() => page.getByTestId('signature-contract').evaluate((c) => c.clientWidth))
        .toBeLessThan(400);
      await expect.poll(async () => (await ink(page)).width).toBeGreaterThan(before.width * 0.9);
      expect((await ink(page)).width).toBeLessThan(before.width * 1.1);
      expect(await page.locator('.signature__state').textContent()).toBe('Handtekening gezet.');
      await page.getByTestId('contract-sign-agree').check();
      await shot(page, 'contract-sign-company-drawn');
      await page.getByTestId('contract-sign-submit').click();
      const signed = page.getByTestId('contract-sign-signed');
      await signed.waitFor({ timeout: 30_000 });
      expect(await signed.textContent()).toContain('Je hebt dit contract ondertekend');
      await expectAccessible(page, 'sign page, signed');
      await shot(page, 'contract-sign-company-signed');
      expect(problems).toEqual([]);
    } finally {
      await context.close();
    }
  });

  it('the student signs by QR code on a second device; the desktop follows; sealed; the PDF downloads', async () => {
    const desktop = await openPortal(stack, { viewport: DESKTOP });
    const phone = await openPortal(stack, { viewport: PHONE });
    try {
      const { page } = desktop;
      await signIn(page, stack, TENANT, demo('student', TENANT));
      await page.goto(stack.url(TENANT, `/contracts/${contract.id}`));
      // demo signs by QR code first: the contract's page leads with it.
      const qrButton = page.getByTestId('contract-sign-qr');
      await qrButton.waitFor({ timeout: 30_000 });
      expect(await qrButton.getAttribute('class')).toContain('btn--primary');
      expect(await page.getByTestId('contract-sign-here').getAttribute('class')).toContain('btn--neutral');
      await qrButton.click();
      const code = page.getByTestId('contract-qr-code');
      await code.waitFor();
      const link = (await code.getAttribute('data-qr-value'))!;
      expect(link).toMatch(
        new RegExp(`/contracts/${contract.id}/sign/${signerOf('student')}#[A-Za-z0-9_-]{43}$`),
      );
      expect(await page.getByTestId('contract-qr').textContent()).toContain(
        'Deze QR-code werkt één keer, tot',
      );
      await expectAccessible(page, 'QR page');
      await shot(page, 'contract-qr-sign');
      // The desktop asks again while the phone signs; the browser revalidates with the view's ETag.
      const polled: Promise<string | undefined>[] = [];
      page.on('response', (r) => {
        if (r.request().method() === 'GET' && r.url().endsWith(`/contract_signers/${signerOf('student')}`))
          polled.push(
            r
              .request()
              .allHeaders()
              .then((h) => h['if-none-match']),
          );
      });
      // Marks this document: still there after the phone signed, so the page followed without a reload.
      await page.evaluate(() => ((window as unknown as { stayed: boolean }).stayed = true));

      // The phone: signed out, the QR code's link.
      await phone.page.goto(link.replace(/^https?:\/\/[^/]+/, stack.url(TENANT, '')));
      await phone.page.getByTestId('contract-sign-text').waitFor();
      await expectAccessible(phone.page, 'sign page by QR code');
      await draw(phone.page);
      await phone.page.getByTestId('contract-sign-agree').check();
      await shot(phone.page, 'contract-sign-student-qr');
      await phone.page.getByTestId('contract-sign-submit').click();
      await phone.page.getByTestId('contract-sign-signed').waitFor({ timeout: 30_000 });
      // Signed out: no download offered on the phone.
      expect(await phone.page.getByTestId('contract-sign-download').count()).toBe(0);

      const followed = page.getByTestId('contract-sign-signed');
      await followed.waitFor({ timeout: 30_000 });
      expect(await followed.textContent()).toContain('Ondertekend op je telefoon');
      expect(await page.evaluate(() => (window as unknown as { stayed?: boolean }).stayed)).toBe(true);
      // Each poll was a revalidation (the view's ETag sent back), the one that saw the signature too.
      const sent = await Promise.all(polled);
      expect(sent.length).toBeGreaterThan(0);
      expect(sent.every((tag) => /^"[\w-]+"$/.test(tag ?? ''))).toBe(true);
      await expectAccessible(page, 'QR page, signed');

      // The school's representative signs from the mailed link; then the contract seals.
      const rep = await openMailedLink(
        stack,
        TENANT,
        REPRESENTATIVE,
        `/contracts/${contract.id}/sign/${signerOf('school_representative')}`,
        'contract-sign-page',
      );
      try {
        await rep.page.getByTestId('contract-sign-text').waitFor();
        await draw(rep.page);
        await rep.page.getByTestId('contract-sign-agree').check();
        await rep.page.getByTestId('contract-sign-submit').click();
        await rep.page.getByTestId('contract-sign-signed').waitFor({ timeout: 30_000 });
        expect(rep.problems).toEqual([]);
      } finally {
        await rep.context.close();
      }

      // The desktop sees the seal and downloads the PDF.
      await expect
        .poll(() => followed.getAttribute('data-sealed'), { timeout: 60_000, interval: 500 })
        .toBe('true');
      await shot(page, 'contract-qr-sealed');
      const [download] = await Promise.all([
        page.waitForEvent('download'),
        page.getByTestId('contract-sign-download').click(),
      ]);
      const bytes = await readFile((await download.path())!);
      expect(bytes.subarray(0, 5).toString('latin1')).toBe('%PDF-');
      const text = await pdfText(bytes);
      for (const party of [contract.student, contract.organization, contract.school])
        expect(text, 'the parties').toContain(party);
      expect(text).toContain('ma-vr 9:00-17:00');

      // Every step in the hash-chained trail: the pages opened, the QR code, each signature, the seal.
      const trail = await school.get<{
        data: { attributes: { intact: boolean; entries: { action: string; data: { role?: string } }[] } };
      }>(`/api/v1/contracts/${contract.id}/audit_trail`);
      const { intact, entries } = trail.body.data.attributes;
      expect(intact).toBe(true);
      const steps = entries.map((e) => (e.data.role ? `${e.action}:${e.data.role}` : e.action));
      expect(steps).toEqual(
        expect.arrayContaining([
          'viewed:student',
          'viewed:company',
          'viewed:school_representative',
          'qr_token_issued',
          'signed_by:company',
          'signed_by:student',
          'signed_by:school_representative',
          'signed',
          'sealed',
        ]),
      );
      expect(steps.indexOf('signed_by:company')).toBeLessThan(steps.indexOf('signed_by:student'));
      expect(desktop.problems).toEqual([]);
      expect(phone.problems).toEqual([]);
    } finally {
      await desktop.context.close();
      await phone.context.close();
    }
  });

  it('a voided contract says so, with the reason, in English; never a signing screen', async () => {
    const list = await school.get<{ data: { id: string; attributes: { signers: TSignerRef[] } }[] }>(
      `/api/v1/contracts?filter[internship_id]=${VOIDED_INTERNSHIP}&filter[status]=voided`,
    );
    const voided = list.body.data[0]!;
    const student = voided.attributes.signers.find((x) => x.role === 'student')!.id;
    const { page, context, problems } = await openPortal(stack, { viewport: PHONE, locale: 'en-GB' });
    try {
      await signIn(page, stack, TENANT, demo('student', TENANT));
      await page.goto(stack.url(TENANT, `/contracts/${voided.id}/sign/${student}`));
      const closed = page.getByTestId('contract-sign-closed');
      await closed.waitFor();
      expect(await closed.textContent()).toContain('This contract was voided');
      expect(await closed.textContent()).toContain('Reason: De data van de stage zijn gewijzigd');
      expect(await page.getByTestId('page-title').textContent()).toBe('Sign internship contract');
      expect(await page.getByTestId('contract-sign-submit').count()).toBe(0);
      await expectAccessible(page, 'sign page, voided');
      await shot(page, 'contract-sign-voided');
      expect(problems).toEqual([]);
    } finally {
      await context.close();
    }
  });
});

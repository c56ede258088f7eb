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
  latestMail,
  movableClock,
  openMailedLink,
  openPortal,
  PHONE,
  shot,
  signIn,
  signInSchoolAdmin,
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
/** The server's clock: moved forward where a QR code's ten minutes must pass. */
const clock = movableClock();
let school: TApi;
let contract: { id: string; student: string; organization: string; school: string; signers: TSignerRef[] };
const signerOf = (role: string) => contract.signers.find((s) => s.role === role)!.id;

beforeAll(async () => {
  stack = await startStack({ workflows: true, now: clock.now });
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
async function draw(page: Page, signedText = 'Handtekening gezet.') {
  const pad = page.getByTestId('signature-contract');
  await pad.scrollIntoViewIfNeeded();
  const box = (await pad.boundingBox())!;
  const y = box.y + box.height / 2;
  await page.mouse.move(box.x + 30, y);
  await page.mouse.down();
  for (let i = 1; i <= 12; i++)
    await page.mouse.move(box.x + 30 + i * 18, y + (i % 2 ? -25 : 25), { steps: 3 });
  await page.mouse.up();
  await expect.poll(() => page.locator('.signature__state').textContent()).toBe(signedText);
}

/** Draws, agrees and signs on a sign page in turn; waits for the signed state. */
async function signOn(page: Page, signedText?: string) {
  await page.getByTestId('contract-sign-text').waitFor({ timeout: 30_000 });
  await draw(page, signedText);
  await page.getByTestId('contract-sign-agree').check();
  await page.getByTestId('contract-sign-submit').click();
  await page.getByTestId('contract-sign-signed').waitFor({ timeout: 30_000 });
}

/** The link of the newest mail to `to` about the signer's page (a sign link, or after the seal the PDF's). */
async function mailedLink(tenant: string, to: string, contractId: string, signerId: string) {
  const mail = await latestMail(stack, tenant, to, 'external_link');
  const link = new RegExp(`https?://\\S+/contracts/${contractId}/sign/${signerId}#[A-Za-z0-9_-]{43}`).exec(
    mail,
  )?.[0];
  expect(link, mail).toBeTruthy();
  return link!.replace(/^https?:\/\/[^/]+/, stack.url(tenant, ''));
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
        new RegExp(`/contracts/${contract.id}/sign/${signerOf('student')}\\?via=qr#[A-Za-z0-9_-]{43}$`),
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

/** The demo student's running internship (index 0): a minor's contract out for signing, the company first. */
const RUNNING = uuidV5(`${TENANT}:internship:0`, SEED_NAMESPACE);

interface TContractRef {
  id: string;
  attributes: { signers: TSignerRef[]; status: string };
}
async function runningContract(api: TApi, internship: string): Promise<TContractRef> {
  const list = await api.get<{ data: TContractRef[] }>(
    `/api/v1/contracts?filter[internship_id]=${internship}&filter[status]=signing`,
  );
  return list.body.data[0]!;
}
const signerIn = (c: TContractRef, role: string) => c.attributes.signers.find((s) => s.role === role)!.id;

describe('QR codes: ten minutes, renewed on the desktop; a spent code explains itself on the phone', () => {
  it('expires on the desktop (the server’s and the page’s clocks moved), is renewed; the old and the used code say why', async () => {
    const running = await runningContract(school, RUNNING);
    const company = signerIn(running, 'company');
    // The phone's reads of a spent code are refused (410): expected, and shown.
    const spent = [new RegExp(`/api/v1/contract_signers/${company}(/viewed)?$`)];
    const desktop = await openPortal(stack, { viewport: DESKTOP });
    const phone = await openPortal(stack, { viewport: PHONE, expectFailures: spent });
    const signer = await openPortal(stack, { viewport: PHONE });
    const again = await openPortal(stack, { viewport: PHONE, expectFailures: spent });
    try {
      const { page } = desktop;
      // The page's timers run on Playwright's clock: the test moves it with the server's.
      await page.clock.install();
      await signIn(page, stack, TENANT, demo('bedrijf', TENANT));
      await page.goto(stack.url(TENANT, `/contracts/${running.id}/qr-sign/${company}`));
      const code = page.getByTestId('contract-qr-code');
      await code.waitFor({ timeout: 30_000 });
      const first = (await code.getAttribute('data-qr-value'))!;

      // Ten minutes on: the code is gone, the page says so and offers a new one.
      clock.advance(10 * 60_000 + 5_000);
      await page.clock.fastForward('10:05');
      const expired = page.getByTestId('contract-qr-expired');
      await expired.waitFor();
      expect(await expired.textContent()).toBe('Deze QR-code is verlopen.');
      expect(await code.count()).toBe(0);
      await expectAccessible(page, 'QR page, expired');
      await shot(page, 'contract-qr-expired');

      // The phone opens the expired code: why, and what to do; nothing to sign.
      await phone.page.goto(first.replace(/^https?:\/\/[^/]+/, stack.url(TENANT, '')));
      const refused = phone.page.getByTestId('contract-sign-error');
      await refused.waitFor();
      expect(await refused.textContent()).toContain('Deze QR-code werkt niet meer');
      expect(await refused.textContent()).toContain('Maak op je computer een nieuwe QR-code');
      expect(await phone.page.getByTestId('contract-sign-submit').count()).toBe(0);
      await expectAccessible(phone.page, 'sign page, expired QR code');
      await shot(phone.page, 'contract-sign-qr-expired');

      // Renewed: a new one-time code, which the phone signs with; the desktop follows.
      await page.getByTestId('contract-qr-renew').click();
      await code.waitFor();
      const second = (await code.getAttribute('data-qr-value'))!;
      expect(second).not.toBe(first);
      expect(await expired.count()).toBe(0);
      await expectAccessible(page, 'QR page, renewed');
      await signer.page.goto(second.replace(/^https?:\/\/[^/]+/, stack.url(TENANT, '')));
      await signOn(signer.page);
      await page.getByTestId('contract-sign-signed').waitFor({ timeout: 30_000 });

      // The same code once more (another phone): used, said so.
      await again.page.goto(second.replace(/^https?:\/\/[^/]+/, stack.url(TENANT, '')));
      const used = again.page.getByTestId('contract-sign-error');
      await used.waitFor();
      expect(await used.textContent()).toContain('Deze QR-code is al gebruikt');
      await expectAccessible(again.page, 'sign page, used QR code');
      await shot(again.page, 'contract-sign-qr-used');
      for (const p of [desktop, phone, signer, again]) expect(p.problems).toEqual([]);
    } finally {
      for (const p of [desktop, phone, signer, again]) await p.context.close();
    }
  });
});

/**
 * match2gether (no QR first, the company not first, no company fields): its seeded contract of a minor out
 * for signing, the student and the parent first together. The student enters the parent's address on a
 * phone; signs by the mailed link; the parent signs by theirs on a phone in English; the school admin gives
 * the company's signer and its representative an address on /contracts/:id (the internship names no
 * contact); they sign by link; sealed, the parent downloads the PDF by the link mailed at the seal.
 */
describe('a minor’s contract on a tenant that signs by link: the parent signs and downloads the sealed PDF', () => {
  const M2G = 'match2gether';
  const PARENT = 'ellen.de.boer@voorbeeld.example';
  const MISTYPED = 'ellen.de.beor@voorbeeld.example';
  const COMPANY_SIGNER = 'stage@bedrijf-voorbeeld.example';
  const M2G_REPRESENTATIVE = 'rector@match2gether-college.example';

  it('the student enters the parent’s address, the parent signs in English on a phone, sealed, the parent downloads it', async () => {
    const m2g = await apiAs(stack.app, M2G, 'admin', 'school');
    const minor = await runningContract(m2g, uuidV5(`${M2G}:internship:0`, SEED_NAMESPACE));
    expect(minor.attributes.signers.map((s) => s.role).sort()).toEqual(
      ['company', 'parent_guardian', 'school_representative', 'student'].sort(),
    );
    const path = (role: string) => `/contracts/${minor.id}/sign/${signerIn(minor, role)}`;

    // 1. The student, on a phone: their contract asks for the parent's address.
    const student = await openPortal(stack, { viewport: PHONE });
    try {
      const { page } = student;
      await signIn(page, stack, M2G, demo('student', M2G));
      await page.goto(stack.url(M2G, `/contracts/${minor.id}`));
      const card = page.locator('[data-testid="contract-address"][data-role="parent_guardian"]');
      await card.waitFor({ timeout: 30_000 });
      expect(await card.textContent()).toContain('Je bent op de eerste stagedag jonger dan 18');
      // Only the parent's is the student's to give.
      expect(await page.getByTestId('contract-address').count()).toBe(1);
      // On a tenant that signs by link, this device first.
      expect(await page.getByTestId('contract-sign-here').getAttribute('class')).toContain('btn--primary');
      await expectAccessible(page, 'contract page, parent address');
      await shot(page, 'contract-parent-address');
      await card.getByTestId('contract-address-save').click();
      expect(await card.getByTestId('field-error').allTextContents()).toEqual([
        'Dit veld is verplicht',
        'Dit veld is verplicht',
      ]);
      await card.getByTestId('contract-address-name').fill('Ellen de Boer');
      await card.getByTestId('contract-address-email').fill('ellen@');
      await card.getByTestId('contract-address-save').click();
      expect(await card.getByTestId('field-error').allTextContents()).toEqual([
        'Vul een geldig e-mailadres in',
      ]);
      // First a mistyped address: saved, and the parent's link goes to it.
      await card.getByTestId('contract-address-email').fill(MISTYPED);
      await card.getByTestId('contract-address-save').click();
      await card.getByTestId('contract-address-saved').waitFor();
      expect(await card.textContent()).toContain('Ellen de Boer krijgt een e-mail met de link');
      const mistypedLink = await mailedLink(M2G, MISTYPED, minor.id, signerIn(minor, 'parent_guardian'));
      // Entered again before the parent signed (after a reload too): the right address gets a new link.
      await page.reload();
      await card.getByTestId('contract-address-known').waitFor({ timeout: 30_000 });
      await card.getByTestId('contract-address-change').click();
      await card.getByTestId('contract-address-name').fill('Ellen de Boer');
      await card.getByTestId('contract-address-email').fill(PARENT);
      await expectAccessible(page, 'contract page, parent address entered again');
      await shot(page, 'contract-parent-address-again');
      await card.getByTestId('contract-address-save').click();
      await card.getByTestId('contract-address-saved').waitFor();
      expect(await card.textContent()).toContain('Ellen de Boer krijgt een e-mail met de link');
      expect(
        await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth),
      ).toBeLessThanOrEqual(0);
      await expectAccessible(page, 'contract page, parent address saved');
      await shot(page, 'contract-parent-address-saved');
      // The mistyped address's link was replaced: it signs nothing.
      await page.goto(mistypedLink);
      const revoked = page.getByTestId('contract-sign-error');
      await revoked.waitFor({ timeout: 30_000 });
      expect(await revoked.textContent()).toContain('Deze link werkt niet meer');
      expect(await page.getByTestId('contract-sign-text').count()).toBe(0);
      // The revoked link's refusals (the signer's page and its opening, sent side by side: the second
      // answer may come after the page shows the first), and nothing else.
      const signerApi = stack.url(M2G, `/api/v1/contract_signers/${signerIn(minor, 'parent_guardian')}`);
      await expect
        .poll(() => [...student.problems].sort(), { timeout: 30_000 })
        .toEqual([`410 ${signerApi}`, `410 ${signerApi}/viewed`]);
    } finally {
      await student.context.close();
    }

    // 2. The student signs by their mailed link (no session), on the phone.
    const own = await openMailedLink(stack, M2G, demo('student', M2G), path('student'), 'contract-sign-page');
    try {
      await signOn(own.page);
      expect(own.problems).toEqual([]);
    } finally {
      await own.context.close();
    }

    // 3. The parent, in turn beside the student: the mailed link on a phone, in English.
    const parent = await openPortal(stack, { viewport: PHONE, locale: 'en-GB' });
    try {
      const { page } = parent;
      await page.goto(await mailedLink(M2G, PARENT, minor.id, signerIn(minor, 'parent_guardian')));
      await page.getByTestId('contract-sign-text').waitFor({ timeout: 30_000 });
      expect(await page.getByTestId('page-title').textContent()).toBe('Sign internship contract');
      expect(await page.getByTestId('contract-sign-lead').textContent()).toContain(
        'You sign as the parent or guardian.',
      );
      expect(await page.getByTestId('contract-sign-submit').textContent()).toBe('Sign the contract');
      await expectAccessible(page, 'sign page in English, the parent');
      await shot(page, 'contract-sign-parent-en');
      await signOn(page, 'Signed.');
      const done = page.getByTestId('contract-sign-signed');
      expect(await done.textContent()).toContain('You signed this contract');
      expect(await done.textContent()).toContain('No account with us?');
      await expectAccessible(page, 'sign page in English, signed');
      await shot(page, 'contract-sign-parent-signed-en');
      expect(parent.problems).toEqual([]);
    } finally {
      await parent.context.close();
    }

    // 3b. The parent has signed: the student's phone no longer offers their address, and the server refuses it.
    const after = await openPortal(stack, { viewport: PHONE });
    try {
      const { page } = after;
      await signIn(page, stack, M2G, demo('student', M2G));
      await page.goto(stack.url(M2G, `/contracts/${minor.id}`));
      const parentRow = page.locator('[data-testid="contract-signer"][data-role="parent_guardian"]');
      await expect.poll(() => parentRow.textContent(), { timeout: 30_000 }).toContain('Ondertekend');
      expect(await page.getByTestId('contract-address').count()).toBe(0);
      await expectAccessible(page, 'contract page after the parent signed');
      expect(after.problems).toEqual([]);
    } finally {
      await after.context.close();
    }
    const studentApi = await apiAs(stack.app, M2G, 'student');
    const late = await studentApi.send<{ errors: { code: string }[] }>(
      'PUT',
      `/api/v1/contract_signers/${signerIn(minor, 'parent_guardian')}/email`,
      { data: { type: 'contract_signer', attributes: { email: MISTYPED, name: 'Ellen de Boer' } } },
    );
    expect(late.status).toBe(409);
    expect(late.body.errors[0]!.code).toBe('contract_signer_email_not_needed');

    // 4. The school's admin gives the company's signer and the representative their addresses.
    const admin = await openPortal(stack, { viewport: DESKTOP });
    try {
      const { page } = admin;
      await signInSchoolAdmin(page, stack, M2G);
      await page.goto(stack.url(M2G, `/contracts/${minor.id}`));
      for (const [role, name, email] of [
        ['company', 'Sam Visser', COMPANY_SIGNER],
        ['school_representative', 'Rianne Vos', M2G_REPRESENTATIVE],
      ] as const) {
        const card = page.locator(`[data-testid="contract-address"][data-role="${role}"]`);
        await card.waitFor({ timeout: 30_000 });
        await card.getByTestId('contract-address-name').fill(name);
        await card.getByTestId('contract-address-email').fill(email);
        await card.getByTestId('contract-address-save').click();
        await card.getByTestId('contract-address-saved').waitFor();
      }
      // Not the school's to give: the parent's.
      expect(
        await page.locator('[data-testid="contract-address"][data-role="parent_guardian"]').count(),
      ).toBe(0);
      await expectAccessible(page, 'contract page, addresses by the school');
      await shot(page, 'contract-addresses-school');
      expect(admin.problems).toEqual([]);
    } finally {
      await admin.context.close();
    }

    // 5. The company and then the representative sign by their mailed links.
    for (const [role, to] of [
      ['company', COMPANY_SIGNER],
      ['school_representative', M2G_REPRESENTATIVE],
    ] as const) {
      await expect
        .poll(
          async () => (await mailedLink(M2G, to, minor.id, signerIn(minor, role)).catch(() => '')) !== '',
          {
            timeout: 60_000,
            interval: 500,
          },
        )
        .toBe(true);
      const signer = await openMailedLink(stack, M2G, to, path(role), 'contract-sign-page');
      try {
        await signOn(signer.page);
        expect(signer.problems).toEqual([]);
      } finally {
        await signer.context.close();
      }
    }

    // 6. Sealed: the parent's mail brings a link to the sealed PDF (not the spent signing link).
    await expect
      .poll(
        async () =>
          (await m2g.get<{ data: { attributes: { status: string } } }>(`/api/v1/contracts/${minor.id}`)).body
            .data.attributes.status,
        {
          timeout: 90_000,
          interval: 1000,
        },
      )
      .toBe('sealed');
    const download = await openPortal(stack, { viewport: PHONE, locale: 'en-GB' });
    try {
      const { page } = download;
      let link = '';
      await expect
        .poll(
          async () => {
            link = await mailedLink(M2G, PARENT, minor.id, signerIn(minor, 'parent_guardian'));
            return (await latestMail(stack, M2G, PARENT, 'external_link')).includes(
              'Download het verzegelde stagecontract',
            );
          },
          { timeout: 30_000, interval: 500 },
        )
        .toBe(true);
      await page.goto(link);
      const done = page.getByTestId('contract-sign-signed');
      await done.waitFor({ timeout: 30_000 });
      expect(await done.getAttribute('data-sealed')).toBe('true');
      expect(await done.textContent()).toContain('Everyone has signed and the contract is sealed.');
      await expectAccessible(page, 'sign page in English, sealed, the parent’s download');
      await shot(page, 'contract-sign-parent-download-en');
      const [file] = await Promise.all([
        page.waitForEvent('download'),
        page.getByTestId('contract-sign-download').click(),
      ]);
      const bytes = await readFile((await file.path())!);
      expect(bytes.subarray(0, 5).toString('latin1')).toBe('%PDF-');
      expect(await pdfText(bytes)).toContain('Ellen de Boer');
      expect(download.problems).toEqual([]);
    } finally {
      await download.context.close();
    }
    const trail = await m2g.get<{
      data: { attributes: { intact: boolean; entries: { action: string; data: { role?: string } }[] } };
    }>(`/api/v1/contracts/${minor.id}/audit_trail`);
    expect(trail.body.data.attributes.intact).toBe(true);
    const steps = trail.body.data.attributes.entries.map((e) => `${e.action}:${e.data.role ?? ''}`);
    expect(steps).toEqual(
      expect.arrayContaining([
        'signer_email_set:parent_guardian',
        'signed_by:parent_guardian',
        'download_link_sent:parent_guardian',
        'document_downloaded:parent_guardian',
      ]),
    );
  });
});

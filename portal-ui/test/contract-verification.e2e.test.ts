import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  createContractDocumentActivities,
  rendererFor,
} from '@stageplein/placements/contract-documents/index';
import { sampleSealedContract } from '@stageplein/placements/contract-documents/render/sample-contract';
import type { TPlacementsConfig } from '@stageplein/placements/placements.config';
import { expectAccessible, openPortal, PHONE, shot, startStack, type TStack } from './stack.ts';

/**
 * Issue #34 item 5 in Chromium on the real stack: a contract of `demo` sealed through the activity;
 * a visitor on a phone, signed out, checks its PDF on `/contractcontrole` (hashed in the browser), a
 * changed copy, the certificate's content hash and nonsense; the page in English as the QR code's
 * link opens it. axe-clean at each step.
 */
const TENANT = 'demo';
let stack: TStack;
let record: { pdfHash: string; contentHash: string };
let pdf: Buffer;
let config: TPlacementsConfig;

beforeAll(async () => {
  stack = await startStack();
  config = stack.platform.deps.config as TPlacementsConfig;
  const doc = sampleSealedContract({ contractId: crypto.randomUUID() });
  record = await createContractDocumentActivities({
    db: stack.platform.deps.db,
    config,
  }).sealContractDocument(doc);
  const { rows } = await sql<{ bytes: Buffer }>`select bytes from placements.file_blobs
    where tenant_id = ${TENANT} and hash = ${record.pdfHash}`.execute(stack.platform.owner);
  pdf = rows[0]!.bytes;
});
afterAll(async () => {
  await rendererFor(config ?? { CONTRACT_RENDER_PROCESSES: 1 })?.close();
  await stack?.close();
});

describe('contract verification (public)', () => {
  it('a visitor on a phone checks the sealed PDF, a changed copy, the certificate’s code and nonsense', async () => {
    const { context, page, problems } = await openPortal(stack, { viewport: PHONE });
    await page.goto(stack.url(TENANT, '/contractcontrole'));
    await page.getByTestId('contract-verification-page').waitFor();
    expect(await page.getByTestId('page-title').textContent()).toBe('Contract controleren');
    await expectAccessible(page, 'verification, empty');

    await page
      .getByTestId('verification-file')
      .setInputFiles({ name: 'contract.pdf', mimeType: 'application/pdf', buffer: pdf });
    const sealed = page.getByTestId('verification-sealed');
    await sealed.waitFor();
    expect(await sealed.textContent()).toContain('verzegeld door Demo College');
    expect(await sealed.textContent()).toContain('precies het verzegelde document');
    expect(new URL(page.url()).searchParams.get('hash')).toBe(record.pdfHash);
    await expectAccessible(page, 'verification, sealed');
    await shot(page, 'contract-verification-sealed');

    // One byte more: another file, another hash.
    await page.getByTestId('verification-file').setInputFiles({
      name: 'changed.pdf',
      mimeType: 'application/pdf',
      buffer: Buffer.concat([pdf, Buffer.from('\n')]),
    });
    await page.getByTestId('verification-not-sealed').waitFor();
    await expectAccessible(page, 'verification, not sealed');

    // The content hash printed on the certificate, typed in capitals.
    await page.getByTestId('verification-hash').fill(record.contentHash.toUpperCase());
    await page.getByTestId('verification-submit').click();
    await expect
      .poll(async () => page.getByTestId('verification-sealed').textContent())
      .toContain('inhoudscode');

    await page.getByTestId('verification-hash').fill('abc');
    await page.getByTestId('verification-submit').click();
    await page.getByTestId('field-error').waitFor();
    expect(await page.getByTestId('verification-hash').getAttribute('aria-invalid')).toBe('true');
    await expectAccessible(page, 'verification, invalid code');
    expect(problems).toEqual([]);
    await context.close();
  });

  it('opens from the certificate’s QR link, in English', async () => {
    const { context, page, problems } = await openPortal(stack, { viewport: PHONE, locale: 'en-GB' });
    await page.goto(stack.url(TENANT, `/contractcontrole?hash=${record.contentHash}`));
    const sealed = page.getByTestId('verification-sealed');
    await sealed.waitFor();
    expect(await page.getByTestId('page-title').textContent()).toBe('Verify a contract');
    expect(await sealed.textContent()).toContain('This contract was sealed on');
    expect(await page.getByTestId('verification-hash').inputValue()).toBe(record.contentHash);
    await expectAccessible(page, 'verification, English');
    expect(problems).toEqual([]);
    await context.close();
  });
});

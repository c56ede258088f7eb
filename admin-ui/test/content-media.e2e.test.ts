import { deflateSync, crc32 } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { seedOrganizationId } from '@stageplein/contracts/domain/seed-ids';
import { nlApi } from '@stageplein/contracts/i18n/nl-api';
import {
  DESKTOP,
  PHONE,
  expectAccessible,
  openAdmin,
  openBrowser,
  signIn,
  startStack,
  type TAdminPage,
  type TStack,
} from './stack.ts';

/**
 * The back office's uploads and stock images (issue #15 items 5 and 8): a content editor (admin of
 * the approved School) uploads a PNG and sees it listed, is refused a text file renamed `.png` with
 * the server's Dutch text, and adds a stock image (upload, then title, alt text, author, licence)
 * that then shows in the grid; at 375 px too. Someone who does not edit content gets no menu entry.
 */
const TENANT = 'demo';
let stack: TStack;
beforeAll(async () => {
  stack = await startStack();
});
afterAll(async () => stack?.close());

/** A valid RGB PNG of `size`×`size` pixels in one colour (signature, IHDR, IDAT, IEND). */
function png(size: number, rgb: [number, number, number]): Buffer {
  const chunk = (type: string, data: Buffer) => {
    const length = Buffer.alloc(4);
    length.writeUInt32BE(data.length);
    const body = Buffer.concat([Buffer.from(type, 'ascii'), data]);
    const crc = Buffer.alloc(4);
    crc.writeUInt32BE(crc32(body));
    return Buffer.concat([length, body, crc]);
  };
  const header = Buffer.alloc(13);
  header.writeUInt32BE(size, 0);
  header.writeUInt32BE(size, 4);
  header.set([8, 2, 0, 0, 0], 8); // 8 bits, truecolour, deflate, no filter method, no interlace
  const row = Buffer.from([0, ...Array.from({ length: size }, () => rgb).flat()]);
  const pixels = Buffer.concat(Array.from({ length: size }, () => row));
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk('IHDR', header),
    chunk('IDAT', deflateSync(pixels)),
    chunk('IEND', Buffer.alloc(0)),
  ]);
}

async function asEditor(): Promise<TAdminPage> {
  const opened = await openBrowser(stack, { viewport: DESKTOP });
  await signIn(opened.page, stack, TENANT, 'admin');
  await openAdmin(opened.page, stack, TENANT, '/beheer');
  await opened.page
    .getByTestId('organization-select')
    .first()
    .selectOption(seedOrganizationId(TENANT, 'volunteer-center'));
  return opened;
}

describe('uploads and stock images', () => {
  it('an editor uploads a PNG, is refused a renamed text file with the server’s text, and adds a stock image', async () => {
    const { page, context, problems } = await asEditor();
    await openAdmin(page, stack, TENANT, '/content/file-upload');
    expect(await page.locator('a[href="/content/file-upload"]').count()).toBeGreaterThan(0);
    expect(await page.locator('a[href="/content/stock-images"]').count()).toBeGreaterThan(0);
    await page.getByTestId('uploads').waitFor();

    // A PNG: stored (re-encoded) and listed with a thumbnail, its type and size.
    const name = `logo-${Date.now()}.png`;
    await page
      .getByTestId('upload-input')
      .setInputFiles({ name, mimeType: 'image/png', buffer: png(8, [200, 40, 40]) });
    const item = page.locator(`[data-testid="upload-item"][data-name="${name}"]`);
    await item.waitFor();
    expect(await item.textContent()).toMatch(/Afbeelding · PNG · \d+ B/);
    const thumbnail = item.locator('img');
    await expect.poll(() => thumbnail.evaluate((img: HTMLImageElement) => img.naturalWidth)).toBe(8);
    expect(await thumbnail.getAttribute('src')).toMatch(/^\/api\/v1\/cms\/files\/[0-9a-f]{64}$/);
    await expectAccessible(page, 'uploads');

    // A text file renamed .png: the bytes decide, the refusal is the server's Dutch text.
    const refused = page.waitForResponse(
      (r) => r.url().endsWith('/api/v1/cms/uploads') && r.request().method() === 'POST',
    );
    await page.getByTestId('upload-input').setInputFiles({
      name: 'notities.png',
      mimeType: 'image/png',
      buffer: Buffer.from('Dit is geen plaatje.\n'),
    });
    expect((await refused).status()).toBe(415);
    const refusal = page.getByTestId('upload-error');
    await refusal.waitFor();
    expect(await refusal.textContent()).toBe(nlApi.upload_type_not_allowed.detail);
    expect(await page.locator('[data-testid="upload-item"][data-name="notities.png"]').count()).toBe(0);

    // Copy its address (the notification shows it), then delete it after confirming.
    await item.getByTestId('upload-copy').click();
    await page.getByText(/^Adres gekopieerd: http.*\/api\/v1\/cms\/files\/[0-9a-f]{64}$/).waitFor();
    await item.getByTestId('upload-delete').click();
    await page.locator('.ra-confirm').click();
    await expect.poll(() => item.count()).toBe(0);

    // A stock image: upload an image in the dialog, describe it, see it in the grid.
    await openAdmin(page, stack, TENANT, '/content/stock-images');
    await page.getByTestId('stock-image').first().waitFor();
    const title = `Fietsenstalling ${Date.now()}`;
    await page.getByTestId('stock-image-add').click();
    await page
      .getByTestId('stock-image-file')
      .setInputFiles({ name: 'fietsen.png', mimeType: 'image/png', buffer: png(12, [30, 120, 60]) });
    await page.getByTestId('stock-image-chosen').waitFor();
    await page.getByTestId('stock-image-title').fill(title);
    await page.getByTestId('stock-image-alt').fill('Een rij fietsen voor de school');
    await page.getByTestId('stock-image-author').fill('Sanne de Vries');
    await page.getByTestId('stock-image-license').fill('CC-BY-4.0');
    await page.getByTestId('stock-image-license-url').fill('https://creativecommons.org/licenses/by/4.0/');
    await expectAccessible(page, 'stock image dialog');
    await page.getByTestId('stock-image-save').click();
    const card = page.locator(`[data-testid="stock-image"][data-title="${title}"]`);
    await card.waitFor();
    expect(await card.locator('img').getAttribute('alt')).toBe('Een rij fietsen voor de school');
    expect(await card.textContent()).toContain('door Sanne de Vries');
    expect(await card.getByTestId('stock-image-licence-text').textContent()).toBe('CC-BY-4.0');
    await expectAccessible(page, 'stock images');

    // Edit: the licence changes in place.
    await card.getByTestId('stock-image-edit').click();
    await page.getByTestId('stock-image-license').fill('CC0-1.0');
    await page.getByTestId('stock-image-save').click();
    await expect.poll(() => card.getByTestId('stock-image-licence-text').textContent()).toBe('CC0-1.0');

    expect(problems).toEqual([]);
    await context.close();
  });

  it('fits 375 px: no horizontal scrolling on either screen', async () => {
    const { page, context } = await asEditor();
    // The organization is chosen on the desktop layout (the phone's menu is a drawer).
    await page.setViewportSize(PHONE);
    for (const path of ['/content/file-upload', '/content/stock-images']) {
      await openAdmin(page, stack, TENANT, path);
      await page
        .getByTestId(path.endsWith('stock-images') ? 'stock-image' : 'upload-item')
        .first()
        .waitFor();
      const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
      expect(overflow, path).toBeLessThanOrEqual(0);
      await expectAccessible(page, `${path} at 375 px`);
    }
    await context.close();
  });

  // A School's admin (the School is preselected) manages no other organization's uploads and no stock images.
  it.each([
    ['a Provider’s admin', 'bedrijf'],
    ['a School’s admin', 'admin'],
  ] as const)('is no menu entry and a 403 for someone who does not edit content (%s)', async (_who, who) => {
    const { page, context } = await openBrowser(stack);
    await signIn(page, stack, TENANT, who);
    await openAdmin(page, stack, TENANT, '/beheer');
    expect(await page.locator('a[href="/content/file-upload"]').count()).toBe(0);
    expect(await page.locator('a[href="/content/stock-images"]').count()).toBe(0);
    for (const path of ['/content/file-upload', '/content/stock-images']) {
      await openAdmin(page, stack, TENANT, path);
      await page.getByTestId('error-title').waitFor();
      expect(await page.getByTestId('error-panel').getAttribute('data-kind')).toBe('forbidden');
    }
    await context.close();
  });
});

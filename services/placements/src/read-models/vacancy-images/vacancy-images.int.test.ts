import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { contentService } from '@stageplein/content';
import { toFormData } from '@stageplein/contracts/client/form-data';
import { seedStockImageUploadId } from '@stageplein/contracts/domain/seed-ids';
import type { TTenantId } from '@stageplein/contracts/tenants/tenant.types';
import { seedVacancyId } from '../../vacancies/vacancies.seed.ts';
import {
  adminOf,
  call,
  eventually,
  expectStatus,
  harness,
  userWith,
  type THarness,
  type TUser,
} from '../../../test/harness.ts';

// Content beside placements: organization admins upload there, its events feed placements.images.
let h: THarness;
beforeAll(async () => {
  h = await harness([contentService]);
}, 120_000);
afterAll(() => h?.close());

const png = (seed: number) =>
  sharp({ create: { width: 60, height: 40, channels: 3, background: { r: seed, g: 90, b: 160 } } })
    .png()
    .toBuffer();

/** `POST /api/v1/cms/uploads` as the client sends it (`upload[file]`). */
async function upload(user: TUser, bytes: Buffer) {
  const data = toFormData(
    { upload: { file: new File([new Uint8Array(bytes)], 'foto.png', { type: 'image/png' }) } },
    () => new FormData(),
  );
  const request = new Request('http://localhost/', { method: 'POST', body: data });
  return call(h.app, {
    method: 'POST',
    url: '/api/v1/cms/uploads',
    headers: { ...user.headers, 'content-type': request.headers.get('content-type')! },
    payload: Buffer.from(await request.arrayBuffer()),
  });
}

/** Uploads once content knows the caller (its own read models of identity's and organizations' events). */
async function uploaded(user: TUser, bytes: Buffer): Promise<{ id: string; hash: string; url: string }> {
  let body: { data: { id: string; attributes: { hash: string; url: string } } } | undefined;
  await eventually(async () => {
    const res = await upload(user, bytes);
    expect([200, 201], res.body).toContain(res.statusCode);
    body = res.json();
  });
  return { id: body!.data.id, ...body!.data.attributes };
}

const createVacancy = (user: TUser, attributes: Record<string, unknown>) =>
  call(h.app, {
    method: 'POST',
    url: '/api/v1/vacancies',
    headers: user.headers,
    payload: { data: { type: 'vacancy', attributes: { title: 'Groenhulp', ...attributes } } },
  });

const patchVacancy = (user: TUser, id: string, attributes: Record<string, unknown>) =>
  call(h.app, {
    method: 'PATCH',
    url: `/api/v1/vacancies/${id}`,
    headers: user.headers,
    payload: { data: { type: 'vacancy', id, attributes } },
  });

const getVacancy = (user: TUser, id: string) =>
  call(h.app, { method: 'GET', url: `/api/v1/vacancies/${id}`, headers: user.headers });

async function stockImage(tenant: TTenantId) {
  const res = await call(h.app, {
    method: 'GET',
    url: '/api/v1/cms/stock_images',
    headers: { 'x-tenant': tenant },
  });
  expectStatus(res, 200);
  const [first] = res.json().data as { attributes: { upload_id: string; url: string; alt: string } }[];
  return first!.attributes;
}

describe('seeded vacancies', () => {
  it('the first few show one of the tenant’s seeded stock images once content’s events arrived', async () => {
    const admin = await adminOf(h, 'School');
    await eventually(async () => {
      const res = await call(h.app, {
        method: 'GET',
        url: `/api/v1/vacancies/${seedVacancyId('demo', 0)}`,
        headers: admin.headers,
      });
      expectStatus(res, 200);
      const a = res.json().data.attributes;
      expect(a.image_upload_id).toBe(seedStockImageUploadId('demo', 0));
      expect(a.image_url).toMatch(/^\/api\/v1\/cms\/files\/[0-9a-f]{64}$/);
      expect(a.image_alt).not.toBe('');
    });
  });
});

describe('uploads of organization admins (content)', () => {
  it('an admin uploads for their organization; only they and content editors see it; others get 404', async () => {
    const company = await adminOf(h, 'Provider');
    const other = await adminOf(h, 'Provider');
    const mine = await uploaded(company, await png(1));
    const own = await call(h.app, {
      method: 'GET',
      url: `/api/v1/cms/uploads/${mine.id}`,
      headers: company.headers,
    });
    expectStatus(own, 200);
    expect(own.json().data.attributes.organization_id).toBe(company.organizationId);

    const list = await call(h.app, { method: 'GET', url: '/api/v1/cms/uploads', headers: other.headers });
    expectStatus(list, 200);
    expect(list.json().data.map((u: { id: string }) => u.id)).not.toContain(mine.id);
    expectStatus(
      await call(h.app, { method: 'GET', url: `/api/v1/cms/uploads/${mine.id}`, headers: other.headers }),
      404,
    );
    expectStatus(
      await call(h.app, { method: 'DELETE', url: `/api/v1/cms/uploads/${mine.id}`, headers: other.headers }),
      404,
    );

    // The same bytes from another organization are that organization's own upload, never the first one.
    const theirs = await uploaded(other, await png(1));
    expect(theirs.id).not.toBe(mine.id);
    expect(theirs.hash).toBe(mine.hash);

    // Content editors (an approved VolunteerCenter's admin) see every upload of the tenant.
    const editor = await adminOf(h, 'VolunteerCenter');
    await eventually(async () => {
      const all = await call(h.app, {
        method: 'GET',
        url: '/api/v1/cms/uploads?page[size]=100',
        headers: editor.headers,
      });
      expectStatus(all, 200);
      expect(all.json().data.map((u: { id: string }) => u.id)).toEqual(
        expect.arrayContaining([mine.id, theirs.id]),
      );
    });

    // Not an admin: no uploads at all. The same content checks as for editors (a script is no image).
    const student = await userWith(h, 'student', (await adminOf(h, 'School')).organizationId, 'School');
    expectStatus(await upload(student, await png(2)), 403);
    const script = Buffer.from('<script>alert(1)</script>');
    expectStatus(await upload(company, script), 415, 'upload_type_not_allowed');
  });
});

describe('a vacancy’s image: a stock image or the organization’s own upload', () => {
  it('shows the organization’s upload and a stock image with their alt text', async () => {
    const company = await adminOf(h, 'Provider');
    const image = await uploaded(company, await png(3));
    let id = '';
    await eventually(async () => {
      const res = await createVacancy(company, {
        image_upload_id: image.id,
        image_alt: 'Ons team in de kas',
      });
      expectStatus(res, 201);
      id = res.json().data.id;
    });
    const shown = (await getVacancy(company, id)).json().data.attributes;
    expect(shown).toMatchObject({
      image_upload_id: image.id,
      image_url: image.url,
      image_alt: 'Ons team in de kas',
    });
    // The file is served at that address.
    const file = await h.app.inject({ method: 'GET', url: image.url, headers: { 'x-tenant': 'demo' } });
    expect(file.statusCode).toBe(200);
    expect(file.headers['content-type']).toBe('image/png');

    const stock = await stockImage('demo');
    const res = await patchVacancy(company, id, { image_upload_id: stock.upload_id, image_alt: null });
    expectStatus(res, 200);
    expect(res.json().data.attributes).toMatchObject({ image_url: stock.url, image_alt: stock.alt });
    expect(stock.alt).not.toBe('');

    const none = await patchVacancy(company, id, { image_upload_id: null });
    expect(none.json().data.attributes).toMatchObject({
      image_upload_id: null,
      image_url: null,
      image_alt: '',
    });
  });

  it('refuses another organization’s upload, a deleted upload, an unknown one and another tenant’s stock image', async () => {
    const company = await adminOf(h, 'Provider');
    const other = await adminOf(h, 'Provider');
    const theirs = await uploaded(other, await png(4));
    const mine = await uploaded(company, await png(5));
    // Both are known to placements once their events arrived.
    let id = '';
    await eventually(async () => {
      const res = await createVacancy(company, { image_upload_id: mine.id });
      expectStatus(res, 201);
      id = res.json().data.id;
    });
    await eventually(async () => {
      expectStatus(await createVacancy(other, { image_upload_id: theirs.id }), 201);
    });

    const refused = await createVacancy(company, { image_upload_id: theirs.id });
    expectStatus(refused, 422, 'vacancy_image_unavailable');
    expect(refused.json().errors[0].source.pointer).toBe('/data/attributes/image_upload_id');
    expectStatus(
      await patchVacancy(company, id, { image_upload_id: theirs.id }),
      422,
      'vacancy_image_unavailable',
    );
    expectStatus(
      await createVacancy(company, { image_upload_id: '00000000-0000-4000-8000-000000000000' }),
      422,
      'vacancy_image_unavailable',
    );

    // Another tenant's stock image (and anything of it) is unknown in this tenant.
    const foreign = await stockImage('raayland');
    expectStatus(
      await createVacancy(company, { image_upload_id: foreign.upload_id }),
      422,
      'vacancy_image_unavailable',
    );

    // The owner deletes the upload: the vacancy shows no image, and it cannot be chosen again.
    expectStatus(
      await call(h.app, {
        method: 'DELETE',
        url: `/api/v1/cms/uploads/${mine.id}`,
        headers: company.headers,
      }),
      204,
    );
    await eventually(async () => {
      const shown = (await getVacancy(company, id)).json().data.attributes;
      expect(shown).toMatchObject({ image_upload_id: mine.id, image_url: null });
    });
    expectStatus(
      await createVacancy(company, { image_upload_id: mine.id }),
      422,
      'vacancy_image_unavailable',
    );
    // Editing other fields keeps working while the stale choice stays.
    expectStatus(await patchVacancy(company, id, { title: 'Kashulp' }), 200);
  });
});

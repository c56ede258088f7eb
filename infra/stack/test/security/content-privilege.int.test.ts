import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FastifyInstance, LightMyRequestResponse } from 'fastify';
import { toFormData } from '@stageplein/contracts/client/form-data';
import { seedOrganizationId } from '@stageplein/contracts/domain/seed-ids';
import { testProduct, type TTestProduct } from '@stageplein/testing/product';
import { at, eventually, next, ownershipCalls, type THeaders } from './ownership-helpers.ts';

/**
 * Issue #31 item 7, least privilege for content, against the whole product: the admin of an approved
 * School had content rights over the whole tenant (every form's submissions and files, the contact
 * form's too; pages, menus, messages; other organizations' uploads; the stock library; every
 * compliance document). Now the tenant's content editors are its platform operators (`admin@demo.test`
 * acting for the VolunteerCenter) and a School sees its own forms and uploads
 * (contracts/content/content-policy.ts). Each refusal below was a 2xx before.
 */
let product: TTestProduct;
let app: FastifyInstance;
let school: THeaders;
let operator: THeaders;
let provider: THeaders;
const SCHOOL = seedOrganizationId('demo', 'school');
const CENTER = seedOrganizationId('demo', 'volunteer-center');
const PROVIDER = seedOrganizationId('demo', 'provider');
/** A 1 × 1 PNG. */
const PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==',
  'base64',
);

beforeAll(async () => {
  product = await testProduct({ seed: true });
  app = product.app;
  const calls = ownershipCalls(product);
  const admin = await calls.signIn('admin@demo.test');
  school = at(admin, SCHOOL);
  operator = at(admin, CENTER);
  provider = at(await calls.signIn('bedrijf@demo.test'), PROVIDER);
});
afterAll(async () => product?.close());

const get = (headers: THeaders, url: string) => app.inject({ method: 'GET', url, headers });
const send = (
  headers: THeaders,
  method: 'POST' | 'PATCH' | 'PUT' | 'DELETE',
  url: string,
  payload?: unknown,
) => app.inject({ method, url, headers, ...(payload === undefined ? {} : { payload: payload as object }) });
const status = (res: LightMyRequestResponse) => res.statusCode;
const ids = (res: LightMyRequestResponse) => (res.json().data as { id: string }[]).map((r) => r.id);

async function upload(headers: THeaders): Promise<string> {
  const data = toFormData(
    { upload: { file: new File([new Uint8Array(PNG)], 'logo.png', { type: 'image/png' }) } },
    () => new FormData(),
  );
  const request = new Request('http://localhost/', { method: 'POST', body: data });
  const res = await app.inject({
    method: 'POST',
    url: '/api/v1/cms/uploads',
    headers: { ...headers, 'content-type': request.headers.get('content-type')! },
    payload: Buffer.from(await request.arrayBuffer()),
  });
  expect([200, 201], res.body).toContain(res.statusCode);
  return res.json().data.id;
}

describe('forms: a School reads only its own; the content editors every form', () => {
  it('the contact form and the seeded example (the tenant’s): their submissions, export and versions are not the School’s', async () => {
    const all = await get(operator, '/api/v1/cms/forms?page[size]=100');
    expect(status(all), all.body).toBe(200);
    const tenants = ids(all);
    const contact = (all.json().data as { id: string; attributes: { purpose: string } }[]).find(
      (f) => f.attributes.purpose === 'contact',
    )!.id;
    expect(tenants.length).toBeGreaterThanOrEqual(2);
    const listed = await get(school, '/api/v1/cms/forms?page[size]=100');
    expect(status(listed), listed.body).toBe(200);
    expect(ids(listed).filter((id) => tenants.includes(id))).toEqual([]);
    for (const id of tenants)
      for (const path of ['', '/submissions', '/submissions/export', '/versions'])
        expect(status(await get(school, `/api/v1/cms/forms/${id}${path}`)), `${id}${path}`).toBe(404);
    expect(
      status(
        await send(school, 'PATCH', `/api/v1/cms/forms/${contact}`, {
          data: { type: 'form', attributes: { notify_email: 'mallory@aanvaller.test' } },
        }),
      ),
    ).toBe(404);
    // The editors read them all.
    expect(status(await get(operator, `/api/v1/cms/forms/${contact}/submissions`))).toBe(200);
    expect(status(await get(operator, `/api/v1/cms/forms/${contact}/submissions/export`))).toBe(200);
  });

  it('a School builds its own form and reads its submissions; the editors see it too', async () => {
    const created = await send(school, 'POST', '/api/v1/cms/forms', {
      data: { type: 'form', attributes: {} },
    });
    expect(status(created), created.body).toBe(201);
    const id: string = created.json().data.id;
    expect(ids(await get(school, '/api/v1/cms/forms?page[size]=100'))).toContain(id);
    expect(status(await get(school, `/api/v1/cms/forms/${id}/submissions/export`))).toBe(200);
    expect(ids(await get(operator, '/api/v1/cms/forms?page[size]=100'))).toContain(id);
    // Not evaluation forms: those are offered on every internship of the tenant.
    const evaluation = await send(school, 'POST', '/api/v1/cms/forms', {
      data: { type: 'form', attributes: { purpose: 'evaluation' } },
    });
    expect(status(evaluation)).toBe(403);
  });
});

describe('the site: pages, menus and messages are the content editors’', () => {
  const page = (slug: string) => ({
    data: {
      type: 'page',
      attributes: {
        slug,
        title: 'Overgenomen',
        body: { type: 'doc', content: [{ type: 'paragraph', content: [{ type: 'text', text: 'x' }] }] },
      },
    },
  });

  it('a School’s admin is refused every write; an editor is not', async () => {
    const pages = await get(operator, '/api/v1/cms/pages?filter[status_eq]=draft&page[size]=100');
    expect(status(pages), pages.body).toBe(200);
    const seeded = ids(pages)[0]!;
    expect(status(await send(school, 'POST', '/api/v1/cms/pages', page(`school-${next()}`)))).toBe(403);
    expect(
      status(
        await send(school, 'PATCH', `/api/v1/cms/pages/${seeded}`, {
          data: { type: 'page', id: seeded, attributes: { title: 'Overgenomen' } },
        }),
      ),
    ).toBe(403);
    expect(status(await send(school, 'DELETE', `/api/v1/cms/pages/${seeded}`))).toBe(403);
    expect(status(await get(school, '/api/v1/cms/pages?filter[status_eq]=draft'))).toBe(403);
    expect(status(await send(operator, 'POST', '/api/v1/cms/pages', page(`centrum-${next()}`)))).toBe(201);

    const menus = await get(operator, '/api/v1/cms/menus');
    const mainId = (menus.json().data as { id: string; attributes: { slug: string } }[]).find(
      (m) => m.attributes.slug === 'main',
    )!.id;
    const item = {
      data: {
        type: 'menuItem',
        attributes: { menu_id: mainId, link_type: 'system', system_page_id: 1, title: 'x' },
      },
    };
    expect(status(await send(school, 'POST', '/api/v1/cms/menu_items', item))).toBe(403);
    const added = await send(operator, 'POST', '/api/v1/cms/menu_items', item);
    expect(status(added), added.body).toBe(201);
    const itemId: string = added.json().data.id;
    expect(
      status(
        await send(school, 'PATCH', `/api/v1/cms/menu_items/${itemId}`, {
          data: { type: 'menuItem', attributes: { position: 0 } },
        }),
      ),
    ).toBe(403);
    expect(status(await send(school, 'DELETE', `/api/v1/cms/menu_items/${itemId}`))).toBe(403);
    expect(status(await send(operator, 'DELETE', `/api/v1/cms/menu_items/${itemId}`))).toBe(204);

    const messages = (text: string) => ({
      data: { type: 'messages', id: 'nl', attributes: { messages: { 'home.welcome': text } } },
    });
    expect(status(await send(school, 'PUT', '/api/v1/cms/messages/nl', messages('Overgenomen')))).toBe(403);
    expect(status(await send(operator, 'PUT', '/api/v1/cms/messages/nl', messages('Welkom')))).toBe(200);
  });
});

describe('uploads and the stock library', () => {
  it('a School neither lists nor deletes a Provider’s upload nor makes any upload a stock image; an editor may', async () => {
    let theirs = '';
    // Content learns the Provider's admin from identity's and organizations' events.
    await eventually(async () => {
      theirs = await upload(provider);
    });
    const own = await upload(school);
    expect(ids(await get(school, '/api/v1/cms/uploads?page[size]=100'))).toEqual([own]);
    expect(status(await get(school, `/api/v1/cms/uploads/${theirs}`))).toBe(404);
    expect(status(await send(school, 'DELETE', `/api/v1/cms/uploads/${theirs}`))).toBe(404);
    const stock = (uploadId: string) => ({
      data: { type: 'stock_image', attributes: { upload_id: uploadId, title: 'Logo', license: 'CC0-1.0' } },
    });
    expect(status(await send(school, 'POST', '/api/v1/cms/stock_images', stock(theirs)))).toBe(403);
    expect(status(await send(school, 'POST', '/api/v1/cms/stock_images', stock(own)))).toBe(403);
    expect(ids(await get(operator, '/api/v1/cms/uploads?page[size]=100'))).toEqual(
      expect.arrayContaining([own, theirs]),
    );
    const promoted = await send(operator, 'POST', '/api/v1/cms/stock_images', stock(theirs));
    expect(status(promoted), promoted.body).toBe(201);
    expect(
      status(await send(operator, 'DELETE', `/api/v1/cms/stock_images/${promoted.json().data.id}`)),
    ).toBe(204);
    expect(status(await send(operator, 'DELETE', `/api/v1/cms/uploads/${own}`))).toBe(204);
  });
});

describe('compliance documents: their organization and the content editors; a School sees the state only', () => {
  it('a School reads no Provider’s documents, but still its compliance state; an editor reads them', async () => {
    const all = await get(operator, '/api/v1/compliance_documents');
    expect(status(all), all.body).toBe(200);
    const theirs = (all.json().data as { id: string; attributes: { organization_id: string } }[]).filter(
      (d) => d.attributes.organization_id === PROVIDER,
    );
    expect(theirs.length).toBeGreaterThan(0);
    const listed = await get(school, '/api/v1/compliance_documents');
    expect(ids(listed).filter((id) => ids(all).includes(id))).toEqual([]);
    expect(
      status(await get(school, `/api/v1/compliance_documents?filter[organization_id_eq]=${PROVIDER}`)),
    ).toBe(403);
    for (const doc of theirs) {
      expect(status(await get(school, `/api/v1/compliance_documents/${doc.id}`))).toBe(404);
      expect(status(await get(operator, `/api/v1/compliance_documents/${doc.id}`))).toBe(200);
      expect(status(await get(provider, `/api/v1/compliance_documents/${doc.id}`))).toBe(200);
    }
    // What a school needs to require documents: each organization's state.
    const state = await get(school, `/api/v1/organizations/${PROVIDER}?include=compliance`);
    expect(status(state), state.body).toBe(200);
    expect(state.json().included.map((r: { type: string }) => r.type)).toContain('organization_compliance');
  });
});

import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildMainMenu, type TCmsMenuItem } from '@stageplein/contracts/content/menu';
import { toCamelKeys, toSnakeKeys } from '@stageplein/contracts/client/case-keys';
import { MENU_ITEM_PAGE_SIZE } from '@stageplein/contracts/jsonapi/jsonapi';
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
let mainId: string;

const visitor = { 'x-tenant': 'demo' };

async function items(tenant = 'demo', lang = 'nl') {
  const res = await call(h.app, {
    method: 'GET',
    url: `/api/v1/cms/menu_items?filter[menu_id_eq]=${mainId}&page[size]=${MENU_ITEM_PAGE_SIZE}`,
    headers: { 'x-tenant': tenant, 'accept-language': lang },
  });
  expectStatus(res, 200);
  return res.json() as {
    data: { id: string; type: string; attributes: Record<string, unknown> }[];
    meta: { total: number };
  };
}

beforeAll(async () => {
  h = await harness();
  ed = await editor(h);
  const menus = await call(h.app, { method: 'GET', url: '/api/v1/cms/menus', headers: visitor });
  mainId = menus.json().data.find((m: { attributes: { slug: string } }) => m.attributes.slug === 'main').id;
});
afterAll(() => h.close());

describe('spec §7: GET /api/v1/cms/menus and /api/v1/cms/menu_items', () => {
  it('answers the menus with id and slug; `main` is the seeded main menu', async () => {
    const res = await call(h.app, { method: 'GET', url: '/api/v1/cms/menus', headers: visitor });
    expectStatus(res, 200);
    expect(res.json().data).toEqual([{ type: 'menu', id: mainId, attributes: { slug: 'main' } }]);
    expect(res.headers['cache-control']).toBe('public, max-age=60');
  });

  it('answers the items in one page of 1,000,000, in the caller’s language, as the portal builds its menu from them', async () => {
    const nl = await items();
    expect(nl.meta.total).toBe(6);
    expect(nl.data[0]).toMatchObject({
      type: 'menuItem',
      attributes: {
        menu_id: mainId,
        parent_id: null,
        link_type: 'system',
        system_page_id: 1,
        path: null,
        title: 'Stagebank',
        position: 0,
      },
    });
    // What the portal reads (camelCase) builds the same menu as the built-in default.
    const read = (doc: Awaited<ReturnType<typeof items>>) =>
      doc.data.map((d) => toCamelKeys<TCmsMenuItem>({ id: d.id, ...d.attributes }));
    const menu = buildMainMenu([{ id: mainId, slug: 'main' }], read(nl), '/voor-scholen');
    expect(menu.map((e) => [e.title, e.path, e.active])).toEqual([
      ['Stagebank', '/stagebank', false],
      ['Over ons', '/over-ons', true],
      ['Contact', '/contact', false],
      ['Inloggen', '/inloggen', false],
    ]);
    expect(menu[1]!.children.map((c) => [c.title, c.active])).toEqual([
      ['Voor scholen', true],
      ['Voor organisaties', false],
    ]);
    const en = await items('demo', 'en');
    expect(en.data.map((d) => d.attributes.title)).toEqual([
      'Internship bank',
      'About us',
      'For schools',
      'For organizations',
      'Contact',
      'Sign in',
    ]);
  });

  it('gives a page, an article or the menus with the main menu’s items in the same answer (one call per page)', async () => {
    const items = await call(h.app, {
      method: 'GET',
      url: `/api/v1/cms/menu_items?filter[menu_id_eq]=${mainId}&page[size]=${MENU_ITEM_PAGE_SIZE}`,
      headers: { ...visitor, 'accept-language': 'en' },
    });
    const expected = items.json().data as { id: string }[];
    expect(expected).toHaveLength(6);
    const menuOf = (doc: { included?: { type: string; id: string; relationships?: unknown }[] }) => ({
      menu: doc.included?.find((r) => r.type === 'menu'),
      items: doc.included?.filter((r) => r.type === 'menuItem'),
    });
    const linkage = { items: { data: expected.map((i) => ({ type: 'menuItem', id: i.id })) } };
    const get = (url: string) =>
      call(h.app, { method: 'GET', url, headers: { ...visitor, 'accept-language': 'en' } });

    const page = await get('/api/v1/cms/pages?filter[slug_eq]=over-ons&include=main_menu.items');
    expectStatus(page, 200);
    expect(page.headers['cache-control']).toBe('public, max-age=60');
    const pageDoc = page.json();
    expect(pageDoc.data).toHaveLength(1);
    expect(pageDoc.data[0].attributes.slug).toBe('over-ons');
    expect(pageDoc.data[0].relationships).toEqual({ main_menu: { data: { type: 'menu', id: mainId } } });
    const shown = menuOf(pageDoc);
    expect(shown.menu).toEqual({
      type: 'menu',
      id: mainId,
      attributes: { slug: 'main' },
      relationships: linkage,
    });
    // The same items, in menu order and in the caller's language, as the items call answers them.
    expect(shown.items).toEqual(expected);

    // Nothing to link it to: nothing included. Without the include: the answer as before.
    const none = (await get('/api/v1/cms/pages?filter[slug_eq]=bestaat-niet&include=main_menu.items')).json();
    expect(none).toMatchObject({ data: [], meta: { total: 0 } });
    expect(none.included).toBeUndefined();
    const plain = (await get('/api/v1/cms/pages?filter[slug_eq]=over-ons')).json();
    expect(plain.included).toBeUndefined();
    expect(plain.data[0].relationships).toBeUndefined();
    const menuOnly = (await get('/api/v1/cms/pages?filter[slug_eq]=over-ons&include=main_menu')).json();
    expect(menuOnly.included).toEqual([{ type: 'menu', id: mainId, attributes: { slug: 'main' } }]);

    const news = (await get('/api/v1/cms/news?include=main_menu.items')).json();
    expect(news.data.length).toBeGreaterThan(0);
    expect(news.data[0].relationships).toEqual({ main_menu: { data: { type: 'menu', id: mainId } } });
    expect(menuOf(news).items).toEqual(expected);

    const menus = (await get('/api/v1/cms/menus?include=items')).json();
    expect(menus.data).toEqual([
      { type: 'menu', id: mainId, attributes: { slug: 'main' }, relationships: linkage },
    ]);
    expect(menus.included).toEqual(expected);

    for (const url of ['/api/v1/cms/menus?include=pages', '/api/v1/cms/pages?include=items'])
      expectStatus(await get(url), 400, 'bad_request');
  });

  it('refuses undeclared filters and malformed ids as bad requests', async () => {
    for (const url of [
      '/api/v1/cms/menu_items?filter[title_cont]=x',
      '/api/v1/cms/menu_items?filter[menu_id_eq]=nope',
    ]) {
      expectStatus(await call(h.app, { method: 'GET', url, headers: visitor }), 400, 'bad_request');
    }
  });
});

describe('spec §7: POST, PATCH, DELETE /api/v1/cms/menu_items with data{type: menuItem, attributes}', () => {
  it('an editor adds, changes and deletes an item; each write is evented and audit-logged', async () => {
    // The portal's client sends its camelCase attributes as snake_case keys (spec §7).
    const body = toSnakeKeys<Record<string, unknown>>({
      data: {
        type: 'menuItem',
        attributes: {
          menuId: mainId,
          parentId: null,
          linkType: 'content_page',
          path: '/nieuws',
          title: 'Nieuws',
        },
      },
    });
    const created = await call(h.app, {
      method: 'POST',
      url: '/api/v1/cms/menu_items',
      headers: ed.headers,
      payload: body,
    });
    expectStatus(created, 201);
    const item = created.json().data;
    expect(item).toMatchObject({
      type: 'menuItem',
      attributes: {
        menu_id: mainId,
        parent_id: null,
        link_type: 'content_page',
        path: '/nieuws',
        system_page_id: null,
        title: 'Nieuws',
        position: 6,
      },
    });

    const patched = await call(h.app, {
      method: 'PATCH',
      url: `/api/v1/cms/menu_items/${item.id}`,
      headers: { ...ed.headers, 'accept-language': 'en' },
      payload: { data: { type: 'menuItem', id: item.id, attributes: { title: 'News', position: 2 } } },
    });
    expectStatus(patched, 200);
    expect(patched.json().data.attributes).toMatchObject({ title: 'News', position: 2 });
    expect((await items()).data.find((d) => d.id === item.id)!.attributes.title).toBe('Nieuws');

    const deleted = await call(h.app, {
      method: 'DELETE',
      url: `/api/v1/cms/menu_items/${item.id}`,
      headers: ed.headers,
    });
    expectStatus(deleted, 204);
    expect((await items()).data.some((d) => d.id === item.id)).toBe(false);

    expect((await outboxEvents(h, 'content.menu_item.created', item.id)).map((e) => e.actor)).toEqual([
      ed.id,
    ]);
    expect(await outboxEvents(h, 'content.menu_item.updated', item.id)).toHaveLength(1);
    expect(await outboxEvents(h, 'content.menu_item.deleted', item.id)).toHaveLength(1);
    expect((await auditOf(h, item.id)).map((a) => [a.action, a.actor_id])).toEqual([
      ['menu_item.created', ed.id],
      ['menu_item.updated', ed.id],
      ['menu_item.deleted', ed.id],
    ]);
  });

  it('deleting a main item deletes its sub-items, each with its own event', async () => {
    const post = (attributes: Record<string, unknown>) =>
      call(h.app, {
        method: 'POST',
        url: '/api/v1/cms/menu_items',
        headers: ed.headers,
        payload: { data: { type: 'menuItem', attributes: { menu_id: mainId, ...attributes } } },
      });
    const parent = (await post({ link_type: 'system', system_page_id: 2, title: 'Aanmelden' })).json().data;
    const child = (
      await post({ link_type: 'content_page', path: 'contact', parent_id: parent.id, title: 'Hulp' })
    ).json().data;
    expect(child.attributes.path).toBe('contact');
    expectStatus(
      await call(h.app, {
        method: 'DELETE',
        url: `/api/v1/cms/menu_items/${parent.id}`,
        headers: ed.headers,
      }),
      204,
    );
    expect(await outboxEvents(h, 'content.menu_item.deleted', child.id)).toHaveLength(1);
    expect((await items()).meta.total).toBe(6);
  });

  it('enforces the menu rules of contracts with a localized invalid_menu_item error at the field', async () => {
    const subItem = (await items()).data.find((d) => d.attributes.parent_id !== null)!;
    const cases: [Record<string, unknown>, string][] = [
      [{ link_type: 'content_page', title: 'x' }, '/data/attributes/path'],
      [{ link_type: 'content_page', path: 'https://evil.example/', title: 'x' }, '/data/attributes/path'],
      [{ link_type: 'content_page', path: 'javascript:alert(1)', title: 'x' }, '/data/attributes/path'],
      [{ link_type: 'system', system_page_id: 99, title: 'x' }, '/data/attributes/system_page_id'],
      [
        { link_type: 'system', system_page_id: 1, parent_id: subItem.id, title: 'x' },
        '/data/attributes/parent_id',
      ],
      [
        { link_type: 'system', system_page_id: 1, parent_id: crypto.randomUUID(), title: 'x' },
        '/data/attributes/parent_id',
      ],
    ];
    for (const [attributes, pointer] of cases) {
      const res = await call(h.app, {
        method: 'POST',
        url: '/api/v1/cms/menu_items',
        headers: { ...ed.headers, 'accept-language': 'en' },
        payload: { data: { type: 'menuItem', attributes: { menu_id: mainId, ...attributes } } },
      });
      expectStatus(res, 422, 'invalid_menu_item');
      expect(res.json().errors[0].source.pointer, JSON.stringify(attributes)).toBe(pointer);
      expect(res.json().errors[0].title).toBe('Invalid menu item');
    }
    // A main item with sub-items cannot become a sub-item itself.
    const main = (await items()).data.find((d) => d.id === subItem.attributes.parent_id)!;
    const other = (await items()).data.find((d) => d.attributes.parent_id === null && d.id !== main.id)!;
    const res = await call(h.app, {
      method: 'PATCH',
      url: `/api/v1/cms/menu_items/${main.id}`,
      headers: ed.headers,
      payload: { data: { type: 'menuItem', attributes: { parent_id: other.id } } },
    });
    expectStatus(res, 422, 'invalid_menu_item');
    expect(res.json().errors[0].title).toBe('Ongeldig menu-item');
  });

  it('refuses another type than menuItem and unknown attributes', async () => {
    for (const payload of [
      {
        data: {
          type: 'menu_item',
          attributes: { menu_id: mainId, link_type: 'system', system_page_id: 1, title: 'x' },
        },
      },
      {
        data: {
          type: 'menuItem',
          attributes: { menu_id: mainId, link_type: 'system', system_page_id: 1, title: 'x', url: 'x' },
        },
      },
    ]) {
      const res = await call(h.app, {
        method: 'POST',
        url: '/api/v1/cms/menu_items',
        headers: ed.headers,
        payload,
      });
      expectStatus(res, 422);
    }
  });

  it('only content editors (admins of an approved VolunteerCenter) write; visitors 401, others 403', async () => {
    const payload = {
      data: {
        type: 'menuItem',
        attributes: { menu_id: mainId, link_type: 'system', system_page_id: 1, title: 'x' },
      },
    };
    const post = (headers: Record<string, string>) =>
      call(h.app, { method: 'POST', url: '/api/v1/cms/menu_items', headers, payload });
    expectStatus(await post(visitor), 401, 'unauthorized');
    const pendingCenter = await organization(h, 'VolunteerCenter', 'pending');
    const provider = await organization(h, 'Provider', 'approved');
    const school = await organization(h, 'School', 'approved');
    for (const user of [
      await userWith(h, 'admin', pendingCenter, 'VolunteerCenter'),
      await userWith(h, 'admin', provider, 'Provider'),
      await userWith(h, 'mentor', school, 'School'),
      // An approved School's admin edits no menus (issue #31 item 7: the site is the tenant's).
      await userWith(h, 'admin', school, 'School'),
    ]) {
      expectStatus(await post(user.headers), 403, 'forbidden');
    }
    const ok = await post(ed.headers);
    expectStatus(ok, 201);
    await call(h.app, {
      method: 'DELETE',
      url: `/api/v1/cms/menu_items/${ok.json().data.id}`,
      headers: ed.headers,
    });
  });
});

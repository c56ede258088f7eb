import { describe, expect, it } from 'vitest';
import {
  buildMainMenu,
  defaultMenuSource,
  isActiveSubItem,
  MAIN_MENU_SLUG,
  menuItemPath,
  normalizePath,
  type TCmsMenuItem,
} from './main-menu-model.ts';

const item = (over: Partial<TCmsMenuItem> & { id: string }): TCmsMenuItem => ({
  menuId: '1',
  parentId: null,
  linkType: 'content_page',
  path: `/${over.id}`,
  title: over.id,
  ...over,
});

const menus = [
  { id: '1', slug: MAIN_MENU_SLUG },
  { id: '2', slug: 'footer' },
];

describe('menuItemPath (spec §2 menu behaviour)', () => {
  it('uses a content page’s own path', () => {
    expect(menuItemPath({ linkType: 'content_page', path: '/over-ons' })).toBe('/over-ons');
    expect(menuItemPath({ linkType: 'content_page', path: 'voor-scholen' })).toBe('/voor-scholen');
  });

  it('uses the path of a system page, by number or id text', () => {
    expect(menuItemPath({ linkType: 'system', systemPageId: 1 })).toBe('/stagebank');
    expect(menuItemPath({ linkType: 'system', systemPageId: '3' })).toBe('/inloggen');
    expect(menuItemPath({ linkType: 'system', systemPageId: 2 })).toBe('/organizations/signup');
    expect(menuItemPath({ linkType: 'system', systemPageId: 4 })).toBe('/auth/recover');
    expect(menuItemPath({ linkType: 'system', systemPageId: 'vacancy-search' })).toBe('/stagebank');
  });

  it('falls back to "/"', () => {
    expect(menuItemPath({ linkType: 'system', systemPageId: 99 })).toBe('/');
    expect(menuItemPath({ linkType: 'system', systemPageId: null })).toBe('/');
    expect(menuItemPath({ linkType: 'content_page', path: '' })).toBe('/');
    expect(menuItemPath({ linkType: 'content_page', path: null })).toBe('/');
    expect(menuItemPath({ linkType: 'other', path: '/x' })).toBe('/');
    expect(menuItemPath({ linkType: 'content_page', path: 'javascript:alert(1)' })).toBe('/');
    expect(menuItemPath({ linkType: 'content_page', path: 'https://elders.test/x' })).toBe('/');
  });
});

describe('buildMainMenu', () => {
  const items = [
    item({ id: 'bank', linkType: 'system', systemPageId: 1, path: null, position: 1 }),
    item({ id: 'about', position: 2 }),
    item({ id: 'schools', parentId: 'about', position: 1 }),
    item({ id: 'orgs', parentId: 'about', position: 2 }),
    item({ id: 'deep', parentId: 'schools', position: 1 }),
    item({ id: 'contact', position: 3 }),
    item({ id: 'elsewhere', menuId: '2' }),
  ];

  it('takes the main menu’s parentless items as main items, in position order', () => {
    const menu = buildMainMenu(menus, items, '/');
    expect(menu.map((m) => m.id)).toEqual(['bank', 'about', 'contact']);
    expect(menu[0]!.path).toBe('/stagebank');
    expect(menu[1]!.children.map((c) => c.id)).toEqual(['schools', 'orgs']);
  });

  it('marks the active sub-item and its main item', () => {
    const menu = buildMainMenu(menus, items, '/orgs/');
    expect(menu[1]!.active).toBe(true);
    expect(menu[1]!.children.map((c) => c.active)).toEqual([false, true]);
    expect(menu[0]!.active).toBe(false);
  });

  it('does not make a grandchild an active sub-item (its parent is not a main item)', () => {
    const byId = new Map(items.map((i) => [i.id, i]));
    expect(isActiveSubItem(items[4]!, '/deep', byId)).toBe(false);
    expect(isActiveSubItem(items[2]!, '/schools', byId)).toBe(true);
    expect(isActiveSubItem(items[1]!, '/about', byId)).toBe(false);
  });

  it('marks a main item active on its own page', () => {
    expect(buildMainMenu(menus, items, '/stagebank')[0]!.active).toBe(true);
  });

  it('is empty without a main menu', () => {
    expect(buildMainMenu([{ id: '2', slug: 'footer' }], items, '/')).toEqual([]);
  });
});

describe('defaultMenuSource', () => {
  it('offers the seeded menu in both languages', () => {
    const nl = defaultMenuSource('nl');
    const menu = buildMainMenu(nl.menus, nl.items, '/voor-scholen');
    expect(menu.map((m) => m.title)).toEqual(['Stagebank', 'Over ons', 'Contact', 'Inloggen']);
    expect(menu[1]!.children.map((c) => [c.title, c.active])).toEqual([
      ['Voor scholen', true],
      ['Voor organisaties', false],
    ]);
    const en = defaultMenuSource('en');
    expect(buildMainMenu(en.menus, en.items, '/').map((m) => m.title)[0]).toBe('Internship bank');
  });
});

describe('normalizePath', () => {
  it('drops trailing slashes, query and hash', () => {
    expect(normalizePath('/a/')).toBe('/a');
    expect(normalizePath('/')).toBe('/');
    expect(normalizePath('/a?b=1#c')).toBe('/a');
  });
});

describe('menu constants', () => {
  it('asks for menu items in pages of 1000000 (spec §9)', async () => {
    const { MENU_ITEM_PAGE_SIZE } = await import('./main-menu-model.ts');
    const contracts = await import('@stageplein/contracts/jsonapi/jsonapi');
    expect(MENU_ITEM_PAGE_SIZE).toBe(1_000_000);
    expect(MENU_ITEM_PAGE_SIZE).toBe(contracts.MENU_ITEM_PAGE_SIZE);
  });

  it('leaves sign-in out for signed-in users', async () => {
    const { withoutSignIn } = await import('./main-menu-model.ts');
    const src = defaultMenuSource('nl');
    expect(withoutSignIn(buildMainMenu(src.menus, src.items, '/')).map((m) => m.path)).toEqual([
      '/stagebank',
      '/over-ons',
      '/contact',
    ]);
  });
});

import { describe, expect, it } from 'vitest';
import {
  buildMainMenu,
  isActiveSubItem,
  menuItemPath,
  menuItemProblems,
  type TCmsMenuItem,
  type TMenuItemCandidate,
} from './menu.ts';

const item = (over: Partial<TCmsMenuItem> & { id: string }): TCmsMenuItem => ({
  menuId: 'main-id',
  parentId: null,
  linkType: 'content_page',
  path: `/${over.id}`,
  title: over.id,
  ...over,
});

describe('spec §2: menu item paths', () => {
  it('a content page uses its own path', () => {
    expect(menuItemPath({ linkType: 'content_page', path: '/over-ons' })).toBe('/over-ons');
    expect(menuItemPath({ linkType: 'content_page', path: 'over-ons' })).toBe('/over-ons');
  });

  it('a system page resolves by id: 1 vacancy search, 2 organization signup, 3 login, 4 password recovery', () => {
    expect([1, 2, 3, 4, '3'].map((id) => menuItemPath({ linkType: 'system', systemPageId: id }))).toEqual([
      '/stagebank',
      '/organizations/signup',
      '/inloggen',
      '/auth/recover',
      '/inloggen',
    ]);
  });

  it('falls back to "/" for an unknown page, a missing path, another site or a bad protocol', () => {
    for (const i of [
      { linkType: 'system', systemPageId: 99 },
      { linkType: 'system', systemPageId: null },
      { linkType: 'content_page', path: '' },
      { linkType: 'content_page', path: 'https://evil.example/x' },
      { linkType: 'content_page', path: 'javascript:alert(1)' },
      { linkType: 'something', path: '/x' },
    ])
      expect(menuItemPath(i), JSON.stringify(i)).toBe('/');
  });
});

describe('spec §2: main items and the active sub-item', () => {
  const items = [
    item({ id: 'a', position: 1 }),
    item({ id: 'b', position: 0 }),
    item({ id: 'b1', parentId: 'b', path: '/voor-scholen' }),
    item({ id: 'b1x', parentId: 'b1', path: '/diep' }),
    item({ id: 'other', menuId: 'footer-id' }),
  ];
  const byId = new Map(items.map((i) => [i.id, i]));

  it('only items without a parent are main items, ordered by position, of the menu with slug main', () => {
    const menu = buildMainMenu(
      [
        { id: 'footer-id', slug: 'footer' },
        { id: 'main-id', slug: 'main' },
      ],
      items,
      '/',
    );
    expect(menu.map((e) => e.id)).toEqual(['b', 'a']);
    expect(menu[0]!.children.map((c) => c.id)).toEqual(['b1']);
  });

  it('an item is the active sub-item when its path is the current one and its parent a main item', () => {
    expect(isActiveSubItem(byId.get('b1')!, '/voor-scholen/', byId)).toBe(true);
    expect(isActiveSubItem(byId.get('b1')!, '/voor-organisaties', byId)).toBe(false);
    expect(isActiveSubItem(byId.get('a')!, '/a', byId)).toBe(false);
    expect(isActiveSubItem(byId.get('b1x')!, '/diep', byId)).toBe(false);
    const menu = buildMainMenu([{ id: 'main-id', slug: 'main' }], items, '/voor-scholen');
    expect(menu.find((e) => e.id === 'b')).toMatchObject({
      active: true,
      children: [{ id: 'b1', active: true }],
    });
  });

  it('without a menu with slug main there is no main menu', () => {
    expect(buildMainMenu([{ id: 'main-id', slug: 'footer' }], items, '/')).toEqual([]);
  });
});

describe('menu write rules', () => {
  const siblings = [
    { id: 'm1', menuId: 'main', parentId: null },
    { id: 'm2', menuId: 'main', parentId: 'm1' },
    { id: 'f1', menuId: 'footer', parentId: null },
  ];
  const candidate = (over: Partial<TMenuItemCandidate>): TMenuItemCandidate => ({
    menuId: 'main',
    parentId: null,
    linkType: 'content_page',
    path: '/over-ons',
    systemPageId: null,
    ...over,
  });
  const reasons = (over: Partial<TMenuItemCandidate>) =>
    menuItemProblems(candidate(over), siblings).map((p) => p.reason);

  it('accepts a main item and a sub-item of a main item', () => {
    expect(reasons({})).toEqual([]);
    expect(reasons({ parentId: 'm1' })).toEqual([]);
    expect(reasons({ linkType: 'system', path: null, systemPageId: 4 })).toEqual([]);
  });

  it('wants a usable link', () => {
    expect(reasons({ path: null })).toEqual(['path_required']);
    expect(reasons({ path: '//evil.example' })).toEqual(['path_not_internal']);
    expect(reasons({ linkType: 'system', systemPageId: 5 })).toEqual(['system_page_unknown']);
    expect(reasons({ linkType: 'system', systemPageId: null })).toEqual(['system_page_unknown']);
  });

  it('keeps two levels within one menu', () => {
    expect(reasons({ parentId: 'm2' })).toEqual(['parent_is_sub_item']);
    expect(reasons({ parentId: 'f1' })).toEqual(['parent_in_other_menu']);
    expect(reasons({ parentId: 'nope' })).toEqual(['parent_not_found']);
    expect(reasons({ id: 'm1', parentId: 'm1' })).toEqual(['parent_is_self', 'has_sub_items']);
    expect(reasons({ id: 'm1', parentId: 'f1' })).toContain('has_sub_items');
  });
});

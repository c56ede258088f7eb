import { DEFAULT_MAIN_MENU } from '@stageplein/contracts/content/default-menu';
import { resolveNavigationTarget } from '@stageplein/contracts/client/navigation';
import type { TLanguage } from '@stageplein/contracts/i18n/index';
import { HOME_PATH, systemPagePath } from '@stageplein/contracts/routes/route-manifest';

/** Spec §3 "Menu (CMS)". */
export interface TCmsMenu {
  id: string;
  slug: string;
}

/** Spec §3 "Menu item (CMS, type menuItem)", as the API client reads it (camelCase). */
export interface TCmsMenuItem {
  id: string;
  menuId: string | number | null;
  parentId: string | number | null;
  linkType: 'content_page' | 'system' | string;
  path?: string | null;
  systemPageId?: number | string | null;
  title: string;
  position?: number | null;
}

/** One rendered entry of the main menu. */
export interface TMenuEntry {
  id: string;
  title: string;
  path: string;
  /** This entry's page is shown, or (main items) one of its sub-items is the active sub-item. */
  active: boolean;
  children: TMenuEntry[];
}

/** Spec §2: the menu with slug `main` is the main menu. */
export const MAIN_MENU_SLUG = 'main';

const DEFAULT_MENU_ID = 'default-main';
const ORIGIN = 'https://menu.invalid';

const idOf = (v: string | number | null | undefined) =>
  v === null || v === undefined || v === '' ? null : String(v);

/**
 * Spec §2: a content page uses its own path, a system page the path of its id; anything unusable
 * falls back to "/". Links to other sites are not followed (spec §5: external navigation must be
 * explicitly allowed).
 */
export function menuItemPath(item: Pick<TCmsMenuItem, 'linkType' | 'path' | 'systemPageId'>): string {
  if (item.linkType === 'system') {
    const id = item.systemPageId;
    const numeric = typeof id === 'string' && /^\d+$/.test(id) ? Number(id) : id;
    return systemPagePath(numeric);
  }
  if (item.linkType === 'content_page' && item.path?.trim()) {
    const raw = item.path.trim();
    try {
      const target = resolveNavigationTarget(raw.startsWith('/') || raw.includes(':') ? raw : `/${raw}`, {
        origin: ORIGIN,
      });
      return target.kind === 'internal' ? target.path : HOME_PATH;
    } catch {
      return HOME_PATH;
    }
  }
  return HOME_PATH;
}

/** Path without a trailing slash (except "/"), for comparing with the location. */
export function normalizePath(path: string): string {
  const bare = path.split(/[?#]/, 1)[0] ?? '/';
  return bare.length > 1 ? bare.replace(/\/+$/, '') || '/' : '/';
}

/**
 * Spec §2: an item is the active sub-item when its path equals the current path and its parent is
 * a main item (an item without a parent).
 */
export function isActiveSubItem(
  item: TCmsMenuItem,
  pathname: string,
  itemsById: ReadonlyMap<string, TCmsMenuItem>,
): boolean {
  const parentId = idOf(item.parentId);
  if (!parentId) return false;
  const parent = itemsById.get(parentId);
  if (!parent || idOf(parent.parentId) !== null) return false;
  return normalizePath(menuItemPath(item)) === normalizePath(pathname);
}

const byPosition = (a: TCmsMenuItem, b: TCmsMenuItem) => (a.position ?? 0) - (b.position ?? 0);

/** The main menu's entries for a location: main items (no parent) with their sub-items. */
export function buildMainMenu(
  menus: readonly TCmsMenu[],
  items: readonly TCmsMenuItem[],
  pathname: string,
): TMenuEntry[] {
  const main = menus.find((m) => m.slug === MAIN_MENU_SLUG);
  if (!main) return [];
  const own = items.filter((i) => idOf(i.menuId) === String(main.id));
  const byId = new Map(own.map((i) => [String(i.id), i]));
  const current = normalizePath(pathname);
  const entry = (item: TCmsMenuItem, children: TMenuEntry[]): TMenuEntry => {
    const path = menuItemPath(item);
    return {
      id: String(item.id),
      title: item.title,
      path,
      active: normalizePath(path) === current || children.some((c) => c.active),
      children,
    };
  };
  // Stable sort keeps API order for equal positions.
  const sorted = [...own].sort(byPosition);
  return sorted
    .filter((i) => idOf(i.parentId) === null)
    .map((mainItem) => {
      const children = sorted
        .filter((i) => idOf(i.parentId) === String(mainItem.id))
        .map((sub) => ({ ...entry(sub, []), active: isActiveSubItem(sub, pathname, byId) }));
      return entry(mainItem, children);
    });
}

/** The seeded default menu (until the content service serves menus), in one language. */
export function defaultMenuSource(lang: TLanguage): { menus: TCmsMenu[]; items: TCmsMenuItem[] } {
  return {
    menus: [{ id: DEFAULT_MENU_ID, slug: MAIN_MENU_SLUG }],
    items: DEFAULT_MAIN_MENU.map((item, position) => ({
      id: item.id,
      menuId: DEFAULT_MENU_ID,
      parentId: item.parentId,
      linkType: item.linkType,
      path: item.path ?? null,
      systemPageId: item.systemPageId ?? null,
      title: item.title[lang],
      position,
    })),
  };
}

/** Spec §9: menu items are asked for in one page of this size (same as contracts' MENU_ITEM_PAGE_SIZE,
 * which lives in a module that brings zod, so it is not imported into the browser bundle). */
export const MENU_ITEM_PAGE_SIZE = 1_000_000;

/** Paths of the sign-in pages, left out of the menu for signed-in users. */
const SIGN_IN_PATHS = new Set(['/inloggen', '/auth/login-1']);

export function withoutSignIn(entries: readonly TMenuEntry[]): TMenuEntry[] {
  return entries
    .filter((e) => !SIGN_IN_PATHS.has(e.path))
    .map((e) => ({ ...e, children: e.children.filter((c) => !SIGN_IN_PATHS.has(c.path)) }));
}

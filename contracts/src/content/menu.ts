import { resolveNavigationTarget } from '../client/navigation.ts';
import { HOME_PATH, routeForSystemPage, systemPagePath } from '../routes/route-manifest.ts';

/**
 * The CMS menu rules of spec §2 ("Menu behaviour") as one pure model: the content service validates
 * writes with it and the portal builds its menu with it. No zod here: the portal's bundle imports it.
 */

/** Spec §3 "Menu (CMS)". */
export interface TCmsMenu {
  id: string;
  slug: string;
}

export const MENU_LINK_TYPES = ['content_page', 'system'] as const;
export type TMenuLinkType = (typeof MENU_LINK_TYPES)[number];

/** Spec §3 "Menu item (CMS, type menuItem)", as the API client reads it (camelCase). */
export interface TCmsMenuItem {
  id: string;
  menuId: string | number | null;
  parentId: string | number | null;
  linkType: TMenuLinkType | string;
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

const ORIGIN = 'https://menu.invalid';

const idOf = (v: string | number | null | undefined) =>
  v === null || v === undefined || v === '' ? null : String(v);

/** A content page's own path as an internal path, or undefined when it leaves the site or is unusable. */
export function internalPath(raw: string | null | undefined): string | undefined {
  const trimmed = raw?.trim();
  if (!trimmed) return undefined;
  try {
    const target = resolveNavigationTarget(
      trimmed.startsWith('/') || trimmed.includes(':') ? trimmed : `/${trimmed}`,
      { origin: ORIGIN },
    );
    return target.kind === 'internal' ? target.path : undefined;
  } catch {
    return undefined;
  }
}

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
  if (item.linkType === 'content_page') return internalPath(item.path) ?? HOME_PATH;
  return HOME_PATH;
}

/** Path without a trailing slash (except "/"), for comparing with the location. */
export function normalizePath(path: string): string {
  const bare = path.split(/[?#]/, 1)[0] ?? '/';
  return bare.length > 1 ? bare.replace(/\/+$/, '') || '/' : '/';
}

/** Spec §2: only items without a parent are main items. */
export const isMainItem = (item: Pick<TCmsMenuItem, 'parentId'>) => idOf(item.parentId) === null;

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
  if (!parent || !isMainItem(parent)) return false;
  return normalizePath(menuItemPath(item)) === normalizePath(pathname);
}

const byPosition = (a: TCmsMenuItem, b: TCmsMenuItem) => (a.position ?? 0) - (b.position ?? 0);

/** The main menu's entries for a location: main items (no parent) with their sub-items, by position. */
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
  return sorted.filter(isMainItem).map((mainItem) => {
    const children = sorted
      .filter((i) => idOf(i.parentId) === String(mainItem.id))
      .map((sub) => ({ ...entry(sub, []), active: isActiveSubItem(sub, pathname, byId) }));
    return entry(mainItem, children);
  });
}

/** Why a menu item may not be stored; `field` is its wire attribute (snake_case). */
export interface TMenuItemProblem {
  field: 'parent_id' | 'path' | 'system_page_id' | 'link_type';
  reason:
    | 'parent_not_found'
    | 'parent_in_other_menu'
    | 'parent_is_sub_item'
    | 'parent_is_self'
    | 'has_sub_items'
    | 'path_required'
    | 'path_not_internal'
    | 'system_page_unknown';
}

/** The item as it would be stored, and its menu's other items (for the parent rules). */
export interface TMenuItemCandidate {
  id?: string | null;
  menuId: string;
  parentId: string | null;
  linkType: TMenuLinkType;
  path: string | null;
  systemPageId: number | null;
}

/**
 * The write rules behind spec §2: an item links to something the menu can show — a content page by an
 * internal path, a system page by a known id (1–4) — so the fallback "/" stays a fallback; and the
 * menu has two levels, main items and their sub-items, so a parent is a main item of the same menu
 * (an item with sub-items cannot become one itself).
 */
export function menuItemProblems(
  item: TMenuItemCandidate,
  siblings: readonly Pick<TMenuItemCandidate, 'id' | 'menuId' | 'parentId'>[],
): TMenuItemProblem[] {
  const problems: TMenuItemProblem[] = [];
  if (item.linkType === 'content_page') {
    if (!item.path?.trim()) problems.push({ field: 'path', reason: 'path_required' });
    else if (!internalPath(item.path)) problems.push({ field: 'path', reason: 'path_not_internal' });
  } else if (item.systemPageId === null || !routeForSystemPage(item.systemPageId)) {
    problems.push({ field: 'system_page_id', reason: 'system_page_unknown' });
  }
  if (item.parentId !== null) {
    const parent = siblings.find((s) => String(s.id) === item.parentId);
    if (item.id && item.parentId === String(item.id))
      problems.push({ field: 'parent_id', reason: 'parent_is_self' });
    else if (!parent) problems.push({ field: 'parent_id', reason: 'parent_not_found' });
    else if (String(parent.menuId) !== item.menuId)
      problems.push({ field: 'parent_id', reason: 'parent_in_other_menu' });
    else if (!isMainItem(parent)) problems.push({ field: 'parent_id', reason: 'parent_is_sub_item' });
    if (item.id && siblings.some((s) => idOf(s.parentId) === String(item.id)))
      problems.push({ field: 'parent_id', reason: 'has_sub_items' });
  }
  return problems;
}

import { DEFAULT_MAIN_MENU } from '@stageplein/contracts/content/default-menu';
import {
  MAIN_MENU_SLUG,
  type TCmsMenu,
  type TCmsMenuItem,
  type TMenuEntry,
} from '@stageplein/contracts/content/menu';
import type { TLanguage } from '@stageplein/contracts/i18n/index';

/**
 * The portal's menu: the spec §2 menu rules are contracts' (content/menu.ts, the ones the content
 * service validates writes with); here only what the portal adds — the built-in default menu, the page
 * size it asks for, and leaving sign-in out for signed-in users.
 */
export {
  buildMainMenu,
  isActiveSubItem,
  MAIN_MENU_SLUG,
  menuItemPath,
  normalizePath,
  type TCmsMenu,
  type TCmsMenuItem,
  type TMenuEntry,
} from '@stageplein/contracts/content/menu';

const DEFAULT_MENU_ID = 'default-main';

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

import type { TContentLocale, TMenuItemResource, TMenuResource } from '@stageplein/contracts/content/content';
import type { TResource } from '@stageplein/contracts/jsonapi/jsonapi';
import { wantsMainMenu, type TMainMenu, type TMenuRow, type TShownMenuItem } from './menus.repository.ts';

/** A menu; with `items`, its `items` relationship in menu order. */
export const menuResource = (
  m: Pick<TMenuRow, 'id' | 'slug'>,
  items?: readonly TShownMenuItem[],
): TMenuResource => ({
  type: 'menu',
  id: m.id,
  attributes: { slug: m.slug },
  ...(items && {
    relationships: { items: { data: items.map((i) => ({ type: 'menuItem', id: i.id })) } },
  }),
});

/** The title in `lang`, else nl, else whatever language it has. */
export const localized = (texts: Partial<Record<TContentLocale, string>>, lang: TContentLocale) =>
  texts[lang] ?? texts.nl ?? Object.values(texts)[0] ?? '';

export const menuItemResource = (i: TShownMenuItem, lang: TContentLocale): TMenuItemResource => ({
  type: 'menuItem',
  id: i.id,
  attributes: {
    menu_id: i.menu_id,
    parent_id: i.parent_id,
    link_type: i.link_type,
    path: i.path,
    system_page_id: i.system_page_id,
    title: localized(i.title, lang),
    position: i.position,
  },
});

/**
 * What `include=main_menu[.items]` adds to pages and news (contracts' MAIN_MENU_INCLUDES): the
 * relationship each of the `shown` resources gets and the resources to include; nothing when it was
 * not asked, and nothing to include without a resource to link it (JSON:API full linkage).
 */
export function mainMenuInclusion(
  include: readonly string[],
  main: TMainMenu | null | undefined,
  lang: TContentLocale,
  shown: number,
): { relationships?: { main_menu: { data: { type: 'menu'; id: string } | null } }; included: TResource[] } {
  if (!wantsMainMenu(include)) return { included: [] };
  const relationships = { main_menu: { data: main ? { type: 'menu' as const, id: main.menu.id } : null } };
  if (!main || shown === 0) return { relationships, included: [] };
  const withItems = include.includes('main_menu.items');
  return {
    relationships,
    included: withItems
      ? [menuResource(main.menu, main.items), ...main.items.map((i) => menuItemResource(i, lang))]
      : [menuResource(main.menu)],
  };
}

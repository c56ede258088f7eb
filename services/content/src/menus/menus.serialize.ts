import type { TContentLocale, TMenuItemResource, TMenuResource } from '@stageplein/contracts/content/content';
import type { TMenuItemRow, TMenuRow } from './menus.repository.ts';

export const menuResource = (m: TMenuRow): TMenuResource => ({
  type: 'menu',
  id: m.id,
  attributes: { slug: m.slug },
});

/** The title in `lang`, else nl, else whatever language it has. */
export const localized = (texts: Partial<Record<TContentLocale, string>>, lang: TContentLocale) =>
  texts[lang] ?? texts.nl ?? Object.values(texts)[0] ?? '';

export const menuItemResource = (i: TMenuItemRow, lang: TContentLocale): TMenuItemResource => ({
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
